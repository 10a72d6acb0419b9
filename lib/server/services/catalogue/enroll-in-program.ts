import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { batchMembers, batches, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";

/**
 * Enrolls a member of a batch in every course of the batch's program, in each course's current
 * version, keeping any enrollment they already have. One statement for all courses.
 */
export async function enrollInProgram(deps: Deps, user: User, body: { batchId: string; bundleId: string }) {
  if (!isUuid(body.batchId)) throw forbidden("You are not a member of this batch.");
  const [row] = await deps.db
    .select({ batchName: batches.name, programId: batches.programId, programName: programs.name, enrollmentType: batches.enrollmentType, startsAt: batches.startsAt })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .leftJoin(programs, eq(programs.id, batches.programId))
    .where(and(eq(batchMembers.batchId, body.batchId), eq(batchMembers.userId, user.id)))
    .limit(1);
  if (!row) throw forbidden("You are not a member of this batch.");
  if (!row.programId || row.programId !== body.bundleId) throw notFound("This program is not the one your batch takes.");
  const now = deps.now();
  // A scheduled batch that has not started yet opens its courses on its start date.
  const startDate = row.enrollmentType === "Customer (Scheduled and Optional)" && row.startsAt && row.startsAt > now ? row.startsAt : null;
  await deps.db.execute(sql`
    insert into enrollments (user_id, course_id, version_id, batch_id, program_id, enrollment_type, course_type, start_date)
    select ${user.id}::uuid, pc.course_id,
      (select cv.id from course_versions cv where cv.course_id = pc.course_id order by cv.is_current desc, cv.released_at desc limit 1),
      ${body.batchId}::uuid, pc.program_id, ${row.enrollmentType}::enrollment_type, pc.course_type, ${startDate}::timestamptz
    from program_courses pc
    where pc.program_id = ${row.programId}::uuid
      and exists (select 1 from course_versions cv where cv.course_id = pc.course_id)
    on conflict (user_id, course_id) do nothing`);
  return { isSuccess: true, message: `You are enrolled in the courses of “${row.programName}”.` };
}
