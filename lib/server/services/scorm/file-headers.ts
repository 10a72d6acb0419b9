import "server-only";
import path from "node:path/posix";
import type { ServerEnv } from "@/lib/env";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".htm": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".xsd": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".eot": "application/vnd.ms-fontobject",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".wav": "audio/wav",
  ".ogg": "audio/ogg",
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".vtt": "text/vtt; charset=utf-8",
  ".pdf": "application/pdf",
  ".swf": "application/x-shockwave-flash",
  ".wasm": "application/wasm",
};

/** A package file's type by its extension; anything unknown is bytes to download, never sniffed. */
export const scormContentType = (filePath: string) => contentTypes[path.extname(filePath).toLowerCase()] ?? "application/octet-stream";

/**
 * The Content-Security-Policy of a package's files. `sandbox` gives every document the package
 * opens an opaque origin (no cookies, no storage of the app, no same-origin calls to the API),
 * whether or not the learning page's iframe says so; allow-same-origin is added only on a separate
 * SCORM_CONTENT_ORIGIN, where the package's own origin holds nothing of the app's. Every fetch is
 * kept to the launch's own folder, so a script cannot reach the rest of the API even anonymously.
 */
export function contentSecurityPolicy(env: Pick<ServerEnv, "SCORM_CONTENT_ORIGIN">, folder: string): string {
  const sandbox = ["sandbox", "allow-scripts", "allow-forms", "allow-popups", "allow-modals", ...(env.SCORM_CONTENT_ORIGIN ? ["allow-same-origin"] : [])];
  const own = `${folder} 'unsafe-inline' 'unsafe-eval' data: blob:`;
  return [sandbox.join(" "), `default-src ${own}`, `connect-src ${folder}`, "object-src 'none'", "base-uri 'none'", "form-action 'none'"].join("; ");
}

/** The headers of a package's file. */
export function scormFileHeaders(env: Pick<ServerEnv, "SCORM_CONTENT_ORIGIN">, folder: string, filePath: string): Record<string, string> {
  return {
    "Content-Type": scormContentType(filePath),
    "Content-Security-Policy": contentSecurityPolicy(env, folder),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": env.SCORM_CONTENT_ORIGIN ? "cross-origin" : "same-origin",
    // A launch's addresses name one package, whose files never change.
    "Cache-Control": "private, max-age=3600",
  };
}
