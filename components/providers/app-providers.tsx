"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "@/components/toast/toaster";
import { WatchQueueDrainer } from "@/components/learn/watch-queue-drainer";

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
      <WatchQueueDrainer />
    </QueryClientProvider>
  );
}
