"use client";

import { HydrationBoundary, type DehydratedState } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { noteArrival } from "@/lib/browser/arrived-data";
import { QueryProvider } from "./query-provider";

/**
 * The answers a page fetched on the server, handed to the browser's query cache (which this provides).
 * Each counts as fetched when it reached the browser, not when the server fetched it
 * (lib/browser/arrived-data.ts).
 */
export function PageData({ state, children }: { state: DehydratedState; children: ReactNode }) {
  useState(() => noteArrival(state));
  return (
    <QueryProvider>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </QueryProvider>
  );
}
