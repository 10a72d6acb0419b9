/**
 * Loads YouTube's iframe API before the player is shown. The player's own loader caches a failed
 * load for the life of the page and leaves its rejection unhandled; loaded here first, a failure
 * (YouTube blocked, offline) is a rejected promise the page can show and retry, and the player
 * finds `window.YT` ready and never loads the script itself.
 */
export const YOUTUBE_API_URL = "https://www.youtube.com/iframe_api";
/** Past this the API counts as not loading: a blocked host may swallow the request instead of refusing it. */
export const YOUTUBE_API_TIMEOUT_MS = 15_000;

interface YouTubeWindow {
  YT?: { Player?: unknown };
  onYouTubeIframeAPIReady?: () => void;
}

let pending: Promise<void> | null = null;

export function loadYouTubeApi(timeoutMs = YOUTUBE_API_TIMEOUT_MS): Promise<void> {
  const w = window as unknown as YouTubeWindow;
  if (w.YT?.Player) return Promise.resolve();
  if (pending) return pending;
  pending = new Promise<void>((resolve, reject) => {
    document.querySelector(`script[src="${YOUTUBE_API_URL}"]`)?.remove();
    const script = document.createElement("script");
    script.src = YOUTUBE_API_URL;
    script.async = true;
    const fail = (message: string) => {
      window.clearTimeout(timer);
      pending = null;
      reject(new Error(message));
    };
    const timer = window.setTimeout(() => fail(`YouTube's player did not load within ${timeoutMs / 1000} s`), timeoutMs);
    // The API calls this once its player code has loaded too.
    w.onYouTubeIframeAPIReady = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => fail("YouTube's player could not be loaded");
    document.head.append(script);
  });
  return pending;
}
