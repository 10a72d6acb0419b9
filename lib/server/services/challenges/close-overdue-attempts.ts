import "server-only";
import { and, asc, eq, lt } from "drizzle-orm";
import { essayAttempts, mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { recordLearningEvent } from "../xapi";
import { closeMcqAttempt } from "./close-mcq-attempt";
import { GRACE_SECONDS } from "./timing";

export interface ClosedAttempts {
  mcq: string[];
  essay: string[];
}

/**
 * Closes every running attempt whose deadline and grace period have passed, whether or not a browser
 * is open: a multiple-choice attempt is scored on the answers saved so far; an essay is submitted with
 * its last saved draft (source timeOut; an empty draft stays empty). Each attempt is closed once, even
 * with several processes sweeping the same database: the close only applies to a row still running.
 */
export async function closeOverdueAttempts(deps: Deps, limit = 200): Promise<ClosedAttempts> {
  const cutoff = new Date(deps.now().getTime() - GRACE_SECONDS * 1000);
  // The essays submitted here and their xAPI statements are written together.
  const essays = await deps.db.transaction(async (tx) => {
    const submitted = await tx
      .update(essayAttempts)
      .set({ status: "awaitingResults", submittedAt: essayAttempts.deadlineAt, submissionSource: "timeOut" })
      .where(and(eq(essayAttempts.status, "onProgress"), lt(essayAttempts.deadlineAt, cutoff)))
      .returning({ id: essayAttempts.id, submittedAt: essayAttempts.submittedAt });
    for (const e of submitted) await recordLearningEvent(tx, deps.siteUrl, { kind: "essay-submitted", attemptId: e.id, at: e.submittedAt ?? deps.now() });
    return submitted;
  });
  const overdue = await deps.db
    .select({ id: mcqAttempts.id })
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.status, "onProgress"), lt(mcqAttempts.deadlineAt, cutoff)))
    .orderBy(asc(mcqAttempts.deadlineAt))
    .limit(limit);
  const mcq: string[] = [];
  for (const { id } of overdue) {
    if (await closeMcqAttempt(deps, id, "timeout", deps.now())) mcq.push(id);
  }
  return { mcq, essay: essays.map((e) => e.id) };
}
