import "server-only";
import type { EssayBlockState } from "@/lib/contract/entities/challenges";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
import { attemptState } from "./attempt-state";
import { findEssayAttempt } from "./essay-view";
import { getEssayBlock } from "./get-essay-block";

/** GET /course/video/essayBlockState: the attempt's state and time left, without the essay's content. */
export async function getEssayBlockState(deps: Deps, user: User, query: { courseId?: string; essayBlockId: string }): Promise<EssayBlockState> {
  // Without a course, the learner's own attempt names it; an essay never attempted needs its course.
  const courseId =
    query.courseId ?? (isUuid(query.essayBlockId) ? (await findEssayAttempt(deps.db, user.id, query.essayBlockId))?.attempt.courseId : undefined);
  if (!courseId) throw notFound("Name the course (courseId) of this essay challenge: you have not attempted it yet.");
  const view = await getEssayBlock(deps, user, { courseId, essayBlockId: query.essayBlockId });
  return { essayBlockId: view.id, ...attemptState(view) };
}
