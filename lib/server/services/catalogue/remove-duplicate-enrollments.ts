import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { batchMembers, batches, enrollments, programCourses } from "../../db/schema";
import type { Deps } from "../../deps";
import { isUuid, type User } from "../../domain/course-access";

/**
 * Keeps one enrollment of the learner per given course (the oldest), and answers with the given
 * courses, each once, without those the learner already has through a program, so no course is
 * offered twice. Only the caller's own enrollments are touched.
 */
export async function removeDuplicateEnrollments(deps: Deps, user: User, courseIds: string[]) {
  const given = [...new Set(courseIds)];
  const ids = given.filter(isUuid);
  if (!ids.length) return { courseIds: given };
  await deps.db.execute(sql`
    delete from enrollments e using enrollments k
    where e.user_id = ${user.id} and k.user_id = e.user_id and k.course_id = e.course_id
      and e.course_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      and (k.created_at, k.id) < (e.created_at, e.id)`);
  const [enrolled, inBatches] = await Promise.all([
    deps.db
      .select({ courseId: enrollments.courseId })
      .from(enrollments)
      .where(and(eq(enrollments.userId, user.id), isNotNull(enrollments.programId), inArray(enrollments.courseId, ids))),
    deps.db
      .select({ courseId: programCourses.courseId })
      .from(batchMembers)
      .innerJoin(batches, eq(batches.id, batchMembers.batchId))
      .innerJoin(programCourses, eq(programCourses.programId, batches.programId))
      .where(and(eq(batchMembers.userId, user.id), inArray(programCourses.courseId, ids))),
  ]);
  const throughProgram = new Set([...enrolled, ...inBatches].map((r) => r.courseId));
  return { courseIds: given.filter((id) => !throughProgram.has(id)) };
}
