import "server-only";
import { eq, sql } from "drizzle-orm";
import type { EssayBlock, McqBlock } from "@/lib/contract/entities/challenges";
import type { Db } from "../../db/client";
import { mcqBlocks, mcqQuestions, timedBlockGrants } from "../../db/schema";
import type { TreeChapter, TreeItem } from "../../domain/version-tree";
import { essayBlockView, loadEssayContent } from "./essay-view";

/**
 * A multiple-choice block as shown before any attempt: no questions (they come when an attempt
 * starts) and so no answers. One query.
 */
export async function mcqBlockBeforeAttempt(db: Db, userId: string, item: TreeItem, chapter: TreeChapter, locked: boolean): Promise<McqBlock> {
  // With what administrators granted this learner at the block (docs/timed-attempts.md).
  const granted = (column: typeof timedBlockGrants.extraAttempts | typeof timedBlockGrants.extraMinutes) =>
    sql<number>`(select coalesce(sum(${column}), 0)::int from ${timedBlockGrants} where ${timedBlockGrants.userId} = ${userId} and ${timedBlockGrants.blockId} = ${mcqBlocks.id})`;
  const [row] = await db
    .select({
      totalScore: sql<number>`coalesce(sum(${mcqQuestions.mark}), 0)::int`,
      passMark: mcqBlocks.passMark,
      attemptsAllowed: sql<number | null>`(${mcqBlocks.attemptsAllowed} + ${granted(timedBlockGrants.extraAttempts)})::int`,
      extraMinutes: granted(timedBlockGrants.extraMinutes),
    })
    .from(mcqBlocks)
    .leftJoin(mcqQuestions, eq(mcqQuestions.blockId, mcqBlocks.id))
    .where(eq(mcqBlocks.id, item.id))
    .groupBy(mcqBlocks.id);
  return {
    id: item.id,
    title: item.title,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    durationInMinutes: Math.round(item.durationSeconds / 60) + Number(row?.extraMinutes ?? 0),
    attemptStatus: "notAttempted",
    totalScore: Number(row?.totalScore ?? 0),
    obtainedScore: null,
    startedAt: null,
    endsAt: null,
    submittedAt: null,
    remainingTimeInSeconds: null,
    isChallengeLocked: locked,
    questions: [],
    passMark: row?.passMark ?? null,
    attemptsAllowed: row?.attemptsAllowed ?? null,
    attemptsUsed: 0,
    attemptsRemaining: row?.attemptsAllowed ?? null,
    countingScore: null,
    isPassed: false,
  };
}

/**
 * An essay challenge as shown before any attempt: the learner's view of it without an attempt (see
 * essayBlockView: never the question nor the model answer; no text at all while locked). One query.
 */
export async function essayBlockBeforeAttempt(db: Db, item: TreeItem, locked: boolean): Promise<EssayBlock> {
  const content = await loadEssayContent(db, item.id);
  if (!content) throw new Error(`essay ${item.id} of the course tree has no row`);
  return essayBlockView(db, content, locked, undefined, new Date());
}
