"use client";

import { useEffect } from "react";
import { sendWatchRecord } from "@/lib/api/learning";
import { getSessionToken } from "@/lib/browser/session-cookie";
import { drainWatchRecords, pendingWatchRecords } from "@/lib/browser/watch-queue";

/** On any page: watch records left over from an earlier page or from offline viewing go out when the network is there. */
export function WatchQueueDrainer() {
  useEffect(() => {
    const drain = () => {
      if (getSessionToken() && pendingWatchRecords().length) void drainWatchRecords(sendWatchRecord);
    };
    drain();
    window.addEventListener("online", drain);
    return () => window.removeEventListener("online", drain);
  }, []);
  return null;
}
