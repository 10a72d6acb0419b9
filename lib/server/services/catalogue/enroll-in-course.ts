import "server-only";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { batchStartDate, formatPrice } from "../../domain/decide-enrollment";
import { enroll } from "../../domain/enrollment";

/**
 * Enrolls the learner in a course, in its current version, when decideEnrollment says they may: through
 * one of their batches that holds it (a Customer batch's course opens on the batch's start date),
 * or alone when the course is free or included in their plan. Otherwise 403 with the decision's
 * reason, the words the card shows. Enrolling again changes nothing and answers the same.
 */
export async function enrollInCourse(deps: Deps, user: User, courseId: string) {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const { course, decision } = learner;
  const done = { isSuccess: true, message: `You are enrolled in “${course.name}”.` };
  if (learner.enrollment) return done;
  if (course.archivedAt) throw new ApiError(403, "enrollment_not_allowed", `“${course.name}” is archived: it takes no new learners.`, {}, { reason: "archived", course: course.name });
  if (decision.status !== "canEnroll") {
    // The reason is the decision's basis (batch, paid, premiumPlan), so a page words the card's note itself.
    const price = decision.basis === "paid" && course.priceCents !== null ? formatPrice(course.priceCents, course.currency) : undefined;
    throw new ApiError(403, "enrollment_not_allowed", `You cannot enroll in “${course.name}” yourself. ${decision.note}.`, {}, { reason: decision.basis ?? "notAllowed", course: course.name, ...(price ? { price } : {}) });
  }
  const link = decision.batch;
  await enroll(deps.db, {
    userId: user.id,
    courseId: course.id,
    versionId: learner.versionId,
    batchId: link?.batchId ?? null,
    programId: link?.programId ?? null,
    enrollmentType: link?.enrollmentType ?? "No Auto Enrollment",
    courseType: link?.courseType ?? course.courseType,
    startDate: link ? batchStartDate(link) : null,
  });
  return done;
}
