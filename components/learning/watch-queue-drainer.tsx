"use client";

import { useEffect } from "react";
import { whenPageSettled } from "@/lib/browser/page-settled";
import { invalidateCached } from "@/lib/browser/query-cache";

/**
 * On any page: watch records left over from an earlier page or from offline viewing go out once the
 * page has started, and when the network comes back. The queue's code loads then, not with the page.
 */
export function WatchQueueDrainer() {
  useEffect(() => {
    let live = true;
    const drain = async () => {
      const { drainWatchRecords } = await import("@/lib/browser/watch-queue");
      if (await drainWatchRecords()) invalidateCached(["learn", "tree"]);
    };
    void whenPageSettled().then(() => {
      if (live) void drain();
    });
    window.addEventListener("online", drain);
    return () => {
      live = false;
      window.removeEventListener("online", drain);
    };
  }, []);
  return null;
}
