"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";
import { browserTimeZone } from "@/lib/browser/time-zone-cookie";

/** A moment in the page's language and this browser's own time zone, as a date and a time of day ("12 Mar 2026, 2:05 pm"). */
export function useReaderDateTime() {
  const format = useFormatter();
  return useCallback((iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: browserTimeZone() ?? undefined }), [format]);
}

/** A moment in full, to the second, in this browser's own time zone: for a title read on hover. */
export function useReaderFullTime() {
  const format = useFormatter();
  return useCallback(
    (iso: string) =>
      format.dateTime(new Date(iso), {
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
        timeZone: browserTimeZone() ?? undefined,
      }),
    [format],
  );
}
