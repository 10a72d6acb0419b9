import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { EssayBlock, McqBlock } from "@/lib/contract/entities";
import type { Db } from "../../db/client";
import { essayBlocks, essayCriteria, mcqBlocks, mcqQuestions } from "../../db/schema";
import type { TreeChapter, TreeItem } from "../learning/version-tree";

/**
 * A multiple-choice block as shown before any attempt: no questions (they come when an attempt
 * starts) and so no answers. One query.
 */
export async function mcqBlockBeforeAttempt(db: Db, item: TreeItem, chapter: TreeChapter, locked: boolean): Promise<McqBlock> {
  const [row] = await db
    .select({ totalScore: sql<number>`coalesce(sum(${mcqQuestions.mark}), 0)::int` })
    .from(mcqBlocks)
    .leftJoin(mcqQuestions, eq(mcqQuestions.blockId, mcqBlocks.id))
    .where(eq(mcqBlocks.id, item.id));
  return {
    id: item.id,
    title: item.title,
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    durationInMinutes: Math.round(item.durationSeconds / 60),
    attemptStatus: "notAttempted",
    totalScore: Number(row?.totalScore ?? 0),
    obtainedScore: null,
    startedAt: null,
    endsAt: null,
    submittedAt: null,
    remainingTimeInSeconds: null,
    isChallengeLocked: locked,
    questions: [],
  };
}

/** An essay challenge as shown before any attempt: never its model answer; its text only when open. One query. */
export async function essayBlockBeforeAttempt(db: Db, item: TreeItem, locked: boolean): Promise<EssayBlock> {
  const rows = await db
    .select({
      description: essayBlocks.description,
      referenceDocument: essayBlocks.referenceDocument,
      criterionId: essayCriteria.id,
      gradingCriteria: essayCriteria.gradingCriteria,
      criterionDescription: essayCriteria.description,
      marks: essayCriteria.marks,
      order: essayCriteria.position,
    })
    .from(essayBlocks)
    .leftJoin(essayCriteria, eq(essayCriteria.blockId, essayBlocks.id))
    .where(eq(essayBlocks.id, item.id))
    .orderBy(asc(essayCriteria.position));
  const first = rows[0];
  const criteria = rows.flatMap((r) =>
    r.criterionId
      ? [{ id: r.criterionId, gradingCriteria: r.gradingCriteria!, description: r.criterionDescription ?? "", marks: r.marks ?? 0, order: r.order ?? 0 }]
      : [],
  );
  return {
    id: item.id,
    title: item.title,
    // The question comes with the attempt, when its clock starts.
    question: "",
    description: locked ? "" : (first?.description ?? ""),
    referenceDocument: locked ? null : (first?.referenceDocument ?? null),
    durationInMinutes: Math.round(item.durationSeconds / 60),
    attemptStatus: "notAttempted",
    totalScore: criteria.reduce((s, c) => s + c.marks, 0),
    obtainedScore: null,
    criteria,
    submittedAnswer: null,
    draftVersion: 0,
    draftSavedAt: null,
    submissionUploadedFileUrl: [],
    attachments: [],
    submissionSource: null,
    comment: null,
    startedAt: null,
    endsAt: null,
    submittedAt: null,
    remainingTimeInSeconds: null,
    isChallengeLocked: locked,
  };
}
