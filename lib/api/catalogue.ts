import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery } from "@/lib/contract/call";
import {
  createEnrollment,
  getCourseDomainsForFilters,
  getProgramCount,
  getProgramCoursesAll,
  getProgramCoursesBundled,
  getProgramCoursesOnProgress,
} from "./call-routes";
import { callApi, http as browserHttp } from "./client";

type Q<C> = CallQuery<C>;

// Each fetcher takes an optional client: server components pass the pages' one (lib/server/page-calls.ts), the browser uses its own.

export const catalogueQueries = {
  count: (query: Q<typeof getProgramCount>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "count", query], queryFn: () => callApi(getProgramCount, { query }, client) }),
  onProgress: (query: Q<typeof getProgramCoursesOnProgress>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "on-progress", query], queryFn: () => callApi(getProgramCoursesOnProgress, { query }, client) }),
  all: (query: Q<typeof getProgramCoursesAll>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "all", query], queryFn: () => callApi(getProgramCoursesAll, { query }, client) }),
  bundled: (query: Q<typeof getProgramCoursesBundled>, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "bundled", query], queryFn: () => callApi(getProgramCoursesBundled, { query }, client) }),
  domains: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["course", "domains"], queryFn: () => callApi(getCourseDomainsForFilters, {}, client), staleTime: 60_000 }),
};

export const enrollInCourse = (courseId: string) => callApi(createEnrollment, { body: { courseId } });
