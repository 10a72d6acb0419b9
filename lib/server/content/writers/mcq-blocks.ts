import "server-only";
import { inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { deleteIds, groupBy, upsertRow, type ItemPlace, type Tx } from "./rows";

export type McqBlockRow = typeof t.mcqBlocks.$inferSelect;

/** The questions of existing blocks and their options, each list in position order. */
export interface McqContentRows {
  questionsByBlock: Map<string, (typeof t.mcqQuestions.$inferSelect)[]>;
  optionsByQuestion: Map<string, (typeof t.mcqOptions.$inferSelect)[]>;
}

export async function readMcqContent(tx: Tx, blockIds: string[]): Promise<McqContentRows> {
  const questions = blockIds.length ? await tx.select().from(t.mcqQuestions).where(inArray(t.mcqQuestions.blockId, blockIds)) : [];
  const options = questions.length
    ? await tx.select().from(t.mcqOptions).where(inArray(t.mcqOptions.questionId, questions.map((r) => r.id)))
    : [];
  return { questionsByBlock: groupBy(questions, (r) => r.blockId), optionsByQuestion: groupBy(options, (r) => r.questionId) };
}

type McqQuestionInput = s.McqBlockInput["questions"][number];

/** An MCQ block's row at its place; its questions' and their options' rows. */
export const mcqBlockRow = (place: ItemPlace, block: s.McqBlockInput) => ({
  subChapterId: place.subChapterId,
  position: place.position,
  title: block.title,
  slug: slugify(block.title),
  slugId: block.slugId,
  durationInMinutes: block.durationInMinutes,
  passMark: block.passMark ?? null,
  attemptsAllowed: block.attemptsAllowed ?? null,
});
export const mcqQuestionRow = (blockId: string, position: number, q: McqQuestionInput) => ({ blockId, position, question: q.question, mark: q.mark });
export const mcqOptionRow = (questionId: string, position: number, o: McqQuestionInput["options"][number]) => ({ questionId, position, value: o.value, isCorrect: o.correct });

/**
 * An MCQ block at its place, updating `matched` (the row of the same slugId) in place or inserting
 * it; returns its id. Questions and options are matched by position; the ones past the file's end are deleted.
 */
export async function writeMcqBlock(tx: Tx, place: ItemPlace, block: s.McqBlockInput, matched: McqBlockRow | undefined, existing: McqContentRows): Promise<string> {
  const blockId = await upsertRow(tx, t.mcqBlocks, matched, mcqBlockRow(place, block));
  const exQuestions = existing.questionsByBlock.get(blockId) ?? [];
  for (const [qi, q] of block.questions.entries()) {
    const questionId = await upsertRow(tx, t.mcqQuestions, exQuestions[qi], mcqQuestionRow(blockId, qi, q));
    const exOptions = existing.optionsByQuestion.get(questionId) ?? [];
    for (const [oi, o] of q.options.entries()) {
      await upsertRow(tx, t.mcqOptions, exOptions[oi], mcqOptionRow(questionId, oi, o));
    }
    await deleteIds(
      tx,
      t.mcqOptions,
      exOptions.slice(q.options.length).map((r) => r.id),
    );
  }
  await deleteIds(
    tx,
    t.mcqQuestions,
    exQuestions.slice(block.questions.length).map((r) => r.id),
  );
  return blockId;
}
