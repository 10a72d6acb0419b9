"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { dueWarning, localDeadline, secondsLeft, WARNING_AT_SECONDS, type LocalDeadline } from "@/lib/browser/countdown";

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

/**
 * The warnings of a running attempt (5 minutes, then 1 minute left) as text to announce, and
 * `onTimeUp` called once when the time left reaches zero. The texts come in the page's language
 * ("5 minutes left." from `minutesLeft(5)`).
 */
export function useChallengesDeadlineWarnings(
  left: number | null,
  texts: { minutesLeft: (minutes: number) => string; lastMinute: string; timeUp: string },
  onTimeUp: () => void,
) {
  const [announcement, setAnnouncement] = useState("");
  const warned = useRef(new Set<number>());
  const ended = useRef(false);
  const latest = useRef({ texts, onTimeUp });
  useEffect(() => {
    latest.current = { texts, onTimeUp };
  });
  useEffect(() => {
    if (left === null) return;
    const due = dueWarning(left, warned.current);
    if (due !== null) {
      for (const at of WARNING_AT_SECONDS) if (at >= due) warned.current.add(at);
      setAnnouncement(due >= 120 ? latest.current.texts.minutesLeft(Math.round(due / 60)) : latest.current.texts.lastMinute);
    }
    if (left === 0 && !ended.current) {
      ended.current = true;
      setAnnouncement(latest.current.texts.timeUp);
      latest.current.onTimeUp();
    }
  }, [left]);
  return announcement;
}
