"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { drainWatchRecords } from "@/lib/browser/watch-queue";

/** On any page: watch records left over from an earlier page or from offline viewing go out when the network is there. */
export function WatchQueueDrainer() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const drain = async () => {
      if (await drainWatchRecords()) void queryClient.invalidateQueries({ queryKey: ["learn", "tree"] });
    };
    void drain();
    window.addEventListener("online", drain);
    return () => window.removeEventListener("online", drain);
  }, [queryClient]);
  return null;
}
