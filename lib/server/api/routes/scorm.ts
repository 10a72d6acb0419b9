import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/scorm";
import { bridgedPage, commitScormItem, openScormItem, packageFileKey, packageOfLaunch, scormFileHeaders } from "../../services/scorm";
import { fileStoreFromEnv } from "../../storage/file-store";
import { relativeStoragePath } from "../../storage/local-files";
import { ApiError, notFound } from "../../errors";
import { route, type ApiEnv } from "../route";

/** The runtime's calls, at their full paths. */
export const scormCallsRouter = new Hono<ApiEnv>();

// POST /scorm/item/open: a launch of a SCORM item, and the CMI data saved so far
route(scormCallsRouter, calls.openScormItem, ({ deps, user, body }) => openScormItem(deps, user, body));

// POST /scorm/item/commit: saves what the package set, once (Idempotency-Key, sequence)
route(scormCallsRouter, calls.commitScormItem, ({ deps, user, body, idempotencyKey }) => commitScormItem(deps, user, { ...body, idempotencyKey }));

/** The largest page of a package that gets the SCORM API bridge injected (a bigger one is served as it is). */
const MAX_BRIDGED_PAGE_BYTES = 8 * 1024 * 1024;

/** The package files of a launch, mounted at /scorm. */
export const scormRouter = new Hono<ApiEnv>();

// GET /scorm/launch/{token}/{path}: a file of the package a launch opened, under the package's Content-Security-Policy (HEAD too)
scormRouter.on(["GET", "HEAD"], "/launch/:token/*", async (c) => {
  const deps = c.get("deps");
  const token = c.req.param("token");
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(`/launch/${token}/`);
  const relative = relativeStoragePath(pathname.slice(at + `/launch/${token}/`.length).split("/"));
  if (!relative) throw new ApiError(400, "bad_request", "This is not a valid file address.");
  const { sha256, userId, itemId } = await packageOfLaunch(deps, token);
  const key = packageFileKey(sha256, relative);
  if (!key) throw notFound("File not found.");
  const file = await fileStoreFromEnv(deps.env).get(key);
  if (!file) throw notFound("The package holds no such file.");
  const folder = `${deps.env.SCORM_CONTENT_ORIGIN?.replace(/\/$/, "") ?? new URL(c.req.url).origin}${pathname.slice(0, at)}/launch/${token}/`;
  const fileHeaders = scormFileHeaders(deps.env, folder, relative);
  // A page of the package gets the SCORM API bridge (scorm-bridge.ts), seeded with the learner's saved CMI data.
  if (fileHeaders["Content-Type"]?.startsWith("text/html") && file.size <= MAX_BRIDGED_PAGE_BYTES) {
    const bytes = new TextEncoder().encode(await bridgedPage(deps, { userId, itemId }, await new Response(file.stream()).text()));
    const pageHeaders = { ...fileHeaders, "Content-Length": String(bytes.byteLength) };
    return c.req.method === "HEAD" ? c.body(null, 200, pageHeaders) : c.body(bytes, 200, pageHeaders);
  }
  const headers = { ...fileHeaders, "Content-Length": String(file.size) };
  if (c.req.method === "HEAD" || file.size === 0) {
    await file.stream().cancel();
    return c.body(null, 200, headers);
  }
  return c.body(file.stream(), 200, headers);
});
