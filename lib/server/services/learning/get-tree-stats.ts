import "server-only";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { itemMatches } from "./generic-tree";
import { loadVersionTree } from "../../domain/version-tree";

/** Which kinds of content the course holds, so that only tabs with something in them are shown. */
export async function getTreeStats(deps: Deps, user: User, courseId: string) {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const { items } = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);
  return {
    all: items.length > 0,
    video: items.some((i) => itemMatches(i, "video")),
    challenge: items.some((i) => itemMatches(i, "challenge")),
    document: items.some((i) => itemMatches(i, "document")),
  };
}
