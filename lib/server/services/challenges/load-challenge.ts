import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { chapters, essayBlocks, mcqBlocks, subChapters, timedBlockGrants } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, notFound } from "../../errors";
import { isUuid, loadLearnerCourse, type LearnerCourse, type User } from "../../domain/course-access";

export interface ChallengeInCourse {
  learner: LearnerCourse;
  block: {
    id: string;
    title: string;
    chapterId: string;
    chapterTitle: string;
    /** The block's time plus the minutes an administrator granted this learner (docs/timed-attempts.md). */
    durationInMinutes: number;
    /** Percent of the marks needed to pass; null: completing (MCQ) or submitting (essay) is enough. */
    passMark: number | null;
    /** MCQ blocks: attempts allowed (the block's plus those granted to this learner), null for unlimited (always null for essays). */
    attemptsAllowed: number | null;
    /** Essays: word limits of a final submission (always null for MCQ blocks). */
    minWords: number | null;
    maxWords: number | null;
  };
  /** The learner may not attempt it: not enrolled, not started yet, access ended, or premium only. */
  locked: boolean;
}

/**
 * A multiple-choice block or essay challenge as part of the learner's version of a course, with the
 * course's lock; 404 when the block is not in that version. Three queries.
 */
export async function loadChallenge(deps: Deps, user: User, courseId: string, kind: "mcqBlock" | "essayBlock", blockId: string): Promise<ChallengeInCourse> {
  const what = kind === "mcqBlock" ? "multiple-choice block" : "essay challenge";
  if (!isUuid(blockId)) throw notFound(`This ${what} is not part of the course.`);
  const learner = await loadLearnerCourse(deps, user, courseId);
  const table = kind === "mcqBlock" ? mcqBlocks : essayBlocks;
  // What administrators granted this learner at the block, summed in the same query.
  const granted = (column: typeof timedBlockGrants.extraAttempts | typeof timedBlockGrants.extraMinutes) =>
    sql<number>`(select coalesce(sum(${column}), 0)::int from ${timedBlockGrants} where ${timedBlockGrants.userId} = ${user.id} and ${timedBlockGrants.blockId} = ${table.id})`;
  const [block] = await deps.db
    .select({
      id: table.id,
      title: table.title,
      durationInMinutes: sql<number>`(${table.durationInMinutes} + ${granted(timedBlockGrants.extraMinutes)})::int`,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      passMark: table.passMark,
      attemptsAllowed: kind === "mcqBlock" ? sql<number | null>`(${mcqBlocks.attemptsAllowed} + ${granted(timedBlockGrants.extraAttempts)})::int` : sql<number | null>`null::int`,
      minWords: kind === "essayBlock" ? essayBlocks.minWords : sql<number | null>`null::int`,
      maxWords: kind === "essayBlock" ? essayBlocks.maxWords : sql<number | null>`null::int`,
    })
    .from(table)
    .innerJoin(subChapters, eq(subChapters.id, table.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .where(and(eq(table.id, blockId), eq(chapters.versionId, learner.versionId)))
    .limit(1);
  if (!block) throw notFound(`This ${what} is not part of your version of the course.`);
  return { learner, block, locked: !learner.access.open };
}

const LOCKED = {
  notStarted: "This course has not started for you yet.",
  accountExpired: "Your access to this course has ended.",
  premiumOnly: "This course is part of the Premium plan.",
} as const;

/**
 * What starting a new timed attempt writes first: the learner, the block, the course version, and the
 * deadline fixed by the server now. Refused with 403 challenge_locked, naming why, when the course is locked.
 */
export function newAttempt(challenge: ChallengeInCourse, kind: "mcqBlock" | "essayBlock", now: Date) {
  if (challenge.locked) {
    const reason = challenge.learner.access.reason ?? "notEnrolled";
    const what = kind === "mcqBlock" ? "multiple-choice blocks" : "essay challenges";
    const message = reason === "notEnrolled" ? `Enroll in this course to attempt its ${what}.` : reason === "programOrder" ? (challenge.learner.access.message ?? "") : LOCKED[reason];
    // The reason and the kind of block, for a page to word; a program's own lock message is its administrator's words.
    throw new ApiError(403, "challenge_locked", message, {}, { reason, block: kind });
  }
  return {
    blockId: challenge.block.id,
    courseId: challenge.learner.course.id,
    versionId: challenge.learner.versionId,
    startedAt: now,
    deadlineAt: new Date(now.getTime() + challenge.block.durationInMinutes * 60_000),
  };
}
