"use client";

import { useEffect, useMemo, useState } from "react";
import { localDeadline, secondsLeft, type LocalDeadline } from "@/lib/browser/countdown";

/**
 * Seconds left of a timed attempt, from the server's answer (seconds left, deadline) and the moment it
 * arrived. Recomputed from the deadline four times a second, so a throttled background tab is right
 * again at its next tick; `onVisible` lets the page ask the server again when the tab comes back.
 */
export function useChallengesCountdown(remaining: number | null | undefined, endsAt: string | null | undefined, receivedAt: number, onVisible?: () => void) {
  const deadline: LocalDeadline | null = useMemo(
    () => (remaining === null || remaining === undefined ? null : localDeadline(remaining, endsAt ?? null, receivedAt)),
    [remaining, endsAt, receivedAt],
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return;
      setNow(Date.now());
      onVisible?.();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [deadline, onVisible]);
  return { deadline, left: deadline ? secondsLeft(deadline, now) : null };
}
