import "server-only";
import type { McqBlock } from "@/lib/contract/entities";
import { mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden } from "../../errors";
import type { User } from "../learning/course-access";
import { currentMcqAttempt } from "./get-mcq-block";
import { loadChallenge } from "./load-challenge";
import { loadMcqQuestions } from "./mcq-content";
import { mcqBlockView } from "./mcq-view";

const LOCKED = {
  notEnrolled: "Enroll in this course to attempt its multiple-choice blocks.",
  notStarted: "This course has not started for you yet.",
  accountExpired: "Your access to this course has ended.",
  premiumOnly: "This course is part of the Premium plan.",
} as const;

/**
 * POST /course/video/mcqBlock/start: starts the learner's one timed attempt, its deadline fixed by the
 * server now. Starting again (a reload, a second tab) returns the attempt as it is, with its deadline.
 */
export async function startMcqBlock(deps: Deps, user: User, body: { courseId: string; mcqBlockId: string }): Promise<McqBlock> {
  const challenge = await loadChallenge(deps, user, body.courseId, "mcqBlock", body.mcqBlockId);
  let attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  if (!attempt) {
    if (challenge.locked) throw forbidden(LOCKED[challenge.learner.access.reason ?? "notEnrolled"], "challenge_locked");
    const now = deps.now();
    const questions = await loadMcqQuestions(deps.db, challenge.block.id);
    // One attempt per learner and block: of two starts at once, the second finds the first's row.
    await deps.db
      .insert(mcqAttempts)
      .values({
        userId: user.id,
        blockId: challenge.block.id,
        courseId: challenge.learner.course.id,
        versionId: challenge.learner.versionId,
        startedAt: now,
        deadlineAt: new Date(now.getTime() + challenge.block.durationInMinutes * 60_000),
        totalScore: questions.reduce((sum, q) => sum + q.mark, 0),
      })
      .onConflictDoNothing();
    attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  }
  return mcqBlockView(deps.db, challenge, attempt, deps.now());
}
