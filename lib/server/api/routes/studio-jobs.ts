import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-jobs";
import { listJobs, retryJob } from "../../services/studio-jobs";
import { route, type ApiEnv } from "../route";

export const studioJobsRouter = new Hono<ApiEnv>();

// GET /studio/jobs: the job engine's jobs, newest first, by state and queue (administrators)
route(studioJobsRouter, calls.listJobs, ({ deps, query }) => listJobs(deps, query));

// POST /studio/jobs/retry: a failed job, or one waiting out its backoff, runs again now (administrators; audited)
route(studioJobsRouter, calls.retryJob, ({ deps, user, body }) => retryJob(deps, user, body));
