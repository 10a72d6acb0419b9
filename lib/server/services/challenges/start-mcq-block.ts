import "server-only";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import { mcqAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import { conflict } from "../../errors";
import type { User } from "../../domain/user";
import { currentMcqAttempt } from "./get-mcq-block";
import { loadChallenge, newAttempt } from "./load-challenge";
import { loadMcqQuestions } from "./mcq-content";
import { mcqAttemptsSummary, mcqBlockView } from "./mcq-view";
import { scheduleAttemptClose } from "./schedule-attempt-close";

/**
 * POST /course/video/mcqBlock/start: starts a timed attempt, its deadline fixed by the server now.
 * Starting again while an attempt runs (a reload, a second tab) returns it as it is, with its deadline.
 * After a completed attempt a new one starts while the block allows more; when every allowed attempt
 * is used, 409 attempts_exhausted (the best attempt's score counts, docs/completion.md).
 */
export async function startMcqBlock(deps: Deps, user: User, body: { courseId: string; mcqBlockId: string }): Promise<McqBlock> {
  const challenge = await loadChallenge(deps, user, body.courseId, "mcqBlock", body.mcqBlockId);
  let attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
  if (attempt?.status !== "onProgress") {
    const allowed = challenge.block.attemptsAllowed;
    if (attempt && allowed !== null) {
      const { used } = await mcqAttemptsSummary(deps.db, user.id, challenge.block.id);
      if (used >= allowed) {
        throw conflict(
          `You have used all ${allowed} attempt${allowed === 1 ? "" : "s"} at this block; your best score counts.`,
          "attempts_exhausted",
        );
      }
    }
    const values = newAttempt(challenge, "mcqBlock", deps.now());
    const questions = await loadMcqQuestions(deps.db, challenge.block.id);
    // Attempts are numbered per learner and block: of two starts at once, the second finds the first's row.
    await deps.db
      .insert(mcqAttempts)
      .values({ userId: user.id, ...values, attemptNumber: (attempt?.attemptNumber ?? 0) + 1, totalScore: questions.reduce((sum, q) => sum + q.mark, 0) })
      .onConflictDoNothing();
    attempt = await currentMcqAttempt(deps, user.id, challenge.block.id);
    // Closed by the server at its deadline whether or not a browser is open (sent twice, queued once).
    if (attempt?.status === "onProgress") await scheduleAttemptClose(deps, "mcqBlock", attempt.id, attempt.deadlineAt);
  }
  return mcqBlockView(deps.db, challenge, attempt, deps.now());
}
