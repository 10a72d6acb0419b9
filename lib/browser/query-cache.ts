import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * The browser's one query cache, once a page that reads the API from the browser has made it. Pages
 * the server draws whole (the dashboard, the catalogue) never load the query library; what changes
 * data from anywhere (a badge earned, watch records sent, a sign-out) reaches the cache through here,
 * and has nothing to refresh when no page has made one.
 */
let browserCache: QueryClient | undefined;

export function rememberBrowserCache(client: QueryClient): QueryClient {
  browserCache = client;
  return client;
}

export const browserQueryCache = (): QueryClient | undefined => browserCache;

/** Marks the answers under each key stale, so the queries on screen fetch them again. */
export function invalidateCached(...keys: QueryKey[]): void {
  for (const queryKey of keys) void browserCache?.invalidateQueries({ queryKey });
}
