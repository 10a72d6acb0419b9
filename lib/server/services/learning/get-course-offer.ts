import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import type { Deps } from "../../deps";
import { enrollmentStateOf } from "../../domain/decide-enrollment";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { findPlaceById } from "./tree-place";
import { loadVersionTree } from "../../domain/version-tree";

/**
 * The price panel of a course the learner has not bought: its price and the names of the place
 * opened, with where the learner stands (decideEnrollment): canEnroll when enrolling will succeed.
 */
export async function getCourseOffer(deps: Deps, user: User, query: { courseId: string; currentId?: string; type?: LearnNodeType }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const { course } = learner;
  let currentName: string | null = null;
  let parentName: string | null = null;
  if (query.currentId) {
    const tree = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);
    const place = findPlaceById(tree, course.id, query.currentId);
    if (place?.kind === "item") {
      currentName = place.item.title;
      parentName = place.chapter.title;
    } else if (place?.kind === "subChapter") {
      currentName = place.subChapter.title;
      parentName = place.chapter.title;
    } else if (place?.kind === "chapter") {
      currentName = place.chapter.title;
    } else if (place?.kind === "course") {
      currentName = course.name;
    }
  }
  return {
    courseId: course.id,
    courseName: course.name,
    currentName,
    parentName,
    price: course.priceCents === null ? null : course.priceCents / 100,
    currency: course.currency,
    isPurchased: !!learner.enrollment,
    courseType: learner.enrollment?.courseType ?? learner.batches[0]?.courseType ?? course.courseType,
    canEnroll: learner.decision.status === "canEnroll",
    enrollmentState: enrollmentStateOf(learner.decision),
  };
}
