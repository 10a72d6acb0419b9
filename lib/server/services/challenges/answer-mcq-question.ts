import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { jsonColumn } from "../../db/json-column";
import { mcqAnswerKeys, mcqAnswers, mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, badRequest, conflict, notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
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
  const key = input.idempotencyKey;
  const result = await deps.db.transaction(async (tx) => {
    // The attempt, locked until the answer commits, whether this key was applied already, and the
    // options of the question answered (when it is one of the block's): one query.
    const [row] = await tx
      .select({
        attempt: mcqAttempts,
        // Written out whole: drizzle leaves the table off a column in a query without joins, which
        // would make these subqueries' "id" ambiguous.
        seen: key
          ? sql<boolean>`exists (select 1 from mcq_answer_keys k where k.attempt_id = mcq_attempts.id and k.idempotency_key = ${key})`
          : sql<boolean>`false`,
        options: sql<OptionJson[] | string | null>`(select json_agg(json_build_array(o.id, o.is_correct))
          from mcq_questions q left join mcq_options o on o.question_id = q.id
          where q.id = ${isUuid(input.mcq) ? input.mcq : null} and q.block_id = ${input.mcqBlockId})`,
      })
      .from(mcqAttempts)
      .where(and(eq(mcqAttempts.userId, user.id), eq(mcqAttempts.blockId, input.mcqBlockId), eq(mcqAttempts.courseId, input.courseId)))
      // The latest attempt: the running one when there is one.
      .orderBy(desc(mcqAttempts.attemptNumber))
      .limit(1)
      .for("update", { of: mcqAttempts });
    if (!row) throw conflict("Start this multiple-choice block before answering it.", "attempt_not_started");
    const { attempt } = row;
    if (attempt.status !== "onProgress") {
      throw conflict("This block is already submitted: its answers can no longer change.", "attempt_closed");
    }
    if (!countsAsInTime(attempt.deadlineAt, now, input.sentAt)) {
      return { closeNow: isOverdue(attempt.deadlineAt, now), attempt };
    }
    if (row.seen) return { attempt, repeated: true };
    checkChoice(optionsOf(row.options), input);
    // The key is kept with the answer, in the same statement.
    const writer = key ? tx.with(tx.$with("applied").as(tx.insert(mcqAnswerKeys).values({ attemptId: attempt.id, idempotencyKey: key }).returning({ attemptId: mcqAnswerKeys.attemptId }))) : tx;
    await writer
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
    if (result.closeNow) await closeMcqAttempt(deps, result.attempt.id, "timeout", now);
    throw new ApiError(409, "time_up", "Time is up for this block: this answer arrived after the deadline and was not saved.");
  }
  return {
    isSuccess: true,
    message: "repeated" in result ? "This answer was already saved." : "Answer saved.",
    attemptStatus: "onProgress" as const,
    remainingTimeInSeconds: remainingSeconds(result.attempt.deadlineAt, now),
  };
}

/** A question's options as the attempt's query brings them: [id, isCorrect], [null, null] for a question with none. */
type OptionJson = [string | null, boolean | null];

const optionsOf = (value: OptionJson[] | string | null) => (jsonColumn(value) ?? []).map(([id, isCorrect]) => ({ id, isCorrect }));

/** The question must belong to the block (it has options then), every option to the question, and no more options than it has right ones. */
function checkChoice(options: { id: string | null; isCorrect: boolean | null }[], input: McqAnswerInput) {
  if (!isUuid(input.mcq) || !options.length) throw badRequest("mcq: this question is not part of the block.", "unknown_question");
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
