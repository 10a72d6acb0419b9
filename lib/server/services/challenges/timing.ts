import "server-only";

/**
 * An answer or a draft the browser sent before the deadline still counts when it arrives up to this
 * long after it (a slow network in the last seconds must not lose work). The server closes a running
 * attempt once the deadline and this grace period have both passed.
 */
export const GRACE_SECONDS = Number(process.env.CHALLENGE_GRACE_SECONDS ?? "") || 30;

/** Whole seconds left until the deadline, never negative; the browser only displays this. */
export const remainingSeconds = (deadlineAt: Date, now: Date) => Math.max(0, Math.ceil((deadlineAt.getTime() - now.getTime()) / 1000));

/** Past the deadline and the grace period: the attempt must be closed by the server. */
export const isOverdue = (deadlineAt: Date, now: Date) => now.getTime() > deadlineAt.getTime() + GRACE_SECONDS * 1000;

/**
 * Whether work sent at `sentAt` (the browser's time, corrected for its offset) and received `now`
 * still counts: sent before the deadline and received within the grace period.
 */
export const countsAsInTime = (deadlineAt: Date, now: Date, sentAt: Date | undefined) =>
  now.getTime() <= deadlineAt.getTime() || (!isOverdue(deadlineAt, now) && (sentAt ?? now).getTime() <= deadlineAt.getTime());
