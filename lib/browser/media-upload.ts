import { Upload, type DetailedError } from "tus-js-client";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import { mediaRefusal, type MediaKind } from "@/lib/contract/media-limits";
import { publicEnv } from "@/lib/public-env";
import { getSessionToken } from "@/lib/browser/session-cookie";

export interface MediaUploadHandlers {
  onProgress: (sent: number, total: number) => void;
  onDone: (media: StudioMedia) => void;
  /** The server's or the browser's reason, in words for the author. */
  onError: (message: string) => void;
}

export interface MediaUploadHandle {
  /** Stops sending; what arrived stays on the server, and starting the same file again goes on from there. */
  pause: () => void;
  resume: () => void;
}

/** The message of an API error body, else the error's own. */
function messageOf(err: Error | DetailedError): string {
  const body = "originalResponse" in err ? err.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return parsed.message;
    } catch {
      // not JSON: fall through
    }
  }
  return "originalResponse" in err && !err.originalResponse ? "The connection was lost and the upload could not go on. Try again: it resumes where it stopped." : err.message;
}

/**
 * Uploads a file to the studio over tus (/api/studio/uploads): in 8 MB chunks, retried after a
 * dropped connection, and resumed where it stopped when the same file is chosen again (tus-js-client
 * remembers it in local storage). Refuses a file the server would refuse before sending a byte.
 */
export function startMediaUpload(file: File, kind: MediaKind, handlers: MediaUploadHandlers): MediaUploadHandle | null {
  const refusal = mediaRefusal(kind, file.name, file.size);
  if (refusal) {
    handlers.onError(refusal.message);
    return null;
  }
  const upload = new Upload(file, {
    endpoint: `${publicEnv.apiBaseUrl.replace(/\/+$/, "")}/studio/uploads`,
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type, kind },
    onBeforeRequest: (req) => {
      const token = getSessionToken();
      if (token) req.setHeader("Authorization", `Bearer ${token}`);
    },
    // A refusal (4xx) is final; a dropped connection or a server error is tried again.
    onShouldRetry: (err) => {
      const status = err.originalResponse?.getStatus() ?? 0;
      return status === 0 || status >= 500 || status === 409 || status === 423;
    },
    onProgress: handlers.onProgress,
    onError: (err) => handlers.onError(messageOf(err)),
    onSuccess: ({ lastResponse }) => {
      try {
        handlers.onDone(JSON.parse(lastResponse.getBody()) as StudioMedia);
      } catch {
        handlers.onError("The upload finished, but the server's answer could not be read. Reload the page to see the file.");
      }
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return { pause: () => void upload.abort(), resume: () => upload.start() };
}
