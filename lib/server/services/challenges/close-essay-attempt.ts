import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { essayAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { recordLearningEvent } from "../xapi";
import { GRACE_SECONDS } from "./timing";

/**
 * Submits a running essay attempt whose deadline and grace period have passed, with its last saved
 * draft (source timeOut, submitted at the deadline; an empty draft stays empty). Only a row still
 * running is changed, so it happens once, with its xAPI statement. Returns whether this call submitted it.
 */
export async function closeOverdueEssay(deps: Pick<Deps, "db" | "siteUrl">, attemptId: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - GRACE_SECONDS * 1000);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(essayAttempts)
      .set({ status: "awaitingResults", submittedAt: essayAttempts.deadlineAt, submissionSource: "timeOut" })
      .where(and(eq(essayAttempts.id, attemptId), eq(essayAttempts.status, "onProgress"), lt(essayAttempts.deadlineAt, cutoff)))
      .returning({ id: essayAttempts.id, submittedAt: essayAttempts.submittedAt });
    if (!row) return false;
    await recordLearningEvent(tx, deps.siteUrl, { kind: "essay-submitted", attemptId, at: row.submittedAt ?? now });
    return true;
  });
}
