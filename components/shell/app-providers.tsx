"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useState, type ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { BadgeToasts } from "@/components/achievements/badge-toasts";
import { WatchQueueDrainer } from "@/components/learning/watch-queue-drainer";
import { CampaignTracker } from "@/components/shell/campaign-tracker";
import { ChatWidget } from "@/components/shell/chat-widget";
import { ClientLogging } from "@/components/shell/client-logging";
import { ShellContext, type ShellConfig } from "@/components/shell/shell-context";
import { UpdateBanner } from "@/components/shell/update-banner";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The spec: suspense queries are stale after 1000 ms.
      queries: { staleTime: 1000, refetchOnWindowFocus: false },
    },
  });
}

export function AppProviders({ children, shell }: { children: ReactNode; shell: ShellConfig }) {
  const [client] = useState(makeQueryClient);
  return (
    <ShellContext.Provider value={shell}>
      <QueryClientProvider client={client}>
        <ClientLogging url={shell.logUrl} />
        <UpdateBanner buildId={shell.buildId} />
        {children}
        <Toaster />
        <BadgeToasts />
        <WatchQueueDrainer />
        <Suspense fallback={null}>
          <CampaignTracker />
        </Suspense>
        {shell.chatWidgetUrl && <ChatWidget url={shell.chatWidgetUrl} nonce={shell.nonce} />}
      </QueryClientProvider>
    </ShellContext.Provider>
  );
}
