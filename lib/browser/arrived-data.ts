import type { DehydratedState, Query } from "@tanstack/react-query";

/** The spec's freshness: data is stale 1000 ms after it was fetched. */
export const QUERY_STALE_MS = 1000;

/**
 * When each answer the server rendered into a page reached the browser, by query and the time the
 * server fetched it. A page is fetched, streamed, and then hydrated seconds later on a slow phone:
 * measured from the server's clock, every answer it brought would already be stale when the page
 * starts, and the page would fetch all its data again as it mounts. Measured from its arrival, the
 * answer counts as just fetched. A page restored from the router's cache brings the same answers,
 * with the same server times, so they keep their first arrival and are refetched when stale.
 */
const arrivals = new Map<string, number>();
const MAX_REMEMBERED = 500;

const keyOf = (queryHash: string, dataUpdatedAt: number) => `${dataUpdatedAt} ${queryHash}`;

/** Notes the arrival of a page's server-rendered answers (a no-op on the server). */
export function noteArrival(state: DehydratedState, now = Date.now()) {
  if (typeof window === "undefined") return;
  for (const query of state.queries) {
    const key = keyOf(query.queryHash, query.state.dataUpdatedAt);
    if (!arrivals.has(key)) arrivals.set(key, now);
  }
  // Only the latest answers matter: the oldest are forgotten first.
  for (const key of arrivals.keys()) {
    if (arrivals.size <= MAX_REMEMBERED) break;
    arrivals.delete(key);
  }
}

/**
 * refetchOnMount for every query: as TanStack's default (refetch when stale), except for an answer the
 * page brought from the server less than QUERY_STALE_MS ago, which is not fetched again. An answer a
 * write has invalidated is always fetched again.
 */
export function refetchOnMount(query: Query, now = Date.now()): boolean {
  if (query.state.isInvalidated) return true;
  const arrived = arrivals.get(keyOf(query.queryHash, query.state.dataUpdatedAt));
  return arrived === undefined || now - arrived >= QUERY_STALE_MS;
}
