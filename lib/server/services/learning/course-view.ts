import "server-only";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type LearnerCourse, type User } from "../../domain/course-access";
import { loadVersionState, type ChallengeCompletion, type VideoProgressRow } from "../../domain/completion";
import { loadVersionTree, type VersionTree } from "../../domain/version-tree";

export interface CourseView extends LearnerCourse {
  tree: VersionTree;
  progress: Map<string, VideoProgressRow>;
  challenges: ChallengeCompletion;
}

/**
 * A course with its whole tree and the learner's progress in it: a fixed number of queries
 * (course and enrollment, batches, progress with challenges; the tree's structure and items unless
 * kept in memory) whatever the course's size.
 */
export async function loadCourseView(deps: Deps, user: User, courseId: string): Promise<CourseView> {
  return courseViewOf(deps, user, await loadLearnerCourse(deps, user, courseId));
}

/** The course view of a learner's course already read: its tree, and the learner's progress and challenges in it. */
export async function courseViewOf(deps: Deps, user: User, learner: LearnerCourse): Promise<CourseView> {
  const [tree, state] = await Promise.all([loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision), loadVersionState(deps.db, user.id, learner.versionId)]);
  return { ...learner, tree, ...state };
}
