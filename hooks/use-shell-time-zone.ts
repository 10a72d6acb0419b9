"use client";

import { useEffect, useSyncExternalStore } from "react";
import { browserTimeZone, cookieZoneStillHolds, rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";

const noSubscription = () => () => undefined;

/**
 * The viewer's time zone, which pages count days and show times in: while hydrating, the one the
 * server rendered with (from the cookie); then the browser's own, remembered in the cookie for the
 * next server render. While the browser keeps the clock the cookie was written with, the cookie's
 * zone is the browser's, and Intl is not asked (its first use on a page is the costly part).
 */
export function useViewerTimeZone(rendered: string): string {
  const zone = useSyncExternalStore(noSubscription, () => (cookieZoneStillHolds() ? rendered : (browserTimeZone() ?? rendered)), () => rendered);
  useEffect(() => {
    rememberBrowserTimeZone();
  }, []);
  return zone;
}
