import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import { and, eq } from "drizzle-orm";
import { purchaseIntents } from "../../db/schema";
import type { Deps } from "../../deps";
import { enrollmentStateOf } from "../../domain/decide-enrollment";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { findPlaceById } from "./tree-place";
import { loadVersionTree } from "../../domain/version-tree";

/**
 * The price panel of a course the learner has not bought: its price and the names of the place
 * opened, with where the learner stands (decideEnrollment): canEnroll when enrolling will succeed;
 * and the learner's own request to buy it, if they made one, with the administrator's answer.
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
  const [request] = await deps.db
    .select({ status: purchaseIntents.status, requestedAt: purchaseIntents.lastRequestedAt, answeredAt: purchaseIntents.answeredAt, note: purchaseIntents.answerNote })
    .from(purchaseIntents)
    .where(and(eq(purchaseIntents.userId, user.id), eq(purchaseIntents.courseId, course.id)))
    .limit(1);
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
    // A request asked again after a decline is open again: the earlier answer is no longer its answer.
    purchaseRequest: request
      ? request.status === "open"
        ? { status: request.status, requestedAt: request.requestedAt.toISOString(), answeredAt: null, note: null }
        : { status: request.status, requestedAt: request.requestedAt.toISOString(), answeredAt: request.answeredAt?.toISOString() ?? null, note: request.note }
      : null,
  };
}
