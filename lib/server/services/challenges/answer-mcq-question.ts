import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { mcqAnswerKeys, mcqAnswers, mcqAttempts, mcqOptions, mcqQuestions } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest, conflict, notFound } from "../../errors";
import { isUuid, type User } from "../learning/course-access";
import { closeMcqAttempt } from "./close-mcq-attempt";
import { countsAsInTime, isOverdue, remainingSeconds } from "./timing";

export interface McqAnswerInput {
  courseId: string;
  mcqBlockId: string;
  /** The question answered. */
  mcq: string;
  selectedOptionIds: string[];
  idempotencyKey?: string;
  /** When the browser sent it, by its clock corrected for its offset from the server's. */
  sentAt?: Date;
}

/**
 * POST /course/video/mcq/answer: saves the learner's choice for one question of their running attempt,
 * replacing the earlier one. It counts when it arrives before the deadline, or within the grace period
 * when it was sent before it. A resend with the same idempotency key is answered again but applied once,
 * so a late duplicate never overwrites a newer choice. Refused, changing nothing: no running attempt,
 * time up, a question of another block, an option of another question, more options than allowed.
 */
export async function answerMcqQuestion(deps: Deps, user: User, input: McqAnswerInput) {
  if (!isUuid(input.mcqBlockId) || !isUuid(input.courseId)) throw notFound("This multiple-choice block is not part of the course.");
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(mcqAttempts)
      .where(and(eq(mcqAttempts.userId, user.id), eq(mcqAttempts.blockId, input.mcqBlockId), eq(mcqAttempts.courseId, input.courseId)))
      .for("update");
    if (!attempt) throw conflict("Start this multiple-choice block before answering it.", "attempt_not_started");
    if (attempt.status !== "onProgress") {
      throw conflict("This block is already submitted: its answers can no longer change.", "attempt_closed");
    }
    if (!countsAsInTime(attempt.deadlineAt, now, input.sentAt)) {
      return { closeNow: isOverdue(attempt.deadlineAt, now), attempt };
    }
    if (input.idempotencyKey) {
      const [seen] = await tx
        .select({ key: mcqAnswerKeys.idempotencyKey })
        .from(mcqAnswerKeys)
        .where(and(eq(mcqAnswerKeys.attemptId, attempt.id), eq(mcqAnswerKeys.idempotencyKey, input.idempotencyKey)));
      if (seen) return { attempt, repeated: true };
    }
    await checkChoice(tx, input);
    if (input.idempotencyKey) await tx.insert(mcqAnswerKeys).values({ attemptId: attempt.id, idempotencyKey: input.idempotencyKey });
    await tx
      .insert(mcqAnswers)
      .values({ attemptId: attempt.id, questionId: input.mcq, selectedOptionIds: input.selectedOptionIds, answeredAt: input.sentAt ?? now, updatedAt: now })
      .onConflictDoUpdate({
        target: [mcqAnswers.attemptId, mcqAnswers.questionId],
        set: { selectedOptionIds: sql`excluded.selected_option_ids`, answeredAt: sql`excluded.answered_at`, updatedAt: now },
      });
    return { attempt, saved: true };
  });
  if ("closeNow" in result) {
    // Too late: past the deadline (and, for an answer sent after it, whatever the grace period).
    if (result.closeNow) await closeMcqAttempt(deps.db, result.attempt.id, "timeout", now);
    throw new ApiError(409, "time_up", "Time is up for this block: this answer arrived after the deadline and was not saved.");
  }
  return {
    isSuccess: true,
    message: "repeated" in result ? "This answer was already saved." : "Answer saved.",
    attemptStatus: "onProgress" as const,
    remainingTimeInSeconds: remainingSeconds(result.attempt.deadlineAt, now),
  };
}

/** The question must belong to the block, every option to the question, and no more options than it has right ones. One query. */
async function checkChoice(tx: Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0], input: McqAnswerInput) {
  if (!isUuid(input.mcq)) throw badRequest("mcq: this question is not part of the block.", "unknown_question");
  const options = await tx
    .select({ id: mcqOptions.id, isCorrect: mcqOptions.isCorrect })
    .from(mcqQuestions)
    .leftJoin(mcqOptions, eq(mcqOptions.questionId, mcqQuestions.id))
    .where(and(eq(mcqQuestions.id, input.mcq), eq(mcqQuestions.blockId, input.mcqBlockId)));
  if (!options.length) throw badRequest("mcq: this question is not part of the block.", "unknown_question");
  const ids = new Set(options.map((o) => o.id));
  const foreign = input.selectedOptionIds.find((id) => !ids.has(id));
  if (foreign !== undefined) throw badRequest(`selectedOptionIds: ${foreign} is not an option of this question.`, "unknown_option");
  if (new Set(input.selectedOptionIds).size !== input.selectedOptionIds.length) {
    throw badRequest("selectedOptionIds: an option is chosen twice.", "duplicate_option");
  }
  const allowed = Math.max(1, options.filter((o) => o.isCorrect).length);
  if (input.selectedOptionIds.length > allowed) {
    throw badRequest(`selectedOptionIds: choose at most ${allowed} option${allowed === 1 ? "" : "s"} for this question.`, "too_many_options");
  }
}
