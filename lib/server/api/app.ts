import "server-only";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { fullPath } from "@/lib/contract/call";
import { allCalls } from "@/lib/contract";
import { buildOpenApiDocument } from "@/lib/contract/openapi";
import type { Deps } from "../deps";
import { ApiError } from "../errors";
import { finishAnswers } from "./answers";
import { errorBody, handleError } from "./error-handler";
import type { ApiEnv } from "./route";
import { achievementsRouter } from "./routes/achievements";
import { catalogueRouter } from "./routes/catalogue";
import { certificatesRouter } from "./routes/certificates";
import { careerServicesRouter } from "./routes/career-services";
import { dashboardRouter } from "./routes/dashboard";
import { filesRouter } from "./routes/files";
import { scormCallsRouter, scormRouter } from "./routes/scorm";
import { gradingRouter } from "./routes/grading";
import { challengesRouter } from "./routes/challenges";
import { learningRouter } from "./routes/learning";
import { learningPathsRouter } from "./routes/learning-paths";
import { meetingsRouter } from "./routes/meetings";
import { notificationsRouter } from "./routes/notifications";
import { shellRouter } from "./routes/shell";
import { signInRouter } from "./routes/sign-in";
import { studioBatchesRouter } from "./routes/studio-batches";
import { studioProgramsRouter } from "./routes/studio-programs";
import { studioCompaniesRouter } from "./routes/studio-companies";
import { studioSessionsRouter } from "./routes/studio-sessions";
import { studioContentRouter } from "./routes/studio-content";
import { studioJobsRouter } from "./routes/studio-jobs";
import { xapiRouter } from "./routes/xapi";
import { studioMediaRouter, UPLOADS_PATH } from "./routes/studio-media";
import { studioEnrollmentRouter } from "./routes/studio-enrollment";
import { studioGradingRouter } from "./routes/studio-grading";
import { studioPeopleRouter } from "./routes/studio-people";
import { studioReportsRouter } from "./routes/studio-reports";

/** Each area's router; loading them registers each call's handler, which server pages run too (page-calls.ts). */
export const API_ROUTERS = [signInRouter, shellRouter, catalogueRouter, learningRouter, challengesRouter, gradingRouter, dashboardRouter, careerServicesRouter, meetingsRouter, certificatesRouter, learningPathsRouter, achievementsRouter, notificationsRouter, studioBatchesRouter, studioProgramsRouter, studioCompaniesRouter, studioSessionsRouter, studioContentRouter, studioJobsRouter, studioMediaRouter, studioPeopleRouter, studioGradingRouter, studioEnrollmentRouter, studioReportsRouter, xapiRouter, scormCallsRouter];

export interface ApiOptions {
  /** The server passes a Content-Encoding the API sets on to the client (see below). */
  compresses?: boolean;
  /** Adds routes of the caller's own under /api (the bench's yardstick, bench/api-extras.ts). */
  extend?: (app: Hono<ApiEnv>) => void;
}

/**
 * The whole API, mounted at /api by every server (see mount.ts). `compresses`: the server passes a
 * Content-Encoding the API sets on to the client, so JSON answers are gzipped here (every server
 * does, through @hono/node-server; the tests' in-process requests do not ask for it).
 */
export function createApi(getDeps: () => Promise<Deps>, options: ApiOptions = {}) {
  const app = new Hono<ApiEnv>().basePath("/api");

  app.use(async (c, next) => {
    c.set("deps", await getDeps());
    c.set("compresses", options.compresses === true);
    await next();
  });
  // Answers are private and fresh unless a route says otherwise (stored files may be cached privately),
  // and JSON is gzipped where the server sends it on: set by each call's route as it answers, else here.
  app.use(finishAnswers);
  const jsonLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new ApiError(413, "payload_too_large", "The request body is larger than 1 MB.");
    },
  });
  // Uploads (every multipart call: an essay's file, a people or batch CSV, a SCORM package) carry
  // their own, larger limit (see formRoute); every other body stays under 1 MB.
  const uploadPaths = new Set(allCalls.filter((call) => call.bodyFormat === "multipart").map((call) => `/api${fullPath(call)}`));
  // A GET or HEAD carries no body: Hono's limit would build a whole Request only to find that out.
  // The tus endpoint takes its chunks as a stream and keeps its own limits (routes/studio-media.ts).
  const isResumableUpload = (p: string) => p === UPLOADS_PATH || p.startsWith(`${UPLOADS_PATH}/`);
  app.use((c, next) => (c.req.method === "GET" || c.req.method === "HEAD" || uploadPaths.has(c.req.path) || isResumableUpload(c.req.path) ? next() : jsonLimit(c, next)));

  // GET /openapi.json: the contract as an OpenAPI document
  app.get("/openapi.json", (c) => c.json(buildOpenApiDocument()));
  // GET /health: the database answers, and the process is not stopping (lib/server/stop-gracefully.mjs)
  app.get("/health", async (c) => {
    if ((globalThis as Record<symbol, unknown>)[Symbol.for("learning-platform.stopping")]) return c.json({ ok: false, stopping: true }, 503);
    await c.get("deps").database.raw("select 1");
    return c.json({ ok: true });
  });
  // Routes a caller adds (the bench's one-query baseline), before the areas'.
  options.extend?.(app);

  // Each area's router registers its calls at their full paths (group + path, as the spec spells them).
  for (const router of API_ROUTERS) {
    app.route("/", router);
  }
  app.route("/files", filesRouter);
  app.route("/scorm", scormRouter);

  app.notFound((c) => c.json(errorBody(404, `No API call ${c.req.method} ${c.req.path}.`), 404));
  app.onError(handleError);
  return app;
}

export type Api = ReturnType<typeof createApi>;
