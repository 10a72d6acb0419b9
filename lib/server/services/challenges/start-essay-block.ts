import "server-only";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { essayAttempts } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { currentEssayAttempt, essayOfChallenge } from "./get-essay-block";
import { loadChallenge, newAttempt } from "./load-challenge";
import { scheduleAttemptClose } from "./schedule-attempt-close";

/**
 * POST /course/video/essayBlock/start: starts the learner's one timed attempt, its deadline fixed by the
 * server now. Starting again (a reload, a second tab) returns the attempt as it is, with its deadline and
 * draft; starting a submitted essay returns it as submitted.
 */
export async function startEssayBlock(deps: Deps, user: User, body: { courseId: string; essayBlockId: string }): Promise<EssayBlock> {
  const challenge = await loadChallenge(deps, user, body.courseId, "essayBlock", body.essayBlockId);
  let found = await currentEssayAttempt(deps, user.id, challenge.block.id);
  if (!found) {
    // One attempt per learner and essay: of two starts at once, the second finds the first's row.
    await deps.db
      .insert(essayAttempts)
      .values({ userId: user.id, ...newAttempt(challenge, "essayBlock", deps.now()) })
      .onConflictDoNothing();
    found = await currentEssayAttempt(deps, user.id, challenge.block.id);
    // Submitted by the server at its deadline whether or not a browser is open (sent twice, queued once).
    if (found?.attempt.status === "onProgress") await scheduleAttemptClose(deps, "essayBlock", found.attempt.id, found.attempt.deadlineAt);
  }
  return essayOfChallenge(deps, challenge, found);
}
