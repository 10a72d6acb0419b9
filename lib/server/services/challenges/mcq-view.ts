import "server-only";
import { and, eq } from "drizzle-orm";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import type { Db } from "../../db/client";
import { mcqAttempts } from "../../db/schema";
import type { ChallengeInCourse } from "./load-challenge";
import { loadMcqAnswers, loadMcqQuestions } from "./mcq-content";
import { remainingSeconds } from "./timing";

export type McqAttemptRow = typeof mcqAttempts.$inferSelect;

/** The learner's attempt at a block, or undefined; one query. */
export async function findMcqAttempt(db: Pick<Db, "select">, userId: string, blockId: string): Promise<McqAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.blockId, blockId)))
    .limit(1);
  return row;
}

/**
 * The block as the learner may see it now. Before an attempt: no questions. While it runs: the
 * questions, options and the learner's choices, never which options are right. Once completed: the
 * scores and, per option, whether it is right. Two queries when an attempt exists.
 */
export async function mcqBlockView(db: Db, challenge: ChallengeInCourse, attempt: McqAttemptRow | undefined, now: Date): Promise<McqBlock> {
  const { block } = challenge;
  const questions = await loadMcqQuestions(db, block.id);
  const totalScore = questions.reduce((sum, q) => sum + q.mark, 0);
  const base = {
    id: block.id,
    title: block.title,
    chapterId: block.chapterId,
    chapterTitle: block.chapterTitle,
    durationInMinutes: block.durationInMinutes,
    totalScore,
    isChallengeLocked: challenge.locked,
  };
  if (!attempt) {
    return {
      ...base,
      attemptStatus: "notAttempted",
      obtainedScore: null,
      startedAt: null,
      endsAt: null,
      submittedAt: null,
      remainingTimeInSeconds: null,
      questions: [],
    };
  }
  const answers = await loadMcqAnswers(db, attempt.id);
  const completed = attempt.status === "completed";
  return {
    ...base,
    attemptStatus: attempt.status,
    totalScore: completed ? attempt.totalScore : totalScore,
    obtainedScore: completed ? attempt.obtainedScore : null,
    startedAt: attempt.startedAt.toISOString(),
    endsAt: completed ? null : attempt.deadlineAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    closedBy: attempt.closedBy,
    remainingTimeInSeconds: completed ? null : remainingSeconds(attempt.deadlineAt, now),
    questions: questions.map((q) => {
      const chosen = new Set(answers.get(q.id) ?? []);
      return {
        id: q.id,
        question: q.question,
        mark: q.mark,
        maxCorrectOptionsCount: Math.max(1, q.correctOptionIds.length),
        // isCorrect is added only once the attempt is completed: the key stays on the server until then.
        options: q.options.map((o) => ({
          id: o.id,
          value: o.value,
          isSelectedByUser: chosen.has(o.id),
          ...(completed ? { isCorrect: o.isCorrect } : {}),
        })),
      };
    }),
  };
}
