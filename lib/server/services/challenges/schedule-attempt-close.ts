import "server-only";
import type { Deps } from "../../deps";
import { GRACE_SECONDS } from "./timing";

/** Queues the close of a timed attempt for just after its deadline and grace period, once per attempt and deadline. */
export function scheduleAttemptClose(deps: Deps, kind: "mcqBlock" | "essayBlock", attemptId: string, deadlineAt: Date) {
  const startAfter = new Date(deadlineAt.getTime() + GRACE_SECONDS * 1000 + 1000);
  return deps.jobs.send("close-attempt", `${kind}:${attemptId}:${deadlineAt.toISOString()}`, { kind, attemptId }, { startAfter });
}
