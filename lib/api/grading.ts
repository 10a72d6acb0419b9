import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallQuery } from "@/lib/contract/call";
import {
  getCourseEssayCourse,
  getCourseEssayUser,
  getCourseSubmission,
  getCourseSubmissionDetails,
  postCourseSubmissionClaim,
  postCourseSubmissionEvaluate,
} from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export type SubmissionListQuery = CallQuery<typeof getCourseSubmission>;

export const gradingQueries = {
  /** Every query of the graders' list starts with this key, so a save can refresh them all. */
  listKey: ["grading", "submissions"] as const,
  submissions: (query: SubmissionListQuery, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "submissions", query], queryFn: () => callApi(getCourseSubmission, { query }, client) }),
  details: (submissionId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["grading", "submission", submissionId],
      queryFn: () => callApi(getCourseSubmissionDetails, { query: { submissionId } }, client),
      // A 404 stays a 404.
      retry: false,
    }),
  courses: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "courses"], queryFn: () => callApi(getCourseEssayCourse, { query: { limit: 100 } }, client), staleTime: 60_000 }),
  learners: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["grading", "learners"], queryFn: () => callApi(getCourseEssayUser, { query: { limit: 100 } }, client), staleTime: 60_000 }),
};

export const claimSubmission = (submissionId: string) => callApi(postCourseSubmissionClaim, { body: { submissionId } });

export type EvaluationBody = CallBody<typeof postCourseSubmissionEvaluate>;
/**
 * Saves the evaluation. The client makes one key per call (one press of Save) and resends it with
 * that key after a 5xx, so it is applied once.
 */
export const evaluateSubmission = (body: EvaluationBody) => callApi(postCourseSubmissionEvaluate, { body });
