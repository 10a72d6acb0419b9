import "server-only";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { sessionCookieName } from "@/lib/session-cookie";
import { readEssayUpload } from "../../services/challenges";
import { authorizeStoredFile } from "../../services/learning";
import { fileStoreFromEnv } from "../../storage/file-store";
import { contentTypeOf, locateStoredFile, parseRange, relativeStoragePath, storageRoot } from "../../storage/local-files";
import { ApiError, notFound } from "../../errors";
import { attachmentDisposition, type ApiEnv } from "../route";

export const filesRouter = new Hono<ApiEnv>();

/** The session token of a file request: the Authorization header, else the session cookie (a download link sends no header). */
function sessionToken(c: Context<ApiEnv>): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return bearer ?? getCookie(c, sessionCookieName(c.get("deps").env.APP_ENV));
}

// GET /files/essays/{id}: an essay attachment, to its author and to graders and admins, always as a download
filesRouter.on(["GET", "HEAD"], "/essays/:id", async (c) => {
  const { upload, file } = await readEssayUpload(c.get("deps"), c.req.param("id"), sessionToken(c));
  const headers = {
    "Content-Type": upload.contentType,
    "Content-Disposition": attachmentDisposition(upload.originalName),
    "Content-Length": String(file.size),
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  };
  if (c.req.method === "HEAD" || file.size === 0) {
    await file.stream().cancel();
    return c.body(null, 200, headers);
  }
  return c.body(file.stream(), 200, headers);
});

// GET /files/*: an uploaded file under the storage root, with HTTP range requests (HEAD too)
filesRouter.on(["GET", "HEAD"], "/*", async (c) => {
  const deps = c.get("deps");
  const encoded = new URL(c.req.url).pathname.replace(/^.*?\/files\//, "").split("/");
  const relative = relativeStoragePath(encoded);
  if (!relative) throw new ApiError(400, "bad_request", "This is not a valid file address.");
  // Essay attachments are served only by the route above, with its checks.
  const top = relative.split("/")[0];
  if (top === "essays" || top === ".incoming") throw notFound("File not found.");
  // Studio uploads live in the file store: the S3 bucket when one is configured, so every process serves them.
  if (top === "media") return serveFromStore(c, relative);
  const found = await locateStoredFile(storageRoot(deps.env.UPLOAD_DIR), relative);
  if (!found) throw notFound("File not found.");

  await authorizeStoredFile(deps, relative, sessionToken(c));

  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(found.file),
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    "Last-Modified": found.mtime.toUTCString(),
    ETag: `W/"${found.size.toString(16)}-${Math.floor(found.mtime.getTime()).toString(16)}"`,
  };
  const range = parseRange(c.req.header("range"), found.size);
  if (range.kind === "unsatisfiable") {
    return c.body(null, 416, { ...headers, "Content-Range": `bytes */${found.size}` });
  }
  const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, found.size - 1];
  const length = found.size === 0 ? 0 : end - start + 1;
  headers["Content-Length"] = String(length);
  if (range.kind === "part") headers["Content-Range"] = `bytes ${start}-${end}/${found.size}`;
  const status = range.kind === "part" ? 206 : 200;
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status, headers);
  const stream = Readable.toWeb(createReadStream(found.file, { start, end })) as ReadableStream<Uint8Array>;
  return c.body(stream, status, headers);
});

/** A file of the file store (local folder or S3 bucket), with HTTP range requests, to whoever may see it. */
async function serveFromStore(c: Context<ApiEnv>, key: string) {
  const deps = c.get("deps");
  const store = fileStoreFromEnv(deps.env);
  let size: number | null;
  try {
    size = await store.size(key);
  } catch {
    throw notFound("File not found.");
  }
  if (size === null) throw notFound("File not found.");
  await authorizeStoredFile(deps, key, sessionToken(c));
  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(key),
    "Accept-Ranges": "bytes",
    // A studio upload's key never changes content (a new upload is a new id).
    "Cache-Control": "private, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  };
  const range = parseRange(c.req.header("range"), size);
  if (range.kind === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
  const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, size - 1];
  const length = size === 0 ? 0 : end - start + 1;
  headers["Content-Length"] = String(length);
  if (range.kind === "part") headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  const status = range.kind === "part" ? 206 : 200;
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status, headers);
  const part = await store.getRange(key, start, end);
  if (!part) throw notFound("File not found.");
  return c.body(part.stream(), status, headers);
}
