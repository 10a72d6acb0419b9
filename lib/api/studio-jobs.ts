import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The job engine's queue as administrators see it (docs/jobs.md).

export type JobsQuery = Omit<NonNullable<CallQuery<typeof calls.listJobs>>, "before">;
export type StudioJob = CallResponse<typeof calls.listJobs>["jobs"][number];

export const studioJobsQueries = {
  all: ["studio", "jobs"] as const,
  listJobs: (query: JobsQuery, before: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "jobs", "list", query, before ?? null],
      queryFn: () => callApi(calls.listJobs, { query: { ...query, ...(before ? { before } : {}) } }, client),
    }),
};

/** Runs a failed job, or one waiting out its backoff, again now. */
export const retryJob = (id: string) => callApi(calls.retryJob, { body: { id } });
