/**
 * The browser's view of a deadline the server keeps. The server answers with the seconds left; the
 * moment the answer arrived, by this browser's clock, plus those seconds is the deadline on this clock,
 * whatever the clock's offset from the server's. Time left is always computed from that deadline,
 * never counted down by ticks (timers of background tabs are throttled).
 */
export interface LocalDeadline {
  /** The deadline in this browser's clock, ms. */
  at: number;
  /** Server time minus this browser's time, ms (to stamp requests with the server's time). */
  offsetMs: number;
}

export function localDeadline(remainingTimeInSeconds: number, endsAt: string | null, receivedAt: number): LocalDeadline {
  const at = receivedAt + remainingTimeInSeconds * 1000;
  const serverDeadline = endsAt ? Date.parse(endsAt) : NaN;
  return { at, offsetMs: Number.isFinite(serverDeadline) ? serverDeadline - at : 0 };
}

/** Whole seconds left, never negative. */
export const secondsLeft = (deadline: LocalDeadline, now: number) => Math.max(0, Math.ceil((deadline.at - now) / 1000));

/** This moment by the server's clock, as ISO text (sent as sentAt with answers and drafts). */
export const serverNowIso = (deadline: LocalDeadline | null, now: number = Date.now()) => new Date(now + (deadline?.offsetMs ?? 0)).toISOString();

/** 'M:SS', or 'H:MM:SS' from an hour up. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The warnings a timed attempt gives: at 5 minutes and at 1 minute left. */
export const WARNING_AT_SECONDS = [300, 60] as const;

/**
 * The warning due at `left` seconds, if one is due and was not given yet: the closest threshold at or
 * above it (a page opened with 50 s left warns of the last minute, not of five).
 */
export function dueWarning(left: number, given: ReadonlySet<number>): number | null {
  if (left <= 0) return null;
  const due = [...WARNING_AT_SECONDS].sort((a, b) => a - b).find((at) => left <= at);
  return due !== undefined && !given.has(due) ? due : null;
}
