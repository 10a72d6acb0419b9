import "server-only";
import { Hono } from "hono";
import { packageFileKey, packageOfLaunch, scormFileHeaders } from "../../services/scorm";
import { fileStoreFromEnv } from "../../storage/file-store";
import { relativeStoragePath } from "../../storage/local-files";
import { ApiError, notFound } from "../../errors";
import type { ApiEnv } from "../route";

export const scormRouter = new Hono<ApiEnv>();

// GET /scorm/launch/{token}/{path}: a file of the package a launch opened, under the package's Content-Security-Policy (HEAD too)
scormRouter.on(["GET", "HEAD"], "/launch/:token/*", async (c) => {
  const deps = c.get("deps");
  const token = c.req.param("token");
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(`/launch/${token}/`);
  const relative = relativeStoragePath(pathname.slice(at + `/launch/${token}/`.length).split("/"));
  if (!relative) throw new ApiError(400, "bad_request", "This is not a valid file address.");
  const { sha256 } = await packageOfLaunch(deps, token);
  const key = packageFileKey(sha256, relative);
  if (!key) throw notFound("File not found.");
  const file = await fileStoreFromEnv(deps.env).get(key);
  if (!file) throw notFound("The package holds no such file.");
  const folder = `${deps.env.SCORM_CONTENT_ORIGIN?.replace(/\/$/, "") ?? new URL(c.req.url).origin}${pathname.slice(0, at)}/launch/${token}/`;
  const headers = { ...scormFileHeaders(deps.env, folder, relative), "Content-Length": String(file.size) };
  if (c.req.method === "HEAD" || file.size === 0) {
    await file.stream().cancel();
    return c.body(null, 200, headers);
  }
  return c.body(file.stream(), 200, headers);
});
