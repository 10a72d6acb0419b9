import "server-only";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type LearnerCourse, type User } from "./course-access";
import { loadChallengeCompletion, loadVersionProgress, type ChallengeCompletion, type VideoProgressRow } from "./completion";
import { loadVersionTree, type VersionTree } from "./version-tree";

export interface CourseView extends LearnerCourse {
  tree: VersionTree;
  progress: Map<string, VideoProgressRow>;
  challenges: ChallengeCompletion;
}

/**
 * A course with its whole tree and the learner's progress in it: a fixed number of queries
 * (course and enrollment, batches, structure, items, progress) whatever the course's size.
 */
export async function loadCourseView(deps: Deps, user: User, courseId: string): Promise<CourseView> {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const [tree, progress, challenges] = await Promise.all([
    loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision),
    loadVersionProgress(deps.db, user.id, learner.versionId),
    loadChallengeCompletion(deps.db, user.id, learner.versionId),
  ]);
  return { ...learner, tree, progress, challenges };
}
