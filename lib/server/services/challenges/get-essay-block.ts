import "server-only";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import type { User } from "../../domain/course-access";
import { closeOverdueEssay } from "./close-essay-attempt";
import { essayBlockView, findEssayAttempt, loadEssayContent, type EssayAttemptFound } from "./essay-view";
import { loadChallenge, type ChallengeInCourse } from "./load-challenge";
import { isOverdue } from "./timing";

/** The learner's attempt, submitted first with its last saved draft (source timeOut) when its time and grace period have run out. */
export async function currentEssayAttempt(deps: Deps, userId: string, blockId: string): Promise<EssayAttemptFound | undefined> {
  const found = await findEssayAttempt(deps.db, userId, blockId);
  if (found?.attempt.status === "onProgress" && isOverdue(found.attempt.deadlineAt, deps.now())) {
    await closeOverdueEssay(deps, found.attempt.id, deps.now());
    return findEssayAttempt(deps.db, userId, blockId);
  }
  return found;
}

/** The essay of a loaded challenge with the learner's attempt, as they may see it now. */
export async function essayOfChallenge(deps: Deps, challenge: ChallengeInCourse, found: EssayAttemptFound | undefined): Promise<EssayBlock> {
  const content = await loadEssayContent(deps.db, challenge.block.id);
  if (!content) throw notFound("This essay challenge is not part of your version of the course.");
  return essayBlockView(deps.db, content, challenge.locked, found, deps.now());
}

/** GET /course/video/essayBlock/data: the essay with the learner's attempt; marks and the model answer only with the results. */
export async function getEssayBlock(deps: Deps, user: User, query: { courseId: string; essayBlockId: string }): Promise<EssayBlock> {
  const challenge = await loadChallenge(deps, user, query.courseId, "essayBlock", query.essayBlockId);
  const found = await currentEssayAttempt(deps, user.id, challenge.block.id);
  return essayOfChallenge(deps, challenge, found);
}
