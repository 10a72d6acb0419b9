export const UPDATE_CHECK_INTERVAL_MS = 5000;

/**
 * The build manifest Next 16 writes for each build, at .next/static/<buildId>/_buildManifest.js.
 * A new build removes the old build's folder, so the old address answering 404 means the running
 * page is from a build the server no longer has.
 */
export const buildManifestUrl = (buildId: string) => `/_next/static/${encodeURIComponent(buildId)}/_buildManifest.js`;

type Request = Pick<XMLHttpRequest, "open" | "setRequestHeader" | "send" | "status">;

/** The spec's check: a synchronous HEAD request, with caches told not to answer it. True when the manifest is gone (404). */
export function isBuildStale(buildId: string, createRequest: () => Request = () => new XMLHttpRequest()): boolean {
  try {
    const xhr = createRequest();
    xhr.open("HEAD", buildManifestUrl(buildId), false);
    xhr.setRequestHeader("Cache-Control", "no-cache, no-store, max-age=0");
    xhr.setRequestHeader("Pragma", "no-cache");
    xhr.send();
    return xhr.status === 404;
  } catch {
    // Offline or the server is restarting: no verdict, the next check will tell.
    return false;
  }
}
