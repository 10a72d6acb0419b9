"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { z } from "zod";
import { Toaster } from "@/components/toast/toaster";

// The Content-Security-Policy forbids eval: in the browser zod parses without compiling its schemas,
// instead of probing for eval (which the browser reports as a violation) on first use.
if (typeof window !== "undefined") z.config({ jitless: true });

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The spec: suspense queries are stale after 1000 ms.
      queries: { staleTime: 1000, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
