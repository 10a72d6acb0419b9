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
export function contentSecurityPolicy(env: Pick<ServerEnv, "SCORM_CONTENT_ORIGIN" | "NEXT_PUBLIC_SITE_URL">, folder: string): string {
  const sandbox = ["sandbox", "allow-scripts", "allow-forms", "allow-popups", "allow-modals", ...(env.SCORM_CONTENT_ORIGIN ? ["allow-same-origin"] : [])];
  const own = `${folder} 'unsafe-inline' 'unsafe-eval' data: blob:`;
  return [sandbox.join(" "), `default-src ${own}`, `connect-src ${folder}`, "object-src 'none'", "base-uri 'none'", "form-action 'none'", `frame-ancestors ${framingOrigin(env, folder)}`].join("; ");
}

/**
 * The one origin that may frame a package's pages: the learning page's. The app's own origin (the
 * launch folder's) when the package is served from it, else NEXT_PUBLIC_SITE_URL's.
 */
function framingOrigin(env: Pick<ServerEnv, "SCORM_CONTENT_ORIGIN" | "NEXT_PUBLIC_SITE_URL">, folder: string): string {
  try {
    return new URL(env.SCORM_CONTENT_ORIGIN ? (env.NEXT_PUBLIC_SITE_URL ?? "") : folder).origin;
  } catch {
    return "'self'";
  }
}

/** The headers of a package's file. */
export function scormFileHeaders(env: Pick<ServerEnv, "SCORM_CONTENT_ORIGIN" | "NEXT_PUBLIC_SITE_URL">, folder: string, filePath: string): Record<string, string> {
  return {
    // The learning page frames the package: same origin here (CSP frame-ancestors, which browsers
    // prefer, names the learning page's origin also when the files come from SCORM_CONTENT_ORIGIN).
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Type": scormContentType(filePath),
    "Content-Security-Policy": contentSecurityPolicy(env, folder),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    // The package's own pages have an opaque origin (sandbox), so even their scripts and images count as
    // cross-origin loads: same-origin here would block every file but the page. The token guards them.
    "Cross-Origin-Resource-Policy": "cross-origin",
    // A launch's addresses name one package, whose files never change.
    "Cache-Control": "private, max-age=3600",
  };
}
