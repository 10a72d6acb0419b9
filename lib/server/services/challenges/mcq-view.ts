import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import type { Db } from "../../db/client";
import { mcqAttempts } from "../../db/schema";
import { reachesPassMark } from "../../domain/completion";
import type { ChallengeInCourse } from "./load-challenge";
import { loadMcqAnswers, loadMcqQuestions } from "./mcq-content";
import { remainingSeconds } from "./timing";

export type McqAttemptRow = typeof mcqAttempts.$inferSelect;

/** The learner's latest attempt at a block (the running one, if any), or undefined; one query. */
export async function findMcqAttempt(db: Pick<Db, "select">, userId: string, blockId: string): Promise<McqAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.blockId, blockId)))
    .orderBy(desc(mcqAttempts.attemptNumber))
    .limit(1);
  return row;
}

/** The learner's attempts at a block: how many, and the best completed one's score and total; one query. */
export async function mcqAttemptsSummary(db: Pick<Db, "select">, userId: string, blockId: string): Promise<McqAttemptsSummary> {
  const rows = await db
    .select({ status: mcqAttempts.status, obtained: mcqAttempts.obtainedScore, total: mcqAttempts.totalScore })
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.blockId, blockId)));
  let best: McqAttemptsSummary["best"] = null;
  for (const r of rows) {
    if (r.status !== "completed" || r.obtained === null) continue;
    const share = (x: { obtained: number; total: number }) => (x.total > 0 ? x.obtained / x.total : 1);
    const candidate = { obtained: r.obtained, total: r.total };
    if (!best || share(candidate) > share(best)) best = candidate;
  }
  return { used: rows.length, best };
}

export interface McqAttemptsSummary {
  used: number;
  best: { obtained: number; total: number } | null;
}

/**
 * The attempts part of the block's answer: the pass mark, attempts allowed, used and remaining, and the
 * score that counts, which is the best completed attempt's (kinder to a learner than the last).
 */
export function mcqAttemptsView(block: ChallengeInCourse["block"], summary: McqAttemptsSummary) {
  return {
    passMark: block.passMark,
    attemptsAllowed: block.attemptsAllowed,
    attemptsUsed: summary.used,
    attemptsRemaining: block.attemptsAllowed === null ? null : Math.max(0, block.attemptsAllowed - summary.used),
    countingScore: summary.best?.obtained ?? null,
    isPassed: summary.best !== null && reachesPassMark(summary.best.obtained, summary.best.total, block.passMark),
  };
}

/**
 * The block as the learner may see it now. Before an attempt: no questions. While it runs: the
 * questions, options and the learner's choices, never which options are right. Once completed: the
 * scores and, per option, whether it is right. Three queries when an attempt exists.
 */
export async function mcqBlockView(db: Db, challenge: ChallengeInCourse, attempt: McqAttemptRow | undefined, now: Date): Promise<McqBlock> {
  const { block } = challenge;
  const [questions, summary] = await Promise.all([
    loadMcqQuestions(db, block.id),
    attempt ? mcqAttemptsSummary(db, attempt.userId, block.id) : Promise.resolve({ used: 0, best: null }),
  ]);
  const totalScore = questions.reduce((sum, q) => sum + q.mark, 0);
  const base = {
    id: block.id,
    title: block.title,
    chapterId: block.chapterId,
    chapterTitle: block.chapterTitle,
    durationInMinutes: block.durationInMinutes,
    totalScore,
    isChallengeLocked: challenge.locked,
    ...mcqAttemptsView(block, summary),
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
