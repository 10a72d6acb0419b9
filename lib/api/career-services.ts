import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import { getCareerServices, getCareerServicesStatistics } from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const careerServicesQueries = {
  /** What the services are and whether each is open to the learner: answered to everyone. */
  services: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["career-services", "services"], staleTime: 30_000, queryFn: () => callApi(getCareerServices, {}, client) }),
  /** The learner's figures: only for users with career-services access (others get 403). */
  statistics: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["career-services", "statistics"], staleTime: 30_000, queryFn: () => callApi(getCareerServicesStatistics, {}, client), retry: false }),
};
