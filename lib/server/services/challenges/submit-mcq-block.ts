import "server-only";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import type { Badge, NewBadges } from "@/lib/contract/entities/achievements";
import type { Deps } from "../../deps";
import { conflict } from "../../errors";
import { awardAfterAction } from "../achievements";
import { issueAfterCompletion } from "../certificates";
import type { User } from "../../domain/user";
import { closeMcqAttempt } from "./close-mcq-attempt";
import { currentMcqAttempt } from "./get-mcq-block";
import { loadChallenge } from "./load-challenge";
import { mcqBlockView } from "./mcq-view";

/**
 * POST /course/video/mcqBlock/submit: completes the attempt, scores the saved answers and returns the
 * results. Submitting a completed attempt again returns the same results (a retried request is harmless).
 */
export async function submitMcqBlock(deps: Deps, user: User, body: { courseId: string; mcqBlockId: string }): Promise<McqBlock & NewBadges> {
  const challenge = await loadChallenge(deps, user, body.courseId, "mcqBlock", body.mcqBlockId);
  let attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  if (!attempt) throw conflict("Start this multiple-choice block before submitting it.", "attempt_not_started");
  let newBadges: Badge[] = [];
  if (attempt.status === "onProgress") {
    const closed = await closeMcqAttempt(deps, attempt.id, "learner", deps.now());
    attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
    // The last challenge of a course completes it: its certificate is issued now, and the badges it earned awarded.
    if (closed) newBadges = await awardAfterAction(deps, user, { enrolled: await issueAfterCompletion(deps, user) });
  }
  const view = await mcqBlockView(deps.db, challenge, attempt, deps.now());
  return newBadges.length ? { ...view, newBadges } : view;
}
