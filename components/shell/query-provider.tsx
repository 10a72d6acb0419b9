"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { QUERY_STALE_MS, refetchOnMount } from "@/lib/browser/arrived-data";
import { browserQueryCache, rememberBrowserCache } from "@/lib/browser/query-cache";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The spec: suspense queries are stale after 1000 ms; what a page brought from the server, 1000 ms
      // after it reached the browser.
      queries: { staleTime: QUERY_STALE_MS, refetchOnMount, refetchOnWindowFocus: false },
    },
  });
}

// One cache for the whole visit in the browser, whichever page provides it; a new one per request on the server.
const queryClient = () => (typeof window === "undefined" ? makeQueryClient() : (browserQueryCache() ?? rememberBrowserCache(makeQueryClient())));

/**
 * The query cache, for the parts of pages that read the API from the browser. Pages the server draws
 * whole do without it, and without the query library on their first load: the shell and the pages
 * that need it (PageData, the learning page, the studio) each provide it where it is used.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
