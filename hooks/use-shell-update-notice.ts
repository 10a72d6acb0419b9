"use client";

import { usePagePath } from "@/hooks/use-address";
import { useEffect, useRef, useState } from "react";
import { isBuildStale, UPDATE_CHECK_INTERVAL_MS } from "@/lib/browser/update-check";

/**
 * Whether a newer build has replaced the one this page runs: checked every 5 s, and after each
 * route change, where a stale page is reloaded in full so the new route comes from the new build.
 * `next dev` has no build manifest to check.
 */
export function useUpdateNotice(buildId: string | undefined): boolean {
  const [stale, setStale] = useState(false);
  const pathname = usePagePath();
  const shownPath = useRef(pathname);
  const enabled = Boolean(buildId) && process.env.NODE_ENV === "production";

  useEffect(() => {
    if (!enabled || stale) return;
    const timer = window.setInterval(() => {
      if (isBuildStale(buildId!)) setStale(true);
    }, UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [buildId, enabled, stale]);

  useEffect(() => {
    if (!enabled || shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (isBuildStale(buildId!)) window.location.reload();
  }, [buildId, enabled, pathname]);

  return stale;
}
