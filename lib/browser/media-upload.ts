import { Upload, type DetailedError } from "tus-js-client";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import { mediaRefusal, type MediaKind, type MediaRefusal } from "@/lib/contract/media-limits";
import { publicEnv } from "@/lib/public-env";
import { getSessionToken } from "@/lib/browser/session-cookie";

/**
 * Why an upload stopped: the browser's own check of the file (the page says it in its language), the
 * connection lost for good, an answer that could not be read, or the server's refusal in its words.
 */
export type MediaUploadFailure = { reason: "file"; refusal: MediaRefusal } | { reason: "lost" } | { reason: "unreadable" } | { reason: "server"; message: string };

export interface MediaUploadHandlers {
  onProgress: (sent: number, total: number) => void;
  onDone: (media: StudioMedia) => void;
  onError: (failure: MediaUploadFailure) => void;
}

export interface MediaUploadHandle {
  /** Stops sending; what arrived stays on the server, and starting the same file again goes on from there. */
  pause: () => void;
  resume: () => void;
}

/** The message of an API error body, else the error's own; a connection lost for good has no message. */
function failureOf(err: Error | DetailedError): MediaUploadFailure {
  const body = "originalResponse" in err ? err.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: string };
      if (parsed.message) return { reason: "server", message: parsed.message };
    } catch {
      // not JSON: fall through
    }
  }
  return "originalResponse" in err && !err.originalResponse ? { reason: "lost" } : { reason: "server", message: err.message };
}

/**
 * Uploads a file to the studio over tus (/api/studio/uploads): in 8 MB chunks, retried after a
 * dropped connection, and resumed where it stopped when the same file is chosen again (tus-js-client
 * remembers it in local storage). Refuses a file the server would refuse before sending a byte.
 */
export function startMediaUpload(file: File, kind: MediaKind, handlers: MediaUploadHandlers): MediaUploadHandle | null {
  const refusal = mediaRefusal(kind, file.name, file.size);
  if (refusal) {
    handlers.onError({ reason: "file", refusal });
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
    onError: (err) => handlers.onError(failureOf(err)),
    onSuccess: ({ lastResponse }) => {
      try {
        handlers.onDone(JSON.parse(lastResponse.getBody()) as StudioMedia);
      } catch {
        handlers.onError({ reason: "unreadable" });
      }
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return { pause: () => void upload.abort(), resume: () => upload.start() };
}
