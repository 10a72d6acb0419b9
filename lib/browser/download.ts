// Files a page fetches with the session (a CSV template, a zip of data) and hands to the browser to save.

/** Hands a file the page fetched to the browser as a download under `name`. */
export function saveDownload(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
export const attachmentName = (headers: Headers, fallback: string) => /filename="([^"]+)"/.exec(headers.get("content-disposition") ?? "")?.[1] ?? fallback;
