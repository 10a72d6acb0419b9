import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { batches, courses, courseVersions, enrollments, programs, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";

/** One person's row, or 404 person_not_found naming the field. */
export async function findPersonId(deps: Deps, id: string, field = "id") {
  const [row] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(`${field}: no person has this id.`, "person_not_found");
  return row;
}

/** A person's enrollments as the studio shows them (all of them, or one course's): two statements whatever their number. */
export async function personEnrollments(deps: Deps, userId: string, courseId?: string) {
  const rows = await deps.db
    .select({
      courseId: courses.id,
      courseName: courses.name,
      versionId: enrollments.versionId,
      batch: batches.key,
      program: programs.name,
      enrollmentType: enrollments.enrollmentType,
      startDate: enrollments.startDate,
      grantedAt: enrollments.grantedAt,
      enrolledAt: enrollments.createdAt,
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(batches, eq(batches.id, enrollments.batchId))
    .leftJoin(programs, eq(programs.id, enrollments.programId))
    .where(courseId ? and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)) : eq(enrollments.userId, userId))
    .orderBy(asc(courses.name));
  const mine = rows;
  const versions = mine.length
    ? await deps.db
        .select({ id: courseVersions.id, courseId: courseVersions.courseId, name: courseVersions.versionName, isCurrent: courseVersions.isCurrent, releasedAt: courseVersions.releasedAt })
        .from(courseVersions)
        .where(inArray(courseVersions.courseId, [...new Set(mine.map((r) => r.courseId))]))
        .orderBy(desc(courseVersions.releasedAt))
    : [];
  return mine.map((r) => {
    const list = versions.filter((v) => v.courseId === r.courseId);
    const version = list.find((v) => v.id === r.versionId)!;
    return {
      courseId: r.courseId,
      courseName: r.courseName,
      version: { id: version.id, name: version.name, isCurrent: version.isCurrent },
      versions: list.map((v) => ({ id: v.id, name: v.name, isCurrent: v.isCurrent, releasedAt: v.releasedAt.toISOString() })),
      batch: r.batch,
      program: r.program,
      enrollmentType: r.enrollmentType,
      startDate: r.startDate?.toISOString() ?? null,
      grantedAt: r.grantedAt?.toISOString() ?? null,
      enrolledAt: r.enrolledAt.toISOString(),
    };
  });
}
