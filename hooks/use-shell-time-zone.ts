"use client";

import { useEffect, useSyncExternalStore } from "react";
import { browserTimeZone, rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";

const noSubscription = () => () => undefined;

/**
 * The viewer's time zone, which pages count days and show times in: while hydrating, the one the
 * server rendered with (from the cookie); then the browser's own, remembered in the cookie for the
 * next server render.
 */
export function useViewerTimeZone(rendered: string): string {
  const zone = useSyncExternalStore(noSubscription, () => browserTimeZone() ?? rendered, () => rendered);
  useEffect(() => {
    rememberBrowserTimeZone();
  }, []);
  return zone;
}
