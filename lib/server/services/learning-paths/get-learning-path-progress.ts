import "server-only";
import type { LearningPath } from "@/lib/contract/entities/learning-paths";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { autoEnrollMember } from "../../domain/enrollment";
import { loadActivityByVersion } from "../../domain/completion";
import { isUuid, type User } from "../../domain/course-access";
import { bundledProgramOf, loadProgramPaths, pathProgress, samplePathFigures } from "./program-paths";

/**
 * GET /dashboard/getLearningPathProgress: the learner's path through the program asked for, else
 * through their first program; a learner who takes no program (and asks for none) gets the sample
 * path, with the figures of a typical program. The other programs offered come with it.
 */
export async function getLearningPathProgress(deps: Deps, user: User, query: { programId?: string }): Promise<LearningPath> {
  if (query.programId !== undefined && !isUuid(query.programId)) throw notFound("Program not found.");
  await autoEnrollMember(deps.db, user.id);
  const [paths, activity] = await Promise.all([loadProgramPaths(deps.db, user.id), loadActivityByVersion(deps.db, user.id)]);
  const path = query.programId ? paths.find((p) => p.programId === query.programId) : paths.find((p) => p.isTaken);
  if (query.programId && !path) throw notFound("Program not found.");
  const sample = path ? null : samplePathFigures(paths);
  return {
    isDummyLearningPath: !path,
    dummyLearningPathCourseDurationInMinutes: sample?.durationInMinutes ?? null,
    dummyLearningPathCourseCount: sample?.courseCount ?? null,
    learningPathProgress: path ? pathProgress(path, activity, deps.now()) : null,
    otherLearningPath: paths.filter((p) => p !== path).map(bundledProgramOf),
  };
}
