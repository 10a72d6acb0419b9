import "server-only";
import { Hono } from "hono";
import { getStudioJobs } from "@/lib/contract/calls/studio-jobs";
import { listJobs } from "../../services/studio-jobs/list-jobs";
import { route, type ApiEnv } from "../route";

export const studioJobsRouter = new Hono<ApiEnv>();

// GET /studio/jobs: the job engine's jobs, newest first, by state and queue (administrators)
route(studioJobsRouter, getStudioJobs, ({ deps, query }) => listJobs(deps, query));
