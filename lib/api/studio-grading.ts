import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's grading oversight (docs/grading.md), for administrators.

export type GradingQueueQuery = Omit<NonNullable<CallQuery<typeof calls.listGradingQueue>>, "cursor">;
export type GradingQueueRow = CallResponse<typeof calls.listGradingQueue>["submissions"][number];
export type GraderChoice = CallResponse<typeof calls.listGraders>["graders"][number];

export const studioGradingQueries = {
  all: ["studio", "grading"] as const,
  listGradingQueue: (query: GradingQueueQuery, cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "grading", "queue", query, cursor ?? null],
      queryFn: () => callApi(calls.listGradingQueue, { query: { ...query, ...(cursor ? { cursor } : {}) } }, client),
    }),
  listGraders: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "grading", "graders"], queryFn: () => callApi(calls.listGraders, {}, client), staleTime: 30_000 }),
};

/** Assigns a submitted essay to a grader (`graderId`), or releases it (`graderId: null`). */
export const assignSubmission = (body: CallBody<typeof calls.assignSubmission>) => callApi(calls.assignSubmission, { body });
