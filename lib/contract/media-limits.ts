// What the studio accepts as an upload, by kind: the file name's extension and the largest size.
// Read by the server (the tus endpoint refuses anything else) and by the browser (the upload
// component says so before sending a byte). Pure data: shared by both sides.

export const MEDIA_KINDS = ["video", "captions", "document", "image"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const MB = 1024 * 1024;

export interface MediaLimit {
  /** Extensions accepted, lower case, without the dot. */
  extensions: readonly string[];
  maxBytes: number;
  /** The limit in words, for refusals and the upload component's hint. */
  label: string;
}

export const MEDIA_LIMITS: Record<MediaKind, MediaLimit> = {
  video: { extensions: ["mp4", "webm", "mov"], maxBytes: 2048 * MB, label: "MP4, WebM or MOV, up to 2 GB" },
  captions: { extensions: ["vtt"], maxBytes: 1 * MB, label: "WebVTT (.vtt), up to 1 MB" },
  document: { extensions: ["pdf", "docx"], maxBytes: 20 * MB, label: "PDF or DOCX, up to 20 MB" },
  image: { extensions: ["png", "jpg", "jpeg", "webp"], maxBytes: 5 * MB, label: "PNG, JPEG or WebP, up to 5 MB" },
};

/** The extension of a file name, lower case, without the dot ("" when it has none). */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : "";
}

/** A file size in words ("1.5 MB"), as the refusals say it. */
export const sizeInWords = (bytes: number) => (bytes >= 1024 * MB ? `${(bytes / (1024 * MB)).toFixed(1)} GB` : bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

export type MediaRefusal = { reason: "kind" | "name" | "type" | "length" | "empty" | "size"; message: string };

/** Why a file may not be uploaded as this kind, in words for the author; null when it may. */
export function mediaRefusal(kind: string, fileName: string, size: number | undefined): MediaRefusal | null {
  if (!(MEDIA_KINDS as readonly string[]).includes(kind)) return { reason: "kind", message: `kind must be one of ${MEDIA_KINDS.join(", ")} (got "${kind}").` };
  const limit = MEDIA_LIMITS[kind as MediaKind];
  const what = kind === "captions" ? "captions" : kind === "image" ? "an image" : `a ${kind}`;
  const ext = extensionOf(fileName);
  if (!fileName.trim()) return { reason: "name", message: "The upload has no file name: send it in the filename metadata." };
  if (!limit.extensions.includes(ext)) {
    return { reason: "type", message: `"${fileName}" is not accepted as ${what}: ${ext ? `.${ext} files are` : "a file without an extension is"} not allowed (allowed: ${limit.label}).` };
  }
  if (size === undefined) return { reason: "length", message: "The upload must say its size (Upload-Length); deferred lengths are not accepted." };
  if (size === 0) return { reason: "empty", message: `"${fileName}" is empty.` };
  if (size > limit.maxBytes) return { reason: "size", message: `"${fileName}" is ${sizeInWords(size)}, larger than the limit for ${what} (${limit.label}).` };
  return null;
}
