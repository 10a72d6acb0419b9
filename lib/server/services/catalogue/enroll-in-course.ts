import "server-only";
import type { Deps } from "../../deps";
import { forbidden } from "../../errors";
import { loadLearnerCourse, type User } from "../learning/course-access";
import { enroll } from "./enrollment";
import { canEnrollAlone } from "../learning/get-course-offer";

/**
 * Enrolls the learner in a course, in its current version: through one of their batches that holds
 * it, or alone when the course is free. A paid course outside their batches must be bought first.
 * Enrolling again changes nothing and answers the same.
 */
export async function enrollInCourse(deps: Deps, user: User, courseId: string) {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const { course } = learner;
  const done = { isSuccess: true, message: `You are enrolled in “${course.name}”.` };
  if (learner.enrollment) return done;
  const link = learner.batches[0];
  if (link) {
    await enroll(deps.db, {
      userId: user.id,
      courseId: course.id,
      versionId: learner.versionId,
      batchId: link.batchId,
      programId: link.programId,
      enrollmentType: link.enrollmentType,
      courseType: link.courseType,
      startDate: null,
    });
    return done;
  }
  if (!canEnrollAlone(course, user)) {
    throw forbidden(
      course.priceCents !== null
        ? `“${course.name}” is a paid course: buy it, or take it through your company's program, to enroll.`
        : `“${course.name}” is open to Premium plan learners only.`,
    );
  }
  await enroll(deps.db, {
    userId: user.id,
    courseId: course.id,
    versionId: learner.versionId,
    batchId: null,
    programId: null,
    enrollmentType: "No Auto Enrollment",
    courseType: course.courseType,
    startDate: null,
  });
  return done;
}
