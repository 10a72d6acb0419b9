"use client";

import { Suspense, type ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { CampaignTracker } from "@/components/shell/campaign-tracker";
import { ClientLogging } from "@/components/shell/client-logging";
import { ShellContext, type ShellConfig } from "@/components/shell/shell-context";
import { UpdateBanner } from "@/components/shell/update-banner";

/** What every page of the product has: the shell's settings, the log, the update notice, toasts and campaign tracking. */
export function AppProviders({ children, shell }: { children: ReactNode; shell: ShellConfig }) {
  return (
    <ShellContext.Provider value={shell}>
      <ClientLogging url={shell.logUrl} />
      <UpdateBanner buildId={shell.buildId} />
      {children}
      <LazyToaster />
      <Suspense fallback={null}>
        <CampaignTracker />
      </Suspense>
    </ShellContext.Provider>
  );
}
