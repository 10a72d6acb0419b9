import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

type Q<C> = CallQuery<C>;

// Each fetcher takes an optional client: server components pass the pages' one (lib/server/page-calls.ts), the browser uses its own.

export const catalogueQueries = {
  countPrograms: (query: Q<typeof calls.countPrograms>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "count", query], queryFn: () => callApi(calls.countPrograms, { query }, client) }),
  listCoursesOnProgress: (query: Q<typeof calls.listCoursesOnProgress>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "on-progress", query], queryFn: () => callApi(calls.listCoursesOnProgress, { query }, client) }),
  listAllCourses: (query: Q<typeof calls.listAllCourses>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "all", query], queryFn: () => callApi(calls.listAllCourses, { query }, client) }),
  listBundledPrograms: (query: Q<typeof calls.listBundledPrograms>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "bundled", query], queryFn: () => callApi(calls.listBundledPrograms, { query }, client) }),
  getCourseDomains: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "domains"], queryFn: () => callApi(calls.getCourseDomains, {}, client), staleTime: 60_000 }),
};

export const enrollInCourse = (courseId: string) => callApi(calls.enrollInCourse, { body: { courseId } });
