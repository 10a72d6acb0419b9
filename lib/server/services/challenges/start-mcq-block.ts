import "server-only";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import { mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { currentMcqAttempt } from "./get-mcq-block";
import { loadChallenge, newAttempt } from "./load-challenge";
import { loadMcqQuestions } from "./mcq-content";
import { mcqBlockView } from "./mcq-view";
import { scheduleAttemptClose } from "./schedule-attempt-close";

/**
 * POST /course/video/mcqBlock/start: starts the learner's one timed attempt, its deadline fixed by the
 * server now. Starting again (a reload, a second tab) returns the attempt as it is, with its deadline.
 */
export async function startMcqBlock(deps: Deps, user: User, body: { courseId: string; mcqBlockId: string }): Promise<McqBlock> {
  const challenge = await loadChallenge(deps, user, body.courseId, "mcqBlock", body.mcqBlockId);
  let attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  if (!attempt) {
    const values = newAttempt(challenge, "mcqBlock", deps.now());
    const questions = await loadMcqQuestions(deps.db, challenge.block.id);
    // One attempt per learner and block: of two starts at once, the second finds the first's row.
    await deps.db
      .insert(mcqAttempts)
      .values({ userId: user.id, ...values, totalScore: questions.reduce((sum, q) => sum + q.mark, 0) })
      .onConflictDoNothing();
    attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
    // Closed by the server at its deadline whether or not a browser is open (sent twice, queued once).
    if (attempt?.status === "onProgress") await scheduleAttemptClose(deps, "mcqBlock", attempt.id, attempt.deadlineAt);
  }
  return mcqBlockView(deps.db, challenge, attempt, deps.now());
}
