import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery } from "@/lib/contract/call";
import {
  getContinueLearning,
  getCourseOrProgramDetails,
  getDashboardCoursesDetails,
  getDashboardGroupSessions,
  getPrograms,
  getPurchasedAll,
} from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export type PurchasedQuery = CallQuery<typeof getPurchasedAll>;

// Each query takes an optional client: the /dashboard page prefetches with the pages' client (lib/server/page-calls.ts), the browser uses its own.
// What the server rendered stays fresh for a while, so hydrating the page (slow on a slow phone) asks for nothing again.
const FRESH_MS = 30_000;

export const dashboardQueries = {
  stats: (timeZone: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "stats", timeZone],
      staleTime: FRESH_MS,
      queryFn: () => callApi(getDashboardCoursesDetails, { query: { timeZone } }, client),
      // A change of time zone keeps the figures on screen while the week is counted again.
      placeholderData: keepPreviousData,
    }),
  continueLearning: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "continue-learning"], staleTime: FRESH_MS, queryFn: () => callApi(getContinueLearning, {}, client) }),
  batch: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "batch"], staleTime: FRESH_MS, queryFn: () => callApi(getCourseOrProgramDetails, {}, client) }),
  purchased: (query: PurchasedQuery, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "purchased", query],
      staleTime: FRESH_MS,
      queryFn: () => callApi(getPurchasedAll, { query }, client),
      placeholderData: keepPreviousData,
    }),
  programs: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "programs"], staleTime: FRESH_MS, queryFn: () => callApi(getPrograms, {}, client) }),
  groupSessions: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "group-sessions"], staleTime: FRESH_MS, queryFn: () => callApi(getDashboardGroupSessions, {}, client) }),
};
