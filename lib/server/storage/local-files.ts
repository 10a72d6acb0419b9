import "server-only";
import { promises as fs } from "node:fs";
import path from "node:path";

/** The folder uploaded files live in: UPLOAD_DIR, else ./storage. */
export const storageRoot = (uploadDir: string | undefined) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), uploadDir ?? "storage");

const contentTypes: Record<string, string> = {
  ".mp4": "video/mp4",
  ".m4v": "video/mp4",
  ".webm": "video/webm",
  ".mov": "video/quicktime",
  ".mp3": "audio/mpeg",
  ".m4a": "audio/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".m3u8": "application/vnd.apple.mpegurl",
  ".ts": "video/mp2t",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".srt": "application/x-subrip; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
};

export const contentTypeOf = (file: string) => contentTypes[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/**
 * The relative path named by the segments after /api/files/, or null when it is not a plain path
 * under the root (empty, "." or ".." segments, back-slashes, NUL, bad percent-encoding).
 */
export function relativeStoragePath(encodedSegments: string[]): string | null {
  const parts: string[] = [];
  for (const raw of encodedSegments) {
    let part: string;
    try {
      part = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (!part || part === "." || part === ".." || /[\\/\0]/.test(part)) return null;
    parts.push(part);
  }
  return parts.length ? parts.join("/") : null;
}

/** The file's absolute path and size, when it exists as a regular file inside the root (symbolic links included). */
export async function locateStoredFile(root: string, relative: string): Promise<{ file: string; size: number; mtime: Date } | null> {
  const target = path.resolve(root, relative);
  if (!target.startsWith(root + path.sep)) return null;
  try {
    const [realRoot, realTarget] = await Promise.all([fs.realpath(root), fs.realpath(target)]);
    if (!realTarget.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(realTarget);
    if (!stat.isFile()) return null;
    return { file: realTarget, size: stat.size, mtime: stat.mtime };
  } catch {
    return null;
  }
}

export type RangeRequest = { kind: "whole" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

/**
 * Reads a Range header (RFC 9110) for a file of the given size. One byte range is served as a part;
 * a header for several ranges is answered with the whole file; a range that is malformed or lies
 * outside the file cannot be satisfied (416).
 */
export function parseRange(header: string | undefined | null, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: "whole" };
  const spec = match[1]!.trim();
  if (spec.includes(",")) return { kind: "whole" };
  const m = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!m || (m[1] === "" && m[2] === "")) return { kind: "unsatisfiable" };
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "part", start, end };
}
