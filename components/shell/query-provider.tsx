"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { BadgeToasts } from "@/components/achievements/badge-toasts";
import { WatchQueueDrainer } from "@/components/learning/watch-queue-drainer";
import { useShellConfig } from "@/components/shell/shell-context";
import { QUERY_STALE_MS, refetchOnMount } from "@/lib/browser/arrived-data";
import { usePageSettled } from "@/hooks/use-shell-page-settled";

// The chat widget's code, and its script from the chat service, load once the page has started.
const ChatWidget = dynamic(() => import("@/components/shell/chat-widget").then((m) => m.ChatWidget), { ssr: false });

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The spec: suspense queries are stale after 1000 ms; what a page brought from the server, 1000 ms
      // after it reached the browser.
      queries: { staleTime: QUERY_STALE_MS, refetchOnMount, refetchOnWindowFocus: false },
    },
  });
}

// One cache for the whole visit in the browser, whichever layout provides it; a new one per request on the server.
let browserClient: QueryClient | undefined;
const queryClient = () => (typeof window === "undefined" ? makeQueryClient() : (browserClient ??= makeQueryClient()));

/**
 * The query cache and what needs it, for the pages that read the API from the browser (the signed-in
 * pages and the learning page): public pages do without TanStack Query and the contract.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  const shell = useShellConfig();
  const settled = usePageSettled();
  return (
    <QueryClientProvider client={client}>
      {children}
      <BadgeToasts />
      <WatchQueueDrainer />
      {shell.chatWidgetUrl && settled && <ChatWidget url={shell.chatWidgetUrl} nonce={shell.nonce} />}
    </QueryClientProvider>
  );
}
