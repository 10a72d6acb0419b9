import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The /achivements page prefetches with the pages' client (lib/server/page-calls.ts); the browser uses its own.
export const achievementsQueries = {
  getAchievementsDetails: (timeZone: string, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["achievements", "details", timeZone],
      staleTime: 30_000,
      queryFn: () => callApi(calls.getAchievementsDetails, { query: { timeZone } }, client),
    }),
};
