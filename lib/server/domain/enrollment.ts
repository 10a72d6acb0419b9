import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments } from "../db/schema";
import type { BatchLink, EnrollmentInfo } from "./course-records";
import { batchStartDate } from "./decide-enrollment";

/** An enrollment to write: the learner, the course and what the stored enrollment carries. */
export type NewEnrollment = { userId: string; courseId: string } & Pick<
  EnrollmentInfo,
  "versionId" | "batchId" | "programId" | "enrollmentType" | "courseType" | "startDate"
> & { grantedAt?: Date | null };

/** Enrolls a learner unless they already are (one enrollment per learner and course); true when this call enrolled them. */
export async function enroll(db: Db, values: NewEnrollment): Promise<boolean> {
  const rows = await db.insert(enrollments).values(values).onConflictDoNothing().returning({ id: enrollments.id });
  return rows.length > 0;
}

/** Enrolls a member of a batch in a course the batch enrolls them in (batchEnrollsMember); returns the enrollment. */
export async function autoEnrollInCourse(db: Db, userId: string, courseId: string, versionId: string, link: BatchLink): Promise<EnrollmentInfo> {
  await enroll(db, {
    userId,
    courseId,
    versionId,
    batchId: link.batchId,
    programId: link.programId,
    enrollmentType: link.enrollmentType,
    courseType: link.courseType,
    startDate: batchStartDate(link),
  });
  // Read back: a concurrent request may have enrolled the learner first, possibly otherwise.
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  const sameBatch = row?.batchId === link.batchId;
  return {
    id: row!.id,
    versionId: row!.versionId,
    batchId: row!.batchId,
    programId: row!.programId,
    enrollmentType: row!.enrollmentType,
    courseType: row!.courseType,
    startDate: row!.startDate,
    grantedAt: row!.grantedAt,
    batchExpiresAt: sameBatch ? link.accountExpiresAt : null,
    allowManualVideoCompletion: sameBatch ? link.allowManualVideoCompletion : false,
  };
}

/**
 * A batch enrolls its members in courses of its program by itself (batchEnrollsMember): a System
 * (Auto enroll) batch in every course, at once; a Customer (Scheduled and Optional) batch in its
 * mandatory courses, from the batch's start date (the row's start_date). It runs on the learner's
 * visit of the catalogue, the dashboard, certificates or group sessions, and when a course is opened
 * by its address first; and for members who never signed in, when they are put in a batch
 * (autoEnrollMembers, in the membership's own transaction). A batch an administrator enrolled in
 * a course from the studio enrolls its members in that course too (batch_course_grants). A batch
 * whose access has ended enrolls no one. One statement that enrolls in what is missing and leaves every existing enrollment as it is.
 */
export async function autoEnrollMember(db: Db, userId: string): Promise<void> {
  await autoEnrollMembers(db, [userId]);
}

/**
 * autoEnrollMember for many people at once (a CSV import, a batch's members): one statement; the
 * number of enrollments it made. Run it in the transaction that adds the memberships, so a member
 * who never signs in has their enrollment rows from the start ("who has not started" can be asked).
 */
export async function autoEnrollMembers(db: Pick<Db, "execute">, userIds: string[]): Promise<number> {
  if (!userIds.length) return 0;
  const members = sql`${`{${userIds.join(",")}}`}::uuid[]`;
  // What each member is owed: the courses of their batches' programs (as each batch's type says) and
  // the courses an administrator enrolled their batches in (granted, as the members then were). One
  // row per member and course: the program's first, then the earliest batch.
  const result = await db.execute(sql`
    insert into enrollments (user_id, course_id, version_id, batch_id, program_id, enrollment_type, course_type, start_date, granted_at)
    select distinct on (o.user_id, o.course_id)
      o.user_id, o.course_id,
      (select cv.id from course_versions cv where cv.course_id = o.course_id order by cv.is_current desc, cv.released_at desc limit 1),
      o.batch_id, o.program_id, o.enrollment_type, o.course_type,
      case when o.enrollment_type = 'Customer (Scheduled and Optional)' then o.starts_at end,
      o.granted_at
    from (
      select bm.user_id, pc.course_id, b.id as batch_id, b.program_id, b.enrollment_type, pc.course_type, b.starts_at,
        null::timestamptz as granted_at, 0 as rank, b.created_at
      from batch_members bm
      join batches b on b.id = bm.batch_id
      join program_courses pc on pc.program_id = b.program_id
      where bm.user_id = any(${members})
        and (b.enrollment_type = 'System (Auto enroll)' or (b.enrollment_type = 'Customer (Scheduled and Optional)' and pc.course_type = 'mandatory'))
        and (b.account_expires_at is null or b.account_expires_at > now())
      union all
      select bm.user_id, g.course_id, b.id, g.program_id, b.enrollment_type, g.course_type, b.starts_at,
        now(), 1, b.created_at
      from batch_members bm
      join batches b on b.id = bm.batch_id
      join batch_course_grants g on g.batch_id = b.id
      where bm.user_id = any(${members})
        and (b.account_expires_at is null or b.account_expires_at > now())
    ) o
    where exists (select 1 from course_versions cv where cv.course_id = o.course_id)
      and not exists (select 1 from enrollments e where e.user_id = o.user_id and e.course_id = o.course_id)
    order by o.user_id, o.course_id, o.rank, o.created_at, o.batch_id
    on conflict (user_id, course_id) do nothing
    returning 1`);
  return rowCount(result);
}

/** The rows a statement run through db.execute returned or touched, on PGlite and node-postgres alike. */
export function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
