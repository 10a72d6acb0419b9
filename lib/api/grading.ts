import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export type SubmissionListQuery = CallQuery<typeof calls.listSubmissions>;

export const gradingQueries = {
  /** Every query of the graders' list starts with this key, so a save can refresh them all. */
  listKey: ["grading", "submissions"] as const,
  listSubmissions: (query: SubmissionListQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "submissions", query], queryFn: () => callApi(calls.listSubmissions, { query }, client) }),
  /** The list a page at a time by cursor, for "Load more": each page starts after the previous one's last row. */
  listSubmissionPages: (query: Omit<SubmissionListQuery, "cursor" | "pageNumber">, client: HttpClient = browserHttp) =>
    infiniteQueryOptions({
      queryKey: ["grading", "submissions", "pages", query],
      queryFn: ({ pageParam }) => callApi(calls.listSubmissions, { query: { ...query, cursor: pageParam ?? undefined } }, client),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  getSubmissionDetails: (submissionId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["grading", "submission", submissionId],
      queryFn: () => callApi(calls.getSubmissionDetails, { query: { submissionId } }, client),
      // A 404 stays a 404.
      retry: false,
    }),
  listEssayCourses: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "courses"], queryFn: () => callApi(calls.listEssayCourses, { query: { limit: 100 } }, client), staleTime: 60_000 }),
  listEssayLearners: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "learners"], queryFn: () => callApi(calls.listEssayLearners, { query: { limit: 100 } }, client), staleTime: 60_000 }),
};

export const claimSubmission = (submissionId: string) => callApi(calls.claimSubmission, { body: { submissionId } });

export type EvaluationBody = CallBody<typeof calls.evaluateSubmission>;
/**
 * Saves the evaluation. The client makes one key per call (one press of Save) and resends it with
 * that key after a 5xx, so it is applied once.
 */
export const evaluateSubmission = (body: EvaluationBody) => callApi(calls.evaluateSubmission, { body });
