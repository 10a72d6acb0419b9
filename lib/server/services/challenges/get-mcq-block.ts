import "server-only";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import type { Deps } from "../../deps";
import type { User } from "../../domain/course-access";
import { closeMcqAttempt } from "./close-mcq-attempt";
import { loadChallenge } from "./load-challenge";
import { findMcqAttempt, mcqBlockView, type McqAttemptRow } from "./mcq-view";
import { isOverdue } from "./timing";

/** The learner's attempt, closed and scored first when its time (and grace period) has run out. */
export async function currentMcqAttempt(deps: Deps, userId: string, blockId: string): Promise<McqAttemptRow | undefined> {
  const attempt = await findMcqAttempt(deps.db, userId, blockId);
  if (attempt?.status === "onProgress" && isOverdue(attempt.deadlineAt, deps.now())) {
    await closeMcqAttempt(deps, attempt.id, "timeout", deps.now());
    return findMcqAttempt(deps.db, userId, blockId);
  }
  return attempt;
}

/** GET /course/video/mcqBlock/data: the block with the learner's attempt. */
export async function getMcqBlock(deps: Deps, user: User, query: { courseId: string; mcqBlockId: string }): Promise<McqBlock> {
  const challenge = await loadChallenge(deps, user, query.courseId, "mcqBlock", query.mcqBlockId);
  const attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  return mcqBlockView(deps.db, challenge, attempt, deps.now());
}
