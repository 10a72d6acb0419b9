import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AxiosInstance } from "axios";
import type { CallQuery } from "@/lib/contract/call";
import {
  getContinueLearning,
  getCourseOrProgramDetails,
  getDashboardCoursesDetails,
  getDashboardGroupSessions,
  getPrograms,
  getPurchasedAll,
} from "@/lib/contract/calls/dashboard";
import { callApi, http as browserHttp } from "./client";

export type PurchasedQuery = CallQuery<typeof getPurchasedAll>;

// Each query takes an optional client: the /dashboard page prefetches with the in-process one, the browser uses its own.

export const dashboardQueries = {
  stats: (timeZone: string, client: AxiosInstance = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "stats", timeZone],
      queryFn: () => callApi(getDashboardCoursesDetails, { query: { timeZone } }, client),
      // A change of time zone keeps the figures on screen while the week is counted again.
      placeholderData: keepPreviousData,
    }),
  continueLearning: (client: AxiosInstance = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "continue-learning"], queryFn: () => callApi(getContinueLearning, {}, client) }),
  batch: (client: AxiosInstance = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "batch"], queryFn: () => callApi(getCourseOrProgramDetails, {}, client) }),
  purchased: (query: PurchasedQuery, client: AxiosInstance = browserHttp) =>
    queryOptions({
      queryKey: ["dashboard", "purchased", query],
      queryFn: () => callApi(getPurchasedAll, { query }, client),
      placeholderData: keepPreviousData,
    }),
  programs: (client: AxiosInstance = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "programs"], queryFn: () => callApi(getPrograms, {}, client) }),
  groupSessions: (client: AxiosInstance = browserHttp) =>
    queryOptions({ queryKey: ["dashboard", "group-sessions"], queryFn: () => callApi(getDashboardGroupSessions, {}, client) }),
};
