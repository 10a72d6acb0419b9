import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq, inArray, sql } from "drizzle-orm";
import { batchCourseGrants, batchMembers, batches, courses, courseVersions, programCourses, programs, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { batchStartDate } from "../../domain/decide-enrollment";
import type { User } from "../../domain/user";
import { ApiError, notFound } from "../../errors";
import { type EnrollmentAuditRow } from "./audit";

export interface EnrollRequest {
  people?: string[];
  batch?: string;
  course?: string;
  program?: string;
}

interface Target {
  courseId: string;
  courseName: string;
  versionId: string;
  programId: string | null;
  courseType: "mandatory" | "nonMandatory" | "complimentary";
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The courses' current versions (the newest when none is marked current), by course id. */
async function currentVersions(deps: Deps, courseIds: string[]) {
  if (!courseIds.length) return new Map<string, string>();
  const rows = await deps.db
    .selectDistinctOn([courseVersions.courseId], { courseId: courseVersions.courseId, id: courseVersions.id })
    .from(courseVersions)
    .where(inArray(courseVersions.courseId, courseIds))
    .orderBy(courseVersions.courseId, sql`${courseVersions.isCurrent} desc`, sql`${courseVersions.releasedAt} desc`);
  return new Map(rows.map((r) => [r.courseId, r.id]));
}

/**
 * Enrolls people, or every member of a batch, in a course or in each course of a program, in the
 * current version. An enrollment the person has already is left as it is (one per person and course),
 * so enrolling twice changes nothing; the answer counts what is new. Through a batch the enrollment
 * records the batch and opens on its start as the batch's own enrollments do (batchStartDate); every
 * enrollment made here is marked granted, so it is open whatever the person's plan. One audit row per
 * person enrolled by id, one for a batch, in the write's transaction (none when nothing was new).
 */
export async function enrollPeople(deps: Deps, actor: User, request: EnrollRequest) {
  // Who.
  let batch: typeof batches.$inferSelect | null = null;
  let userIds: string[];
  if (request.batch !== undefined) {
    const [found] = await deps.db.select().from(batches).where(eq(batches.key, request.batch)).limit(1);
    batch = found ?? null;
    if (!batch) throw new ApiError(400, "unknown_batch", `batch: no batch has the key "${request.batch}".`, {}, { field: "batch", keys: `"${request.batch}"`, count: 1 });
    userIds = (await deps.db.select({ id: batchMembers.userId }).from(batchMembers).where(eq(batchMembers.batchId, batch.id))).map((r) => r.id);
  } else {
    const wanted = [...new Set(request.people ?? [])];
    const found = new Set((await deps.db.select({ id: users.id }).from(users).where(inArray(users.id, wanted))).map((r) => r.id));
    const unknown = wanted.filter((id) => !found.has(id));
    if (unknown.length) throw notFound(`people: no person has the id ${unknown.join(", ")}.`, "person_not_found");
    userIds = wanted;
  }

  // In what.
  let targets: Target[];
  let what: string;
  if (request.course !== undefined) {
    const [course] = await deps.db
      .select({ id: courses.id, name: courses.name, courseType: courses.courseType, archivedAt: courses.archivedAt })
      .from(courses)
      .where(eq(courses.id, request.course))
      .limit(1);
    if (!course) throw notFound("course: no course has this id.", "course_not_found");
    if (course.archivedAt) throw new ApiError(409, "course_not_enrollable", `“${course.name}” is archived: it takes no new learners.`, {}, { reason: "archived", course: course.name });
    const versionId = (await currentVersions(deps, [course.id])).get(course.id);
    if (!versionId) throw new ApiError(409, "course_not_enrollable", `“${course.name}” has no published version yet: publish it first.`, {}, { reason: "unpublished", course: course.name });
    // Through a batch whose program holds the course, the enrollment is the program's, with its course type.
    const [inProgram] = batch?.programId
      ? await deps.db
          .select({ courseType: programCourses.courseType })
          .from(programCourses)
          .where(and(eq(programCourses.programId, batch.programId), eq(programCourses.courseId, course.id)))
      : [];
    targets = [{ courseId: course.id, courseName: course.name, versionId, programId: inProgram ? batch!.programId : null, courseType: inProgram?.courseType ?? course.courseType }];
    what = `“${course.name}”`;
  } else {
    const [program] = await deps.db.select({ id: programs.id, name: programs.name }).from(programs).where(eq(programs.id, request.program!)).limit(1);
    if (!program) throw notFound("program: no program has this id.", "program_not_found");
    const held = await deps.db
      .select({ courseId: courses.id, courseName: courses.name, courseType: programCourses.courseType })
      .from(programCourses)
      .innerJoin(courses, eq(courses.id, programCourses.courseId))
      .where(and(eq(programCourses.programId, program.id), sql`${courses.archivedAt} is null`))
      .orderBy(programCourses.position);
    const versions = await currentVersions(deps, held.map((c) => c.courseId));
    targets = held.filter((c) => versions.has(c.courseId)).map((c) => ({ ...c, versionId: versions.get(c.courseId)!, programId: program.id }));
    if (!targets.length) throw new ApiError(409, "course_not_enrollable", `“${program.name}” has no published course to enroll in.`, {}, { reason: "programEmpty", program: program.name });
    what = `the ${plural(targets.length, "course")} of “${program.name}”`;
  }

  const now = deps.now();
  const who = batch ? `the ${plural(userIds.length, "member")} of batch ${batch.key}` : plural(userIds.length, "person", "people");
  const startDate = batch ? batchStartDate(batch) : null;
  const enrollmentType = batch?.enrollmentType ?? "No Auto Enrollment";
  const created = await deps.db.transaction(async (tx) => {
    // A batch keeps what it was enrolled in, so members who join later are enrolled in it too (autoEnrollMembers).
    if (batch) {
      await tx
        .insert(batchCourseGrants)
        .values(targets.map((t) => ({ batchId: batch!.id, courseId: t.courseId, programId: t.programId, courseType: t.courseType, grantedBy: actor.id, createdAt: now })))
        .onConflictDoNothing();
    }
    if (!userIds.length) return [];
    const made = await tx.execute<{ user_id: string; course_id: string }>(sql`
      insert into enrollments (user_id, course_id, version_id, batch_id, program_id, enrollment_type, course_type, start_date, granted_at)
      select u.id, t.course_id, t.version_id, ${batch?.id ?? null}::uuid, t.program_id, ${enrollmentType}::enrollment_type, t.course_type,
        ${startDate?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz
      from unnest(${`{${userIds.join(",")}}`}::uuid[]) as u(id)
      cross join jsonb_to_recordset(${JSON.stringify(targets.map((t) => ({ course_id: t.courseId, version_id: t.versionId, program_id: t.programId, course_type: t.courseType })))}::jsonb)
        as t(course_id uuid, version_id uuid, program_id uuid, course_type course_type)
      on conflict (user_id, course_id) do nothing
      returning user_id, course_id`);
    const rows = made.rows as { user_id: string; course_id: string }[];
    const names = new Map(targets.map((t) => [t.courseId, t.courseName]));
    const courseId = targets.length === 1 ? targets[0]!.courseId : null;
    // Nothing new, nothing to record: enrolling again is not a write.
    const audit: EnrollmentAuditRow[] = !rows.length
      ? []
      : batch
      ? [
          {
            actorId: actor.id,
            targetUserId: null,
            courseId,
            action: "enrollment.create",
            summary: `Enrolled ${who} in ${what}: ${plural(rows.length, "new enrollment")}`,
            after: { batch: batch.key, courses: targets.map((t) => t.courseName), members: userIds.length, created: rows.length },
            at: now,
          },
        ]
      : userIds.flatMap((userId) => {
          const mine = rows.filter((r) => r.user_id === userId).map((r) => names.get(r.course_id)!);
          return mine.length
            ? [{ actorId: actor.id, targetUserId: userId, courseId, action: "enrollment.create" as const, summary: `Enrolled in ${mine.map((n) => `“${n}”`).join(", ")}`, after: { courses: mine }, at: now }]
            : [];
        });
    await recordAudit<EnrollmentAuditRow>(tx, audit);
    return rows;
  });

  const total = userIds.length * targets.length;
  return {
    learners: userIds.length,
    courses: targets.length,
    created: created.length,
    alreadyEnrolled: total - created.length,
    message: `Enrolled ${who} in ${what}: ${plural(created.length, "new enrollment")}${total > created.length ? `, ${total - created.length} already enrolled` : ""}.`,
  };
}
