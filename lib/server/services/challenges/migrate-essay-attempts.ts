import "server-only";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chapters, essayAttempts, essayBlocks, essayCriteria, essayEvaluations, essayUploads, subChapters } from "../../db/schema";
import { isOverdue } from "./timing";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface EssayMigration {
  /** Running attempts whose essay is not in the new version: submitted with their last draft. */
  submittedOnMigration: string[];
  /** Running attempts carried to the same essay in the new version: still running, same deadline and draft. */
  carriedRunning: string[];
  /** Submitted (or graded) attempts carried to the same essay in the new version, source migrated. */
  migrated: string[];
  /** Running attempts past their deadline and grace period: submitted as at the deadline (timeOut) first. */
  timedOut: string[];
}

/**
 * What happens to a learner's essays when their version of a course changes (call it in the same
 * transaction that changes enrollments.version_id). An essay of the old version is "the same" in the
 * new version when that version holds an essay with the same slugId (the content's stable identifier):
 *
 * - a running attempt past its deadline and grace period is first submitted as the sweep would
 *   (source timeOut, at the deadline), and then handled as a submitted one;
 * - a running attempt whose essay is not in the new version is submitted now with its last saved draft
 *   (source submittedOnMigration; an empty draft stays empty);
 * - a running attempt whose essay is in the new version moves to it and keeps running, with its
 *   deadline, draft, draft version and attachments;
 * - a submitted or graded attempt whose essay is in the new version moves to it with source migrated
 *   and keeps its answer, status and evaluation (marks follow the criteria by their order);
 * - a submitted attempt whose essay is not in the new version stays with the old version, as history;
 * - an attempt is never moved onto an essay the learner has an attempt at already.
 *
 * Running it again changes nothing. Returns the attempt ids by what happened to them.
 */
export async function migrateEssayAttempts(tx: Tx, input: { userId: string; courseId: string; toVersionId: string; now: Date }): Promise<EssayMigration> {
  const result: EssayMigration = { submittedOnMigration: [], carriedRunning: [], migrated: [], timedOut: [] };
  const old = await tx
    .select({ attempt: essayAttempts, slugId: essayBlocks.slugId })
    .from(essayAttempts)
    .innerJoin(essayBlocks, eq(essayBlocks.id, essayAttempts.blockId))
    .where(and(eq(essayAttempts.userId, input.userId), eq(essayAttempts.courseId, input.courseId), ne(essayAttempts.versionId, input.toVersionId)))
    .for("update", { of: essayAttempts });
  if (!old.length) return result;

  const targets = await tx
    .select({ id: essayBlocks.id, slugId: essayBlocks.slugId })
    .from(essayBlocks)
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(eq(chapters.versionId, input.toVersionId));
  const targetBySlug = new Map(targets.map((b) => [b.slugId, b.id]));
  const taken = new Set(
    targets.length
      ? (
          await tx
            .select({ blockId: essayAttempts.blockId })
            .from(essayAttempts)
            .where(and(eq(essayAttempts.userId, input.userId), inArray(essayAttempts.blockId, targets.map((b) => b.id))))
        ).map((r) => r.blockId)
      : [],
  );

  const moves: { attemptId: string; from: string; to: string; finished: boolean }[] = [];
  for (const { attempt, slugId } of old) {
    let finished = attempt.status !== "onProgress";
    if (!finished && isOverdue(attempt.deadlineAt, input.now)) {
      await tx
        .update(essayAttempts)
        .set({ status: "awaitingResults", submittedAt: attempt.deadlineAt, submissionSource: "timeOut" })
        .where(and(eq(essayAttempts.id, attempt.id), eq(essayAttempts.status, "onProgress")));
      result.timedOut.push(attempt.id);
      finished = true;
    }
    const to = targetBySlug.get(slugId);
    if (to && !taken.has(to)) {
      taken.add(to);
      moves.push({ attemptId: attempt.id, from: attempt.blockId, to, finished });
    } else if (!finished) {
      await tx
        .update(essayAttempts)
        .set({
          status: "awaitingResults",
          submittedAt: input.now < attempt.deadlineAt ? input.now : attempt.deadlineAt,
          submissionSource: "submittedOnMigration",
        })
        .where(and(eq(essayAttempts.id, attempt.id), eq(essayAttempts.status, "onProgress")));
      result.submittedOnMigration.push(attempt.id);
    }
  }
  if (!moves.length) return result;

  // Marks are kept per criterion id: the new essay's criteria take the old ones' marks by their order.
  const blockIds = [...new Set(moves.flatMap((m) => [m.from, m.to]))];
  const criteria = await tx
    .select({ id: essayCriteria.id, blockId: essayCriteria.blockId })
    .from(essayCriteria)
    .where(inArray(essayCriteria.blockId, blockIds))
    .orderBy(asc(essayCriteria.position));
  const criteriaOf = (blockId: string) => criteria.filter((c) => c.blockId === blockId).map((c) => c.id);
  const finishedIds = moves.filter((m) => m.finished).map((m) => m.attemptId);
  const evaluations = finishedIds.length ? await tx.select().from(essayEvaluations).where(inArray(essayEvaluations.attemptId, finishedIds)) : [];

  for (const move of moves) {
    await tx
      .update(essayAttempts)
      .set({ blockId: move.to, versionId: input.toVersionId, ...(move.finished ? { submissionSource: "migrated" as const } : {}) })
      .where(eq(essayAttempts.id, move.attemptId));
    // The learner's files go with the attempt, so they stay attachable and listed.
    await tx.update(essayUploads).set({ blockId: move.to }).where(and(eq(essayUploads.userId, input.userId), eq(essayUploads.blockId, move.from)));
    const evaluation = evaluations.find((e) => e.attemptId === move.attemptId);
    if (evaluation) {
      const [from, to] = [criteriaOf(move.from), criteriaOf(move.to)];
      const marks: typeof evaluation.marks = {};
      from.forEach((id, i) => {
        const given = evaluation.marks[id];
        if (given && to[i]) marks[to[i]] = given;
      });
      await tx.update(essayEvaluations).set({ marks, updatedAt: input.now }).where(eq(essayEvaluations.id, evaluation.id));
    }
    (move.finished ? result.migrated : result.carriedRunning).push(move.attemptId);
  }
  return result;
}
