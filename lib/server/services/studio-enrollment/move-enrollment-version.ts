import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq, sql } from "drizzle-orm";
import { courses, courseVersions, enrollments } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { badRequest, conflict, notFound } from "../../errors";
import { changeCourseVersionIn } from "../catalogue";
import { type EnrollmentAuditRow } from "./audit";
import { findPersonId, personEnrollments } from "./person-enrollments";

/**
 * Moves a person's enrollment in a course to another published version, through the catalogue's
 * one move (changeCourseVersion): what they did follows the items of the same stable id (watched
 * videos copied, multiple-choice attempts and essays moved); what the new version lacks stays in the
 * old one, where it is kept. In one transaction with the audit row. Moving to the version they are on
 * changes nothing.
 */
export async function moveEnrollmentVersion(deps: Deps, actor: User, body: { person: string; course: string; version: string }) {
  const person = await findPersonId(deps, body.person, "person");
  const [course] = await deps.db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, body.course)).limit(1);
  if (!course) throw notFound("course: no course has this id.", "course_not_found");
  const [version] = await deps.db
    .select({ id: courseVersions.id, courseId: courseVersions.courseId, name: courseVersions.versionName })
    .from(courseVersions)
    .where(eq(courseVersions.id, body.version))
    .limit(1);
  if (!version) throw notFound("version: no published version has this id.", "version_not_found");
  if (version.courseId !== course.id) throw badRequest(`version: “${version.name}” is a version of another course, not of “${course.name}”.`, "version_of_another_course");
  const [enrollment] = await deps.db
    .select({ versionId: enrollments.versionId, versionName: courseVersions.versionName })
    .from(enrollments)
    .innerJoin(courseVersions, eq(courseVersions.id, enrollments.versionId))
    .where(and(eq(enrollments.userId, person.id), eq(enrollments.courseId, course.id)))
    .limit(1);
  if (!enrollment) throw conflict(`${person.email} is not enrolled in “${course.name}”: enroll them first.`, "not_enrolled");

  const now = deps.now();
  let moved = false;
  let essaysMoved = 0;
  let essaysSubmitted = 0;
  if (enrollment.versionId !== version.id) {
    moved = true;
    await deps.db.transaction(async (tx) => {
      const essays = await changeCourseVersionIn(tx, { userId: person.id, courseId: course.id, versionId: version.id, now });
      essaysMoved = essays.migrated.length + essays.carriedRunning.length;
      essaysSubmitted = essays.submittedOnMigration.length + essays.timedOut.length;
      await recordAudit<EnrollmentAuditRow>(tx, [
        {
          actorId: actor.id,
          targetUserId: person.id,
          courseId: course.id,
          action: "enrollment.version",
          summary: `Moved ${person.email} in “${course.name}” from version ${enrollment.versionName} to ${version.name}`,
          before: { version: enrollment.versionName },
          after: { version: version.name, essaysMoved, essaysSubmitted },
          at: now,
        },
      ]);
    });
  }
  const videos = await deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from video_progress where user_id = ${person.id} and version_id = ${version.id} and watched_seconds > 0`);
  const [view] = await personEnrollments(deps, person.id, course.id);
  return {
    enrollment: view!,
    moved,
    carried: { videos: Number((videos.rows as { n: number }[])[0]?.n ?? 0), essaysMoved, essaysSubmitted },
  };
}
