"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { whenPageSettled } from "@/lib/browser/page-settled";

/**
 * On any page: watch records left over from an earlier page or from offline viewing go out once the
 * page has started, and when the network comes back. The queue's code loads then, not with the page.
 */
export function WatchQueueDrainer() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let live = true;
    const drain = async () => {
      const { drainWatchRecords } = await import("@/lib/browser/watch-queue");
      if (await drainWatchRecords()) void queryClient.invalidateQueries({ queryKey: ["learn", "tree"] });
    };
    void whenPageSettled().then(() => {
      if (live) void drain();
    });
    window.addEventListener("online", drain);
    return () => {
      live = false;
      window.removeEventListener("online", drain);
    };
  }, [queryClient]);
  return null;
}
