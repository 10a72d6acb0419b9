import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Server as TusServer, type Upload } from "@tus/server";
import { FileStore as TusFileStore } from "@tus/file-store";
import { Hono, type Context } from "hono";
import * as calls from "@/lib/contract/calls/studio-media";
import { MEDIA_LIMITS } from "@/lib/contract/media-limits";
import { authorizeSession } from "../../authorize";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { checkUploadRequest, getMedia, receiveUpload } from "../../services/studio-media";
import { storageRoot } from "../../storage/local-files";
import { errorBody } from "../error-handler";
import { route, type ApiEnv } from "../route";

export const studioMediaRouter = new Hono<ApiEnv>();

/** Where the tus endpoint answers: creation (POST) here, each upload at UPLOADS_PATH/{id}. */
export const UPLOADS_PATH = "/api/studio/uploads";

const LARGEST = Math.max(...Object.values(MEDIA_LIMITS).map((l) => l.maxBytes));

/** A refusal as the tus server sends it: the API's error body, so clients read one shape everywhere. */
const tusRefusal = (err: unknown) => {
  const e = err instanceof ApiError ? err : new ApiError(400, "bad_request", err instanceof Error ? err.message : String(err));
  return { status_code: e.status, body: JSON.stringify(errorBody(e.status, e.message, e.code)) };
};

/** Who sent each upload request, once the route has checked the session (the tus hooks get the same Request). */
const senders = new WeakMap<Request, string>();

/**
 * The tus server of one set of dependencies: parts are assembled in {UPLOAD_DIR}/.incoming (a folder
 * every process of one machine shares, so a resumed upload may land on another process); a finished
 * upload is checked and moved to the file store (receiveUpload).
 */
function tusServerFor(deps: Deps): TusServer {
  const directory = path.join(storageRoot(deps.env.UPLOAD_DIR), ".incoming");
  const datastore = new TusFileStore({ directory, expirationPeriodInMilliseconds: 7 * 24 * 3600_000 });
  return new TusServer({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: LARGEST,
    namingFunction: () => randomUUID(),
    async onUploadCreate(_req, upload: Upload) {
      try {
        checkUploadRequest(upload.metadata ?? {}, upload.size);
      } catch (err) {
        throw tusRefusal(err);
      }
      return {};
    },
    async onUploadFinish(req, upload: Upload) {
      try {
        const media = await receiveUpload(deps, { id: upload.id, file: path.join(directory, upload.id), size: upload.size ?? 0, metadata: upload.metadata ?? {} }, senders.get(req) ?? null);
        await datastore.remove(upload.id).catch(() => undefined);
        return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(media) };
      } catch (err) {
        // A refused file is not kept: the author fixes it and uploads again.
        await datastore.remove(upload.id).catch(() => undefined);
        throw tusRefusal(err);
      }
    },
  });
}

const servers = new WeakMap<Deps, TusServer>();

// POST|HEAD|PATCH|DELETE|OPTIONS /studio/uploads[/{id}]: resumable uploads (the tus protocol, docs/media.md), for the studio's role
const uploads = async (c: Context<ApiEnv>) => {
  const deps = c.get("deps");
  if (c.req.method !== "OPTIONS") {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    const found = await authorizeSession(deps, [calls.getMedia], bearer);
    senders.set(c.req.raw, found.user.id);
  }
  let server = servers.get(deps);
  if (!server) servers.set(deps, (server = tusServerFor(deps)));
  return server.handleWeb(c.req.raw);
};
studioMediaRouter.all("/studio/uploads", uploads);
studioMediaRouter.all("/studio/uploads/:id", uploads);

// GET /studio/media: one upload and where its processing stands
route(studioMediaRouter, calls.getMedia, ({ deps, query }) => getMedia(deps, query));
