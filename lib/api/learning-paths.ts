import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// Each query takes an optional client: the pages prefetch with their own (lib/server/page-calls.ts), the browser uses its own.
// What the server rendered stays fresh for a while, so hydrating the page asks for nothing again.
const FRESH_MS = 30_000;

export const learningPathsQueries = {
  /** The learner's path through a program, their first one when none is named, or the sample path. */
  getLearningPathProgress: (programId: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["learning-paths", "path", programId ?? null],
      staleTime: FRESH_MS,
      queryFn: () => callApi(calls.getLearningPathProgress, { query: programId ? { programId } : {} }, client),
    }),
  /** The learner's progress in one program, course by course. */
  getCourseBundleProgress: (bundleId: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["learning-paths", "program", bundleId],
      staleTime: FRESH_MS,
      queryFn: () => callApi(calls.getCourseBundleProgress, { query: { bundleId } }, client),
      retry: false,
    }),
};

/** Enrolls the learner, through their batch, in every course of a program (the catalogue's call). */
export const enrollInProgram = (batchId: string, bundleId: string) => callApi(calls.enrollInProgram, { body: { batchId, bundleId } });
