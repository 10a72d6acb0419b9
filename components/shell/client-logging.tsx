"use client";

import { useEffect } from "react";
import { startClientLogging } from "@/lib/browser/client-log";

/** Starts sending the browser's log records (throttled, batched, flushed when the page goes away). */
export function ClientLogging({ url }: { url: string }) {
  useEffect(() => startClientLogging(url), [url]);
  return null;
}
