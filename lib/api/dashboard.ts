import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallQuery } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export type PurchasedQuery = CallQuery<typeof calls.listPurchasedCourses>;

// Each query takes an optional client: the /dashboard page prefetches with the pages' client (lib/server/page-calls.ts), the browser uses its own.
// What the server rendered stays fresh for a while, so hydrating the page (slow on a slow phone) asks for nothing again.
const FRESH_MS = 30_000;

export const dashboardQueries = {
  getDashboardStats: (timeZone: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "stats", timeZone],
      staleTime: FRESH_MS,
      queryFn: () => callApi(calls.getDashboardStats, { query: { timeZone } }, client),
      // A change of time zone keeps the figures on screen while the week is counted again.
      placeholderData: keepPreviousData,
    }),
  listContinueLearning: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "continue-learning"], staleTime: FRESH_MS, queryFn: () => callApi(calls.listContinueLearning, {}, client) }),
  getBatchDetails: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "batch"], staleTime: FRESH_MS, queryFn: () => callApi(calls.getBatchDetails, {}, client) }),
  listPurchasedCourses: (query: PurchasedQuery, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "purchased", query],
      staleTime: FRESH_MS,
      queryFn: () => callApi(calls.listPurchasedCourses, { query }, client),
      placeholderData: keepPreviousData,
    }),
  listEnrolledPrograms: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "programs"], staleTime: FRESH_MS, queryFn: () => callApi(calls.listEnrolledPrograms, {}, client) }),
  listGroupSessions: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "group-sessions"], staleTime: FRESH_MS, queryFn: () => callApi(calls.listGroupSessions, {}, client) }),
};
