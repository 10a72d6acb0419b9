import "server-only";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { autoEnrollMember } from "../../domain/enrollment";
import { loadActivityByVersion } from "../../domain/completion";
import { isUuid, type User } from "../../domain/course-access";
import { loadProgramPaths, pathProgress } from "./program-paths";

/**
 * GET /course/course/bundle/progress: the learner's progress in one program, course by course in the
 * program's order. Any program offered may be asked for; a batchId, when given, must be one of the
 * learner's batches taking it. The learner's auto-enrolling batches are brought up to date first, as
 * the catalogue does.
 */
export async function getCourseBundleProgress(deps: Deps, user: User, query: { bundleId: string; batchId?: string }): Promise<ProgramProgress> {
  if (!isUuid(query.bundleId)) throw notFound("Program not found.");
  await autoEnrollMember(deps.db, user.id);
  const [paths, activity] = await Promise.all([loadProgramPaths(deps.db, user.id), loadActivityByVersion(deps.db, user.id)]);
  const path = paths.find((p) => p.programId === query.bundleId);
  if (!path) throw notFound("Program not found.");
  if (query.batchId !== undefined && !path.batchIds.includes(query.batchId)) throw forbidden("You are not a member of this batch of the program.");
  return pathProgress(path, activity, deps.now(), query.batchId);
}
