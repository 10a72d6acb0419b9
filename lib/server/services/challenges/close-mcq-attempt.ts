import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { recordLearningEvent } from "../xapi";
import { loadMcqAnswers, loadMcqQuestions } from "./mcq-content";
import { scoreMcq } from "./score-mcq";

/**
 * Completes a running multiple-choice attempt and scores the answers saved so far. The row is locked
 * first and only a row still running is changed, so however many requests and sweeps race, the attempt
 * is closed and scored once, and its xAPI statement (score and success) is written with it. Returns
 * whether this call closed it.
 */
export async function closeMcqAttempt(deps: Pick<Deps, "db" | "siteUrl">, attemptId: string, closedBy: "learner" | "timeout", now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ blockId: mcqAttempts.blockId, status: mcqAttempts.status, deadlineAt: mcqAttempts.deadlineAt })
      .from(mcqAttempts)
      .where(eq(mcqAttempts.id, attemptId))
      .for("update");
    if (!attempt || attempt.status !== "onProgress") return false;
    const questions = await loadMcqQuestions(tx, attempt.blockId);
    const answers = await loadMcqAnswers(tx, attemptId);
    const { obtainedScore, totalScore } = scoreMcq(questions, answers);
    // Closed by time: it ended at the deadline, whenever the server got to it.
    const submittedAt = closedBy === "timeout" ? attempt.deadlineAt : now < attempt.deadlineAt ? now : attempt.deadlineAt;
    const closed = await tx
      .update(mcqAttempts)
      .set({ status: "completed", closedBy, submittedAt, obtainedScore, totalScore })
      .where(and(eq(mcqAttempts.id, attemptId), eq(mcqAttempts.status, sql`'onProgress'`)))
      .returning({ id: mcqAttempts.id });
    if (closed.length !== 1) return false;
    await recordLearningEvent(tx, deps.siteUrl, { kind: "mcq-completed", attemptId, at: submittedAt });
    return true;
  });
}
