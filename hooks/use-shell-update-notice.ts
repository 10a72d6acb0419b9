"use client";

import { usePagePath } from "@/hooks/use-address";
import { useEffect, useRef, useState } from "react";
import { isBuildStale, UPDATE_CHECK_INTERVAL_MS } from "@/lib/browser/update-check";

/**
 * Whether a newer build has replaced the one this page runs: checked every 5 s (one check at a time),
 * and after each route change, where a stale page is reloaded in full so the new route comes from the
 * new build. `next dev` has no build manifest to check.
 */
export function useUpdateNotice(buildId: string | undefined): boolean {
  const [stale, setStale] = useState(false);
  const pathname = usePagePath();
  const shownPath = useRef(pathname);
  const enabled = Boolean(buildId) && process.env.NODE_ENV === "production";

  useEffect(() => {
    if (!enabled || stale) return;
    let live = true;
    let checking = false;
    const timer = window.setInterval(() => {
      if (checking) return;
      checking = true;
      void isBuildStale(buildId!).then((found) => {
        checking = false;
        if (live && found) setStale(true);
      });
    }, UPDATE_CHECK_INTERVAL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [buildId, enabled, stale]);

  useEffect(() => {
    if (!enabled || shownPath.current === pathname) return;
    shownPath.current = pathname;
    void isBuildStale(buildId!).then((found) => found && window.location.reload());
  }, [buildId, enabled, pathname]);

  return stale;
}
