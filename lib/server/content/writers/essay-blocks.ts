import "server-only";
import { inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { deleteIds, groupBy, upsertRow, type ItemPlace, type Tx } from "./rows";

export type EssayBlockRow = typeof t.essayBlocks.$inferSelect;
export type EssayCriteriaRows = Map<string, (typeof t.essayCriteria.$inferSelect)[]>;

/** The grading criteria of existing essay blocks, by block, in position order. */
export async function readEssayCriteria(tx: Tx, blockIds: string[]): Promise<EssayCriteriaRows> {
  const criteria = blockIds.length ? await tx.select().from(t.essayCriteria).where(inArray(t.essayCriteria.blockId, blockIds)) : [];
  return groupBy(criteria, (r) => r.blockId);
}

/** An essay block's row at its place, and its criteria's rows. */
export const essayBlockRow = (place: ItemPlace, block: s.EssayBlockInput) => ({
  subChapterId: place.subChapterId,
  position: place.position,
  title: block.title,
  slug: slugify(block.title),
  slugId: block.slugId,
  question: block.question,
  description: block.description,
  referenceDocument: block.referenceDocument ?? null,
  solutionDocument: block.solutionDocument ?? null,
  durationInMinutes: block.durationInMinutes,
  passMark: block.passMark ?? null,
  minWords: block.minWords ?? null,
  maxWords: block.maxWords ?? null,
});
export const essayCriterionRow = (blockId: string, position: number, k: s.EssayBlockInput["criteria"][number]) => ({
  blockId,
  position,
  gradingCriteria: k.gradingCriteria,
  description: k.description,
  marks: k.marks,
});

/**
 * An essay block at its place, updating `matched` (the row of the same slugId) in place or
 * inserting it; returns its id. Criteria are matched by position; the ones past the file's end are deleted.
 */
export async function writeEssayBlock(
  tx: Tx,
  place: ItemPlace,
  block: s.EssayBlockInput,
  matched: EssayBlockRow | undefined,
  criteriaByBlock: EssayCriteriaRows,
): Promise<string> {
  const blockId = await upsertRow(tx, t.essayBlocks, matched, essayBlockRow(place, block));
  const exList = criteriaByBlock.get(blockId) ?? [];
  for (const [ki, k] of block.criteria.entries()) {
    await upsertRow(tx, t.essayCriteria, exList[ki], essayCriterionRow(blockId, ki, k));
  }
  await deleteIds(
    tx,
    t.essayCriteria,
    exList.slice(block.criteria.length).map((r) => r.id),
  );
  return blockId;
}
