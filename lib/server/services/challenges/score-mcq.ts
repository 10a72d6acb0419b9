/**
 * Scoring of a multiple-choice block: a question earns its full mark when the chosen options are
 * exactly its correct options, and nothing otherwise (a partly right answer earns 0, as does a
 * question left unanswered). Pure, so the rule is tested on its own.
 */
export interface ScoredQuestion {
  id: string;
  mark: number;
  correctOptionIds: string[];
}

export function isAnswerRight(question: Pick<ScoredQuestion, "correctOptionIds">, chosen: readonly string[] | undefined): boolean {
  if (!chosen || chosen.length !== question.correctOptionIds.length) return false;
  const right = new Set(question.correctOptionIds);
  return new Set(chosen).size === chosen.length && chosen.every((id) => right.has(id));
}

export function scoreMcq(questions: ScoredQuestion[], answers: ReadonlyMap<string, readonly string[]>): { obtainedScore: number; totalScore: number } {
  let obtainedScore = 0;
  let totalScore = 0;
  for (const q of questions) {
    totalScore += q.mark;
    if (isAnswerRight(q, answers.get(q.id))) obtainedScore += q.mark;
  }
  return { obtainedScore, totalScore };
}
