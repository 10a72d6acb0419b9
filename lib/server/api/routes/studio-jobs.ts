import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-jobs";
import { listJobs } from "../../services/studio-jobs";
import { route, type ApiEnv } from "../route";

export const studioJobsRouter = new Hono<ApiEnv>();

// GET /studio/jobs: the job engine's jobs, newest first, by state and queue (administrators)
route(studioJobsRouter, calls.listJobs, ({ deps, query }) => listJobs(deps, query));
