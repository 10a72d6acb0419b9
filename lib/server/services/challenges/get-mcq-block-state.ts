import "server-only";
import type { McqBlockState } from "@/lib/contract/entities/challenges";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
import { attemptState } from "./attempt-state";
import { getMcqBlock } from "./get-mcq-block";
import { findMcqAttempt } from "./mcq-view";

/** GET /course/video/mcqBlockState: the attempt's state and time left, without the questions. */
export async function getMcqBlockState(deps: Deps, user: User, query: { courseId?: string; mcqBlockId: string }): Promise<McqBlockState> {
  // Without a course, the learner's own attempt names it; a block never attempted needs its course.
  const courseId = query.courseId ?? (isUuid(query.mcqBlockId) ? (await findMcqAttempt(deps.db, user.id, query.mcqBlockId))?.courseId : undefined);
  if (!courseId) throw notFound("Name the course (courseId) of this multiple-choice block: you have not attempted it yet.");
  const view = await getMcqBlock(deps, user, { courseId, mcqBlockId: query.mcqBlockId });
  return { mcqBlockId: view.id, ...attemptState(view) };
}
