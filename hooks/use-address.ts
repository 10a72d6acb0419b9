"use client";
import { usePathname, useSearchParams, type ReadonlyURLSearchParams } from "next/navigation";

// The project has a pages/ directory (the API's route), so Next types its navigation hooks for both
// routers, where they may give null. Every page is an App Router page, where they never do; these
// give the page's address as the App Router types it.

// Never changed: nothing writes to it.
const noQuery = new URLSearchParams() as unknown as ReadonlyURLSearchParams;

/** The page's path, e.g. /courses. */
export function usePagePath(): string {
  return usePathname() ?? "/";
}

/** The page's query string, read-only. */
export function usePageQuery(): ReadonlyURLSearchParams {
  return useSearchParams() ?? noQuery;
}
