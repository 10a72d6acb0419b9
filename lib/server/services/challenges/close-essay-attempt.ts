import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { essayAttempts } from "../../db/schema";
import { GRACE_SECONDS } from "./timing";

/**
 * Submits a running essay attempt whose deadline and grace period have passed, with its last saved
 * draft (source timeOut, submitted at the deadline; an empty draft stays empty). Only a row still
 * running is changed, so it happens once. Returns whether this call submitted it.
 */
export async function closeOverdueEssay(db: Db, attemptId: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - GRACE_SECONDS * 1000);
  const rows = await db
    .update(essayAttempts)
    .set({ status: "awaitingResults", submittedAt: essayAttempts.deadlineAt, submissionSource: "timeOut" })
    .where(and(eq(essayAttempts.id, attemptId), eq(essayAttempts.status, "onProgress"), lt(essayAttempts.deadlineAt, cutoff)))
    .returning({ id: essayAttempts.id });
  return rows.length === 1;
}
