import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mcqAnswers, mcqOptions, mcqQuestions } from "../../db/schema";
import type { ScoredQuestion } from "./score-mcq";

export interface McqQuestionRow extends ScoredQuestion {
  question: string;
  options: { id: string; value: string; isCorrect: boolean }[];
}

/** A block's questions with their options in order, right answers included (server side only); one query. */
export async function loadMcqQuestions(db: Pick<Db, "select">, blockId: string): Promise<McqQuestionRow[]> {
  const rows = await db
    .select({
      questionId: mcqQuestions.id,
      question: mcqQuestions.question,
      mark: mcqQuestions.mark,
      optionId: mcqOptions.id,
      value: mcqOptions.value,
      isCorrect: mcqOptions.isCorrect,
    })
    .from(mcqQuestions)
    .leftJoin(mcqOptions, eq(mcqOptions.questionId, mcqQuestions.id))
    .where(eq(mcqQuestions.blockId, blockId))
    .orderBy(asc(mcqQuestions.position), asc(mcqOptions.position));
  const byId = new Map<string, McqQuestionRow>();
  for (const r of rows) {
    let q = byId.get(r.questionId);
    if (!q) {
      q = { id: r.questionId, question: r.question, mark: r.mark, options: [], correctOptionIds: [] };
      byId.set(r.questionId, q);
    }
    if (r.optionId) {
      q.options.push({ id: r.optionId, value: r.value!, isCorrect: !!r.isCorrect });
      if (r.isCorrect) q.correctOptionIds.push(r.optionId);
    }
  }
  return [...byId.values()];
}

/** The learner's saved choices in an attempt, by question id; one query. */
export async function loadMcqAnswers(db: Pick<Db, "select">, attemptId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ questionId: mcqAnswers.questionId, selected: mcqAnswers.selectedOptionIds })
    .from(mcqAnswers)
    .where(eq(mcqAnswers.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r.selected]));
}
