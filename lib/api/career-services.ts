import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const careerServicesQueries = {
  /** What the services are and whether each is open to the learner: answered to everyone. */
  getCareerServices: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["career-services", "services"], staleTime: 30_000, queryFn: () => callApi(calls.getCareerServices, {}, client) }),
  /** The learner's figures: only for users with career-services access (others get 403). */
  getCareerServicesStatistics: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["career-services", "statistics"], staleTime: 30_000, queryFn: () => callApi(calls.getCareerServicesStatistics, {}, client), retry: false }),
};
