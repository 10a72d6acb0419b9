import "server-only";
import { and, eq } from "drizzle-orm";
import { batchMembers, batches, courses, courseVersions, programCourses } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, forbidden, notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
import { enroll } from "../../domain/enrollment";

export type BatchEnrollmentMode = "auto" | "schedule";
export interface BatchCourseVersion {
  batchId: string;
  courseId: string;
  versionId: string;
}

/**
 * Enrolls a member of a batch in a version of a course of the batch's program, as the batch's
 * enrollment type allows: System (Auto enroll) enrolls at once (mode auto); Customer (Scheduled and
 * Optional) records the enrollment from the batch's start date, or from now when that has passed
 * (mode schedule); No Auto Enrollment allows neither. Enrolling again changes nothing.
 */
export async function enrollThroughBatch(
  deps: Deps,
  user: User,
  body: BatchCourseVersion,
  mode: BatchEnrollmentMode,
) {
  if (!isUuid(body.batchId)) throw forbidden("You are not a member of this batch.");
  if (!isUuid(body.courseId)) throw notFound("This course is not part of your batch's program.");
  if (!isUuid(body.versionId)) throw notFound("This version of the course was not found.");
  const [row] = await deps.db
    .select({
      batchName: batches.name,
      enrollmentType: batches.enrollmentType,
      startsAt: batches.startsAt,
      programId: batches.programId,
      courseType: programCourses.courseType,
      courseName: courses.name,
      versionId: courseVersions.id,
    })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .leftJoin(programCourses, and(eq(programCourses.programId, batches.programId), eq(programCourses.courseId, body.courseId)))
    .leftJoin(courses, eq(courses.id, programCourses.courseId))
    .leftJoin(courseVersions, and(eq(courseVersions.courseId, courses.id), eq(courseVersions.id, body.versionId)))
    .where(and(eq(batchMembers.batchId, body.batchId), eq(batchMembers.userId, user.id)))
    .limit(1);
  if (!row) throw forbidden("You are not a member of this batch.");
  if (!row.courseName || !row.courseType) throw notFound("This course is not part of your batch's program.");
  if (!row.versionId) throw notFound("This version of the course was not found.");

  if (row.enrollmentType === "No Auto Enrollment") {
    throw forbidden(`Batch “${row.batchName}” does not enroll its members by itself or on a schedule: ask your administrator to enroll you.`);
  }
  if (mode === "auto" && row.enrollmentType !== "System (Auto enroll)") {
    throw new ApiError(409, "conflict", `Batch “${row.batchName}” enrolls on a schedule the learner chooses: use scheduled enrollment instead.`);
  }
  if (mode === "schedule" && row.enrollmentType !== "Customer (Scheduled and Optional)") {
    throw new ApiError(409, "conflict", `Batch “${row.batchName}” enrolls its members automatically: there is nothing to schedule.`);
  }

  const now = deps.now();
  const startDate = mode === "schedule" ? (row.startsAt && row.startsAt > now ? row.startsAt : now) : null;
  await enroll(deps.db, {
    userId: user.id,
    courseId: body.courseId,
    versionId: row.versionId,
    batchId: body.batchId,
    programId: row.programId,
    enrollmentType: row.enrollmentType,
    courseType: row.courseType,
    startDate,
  });
  return {
    isSuccess: true,
    message: mode === "schedule" ? `Your enrollment in “${row.courseName}” is scheduled.` : `You are enrolled in “${row.courseName}”.`,
  };
}
