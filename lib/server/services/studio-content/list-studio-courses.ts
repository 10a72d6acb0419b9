import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { courseDrafts, courses, courseVersions, enrollments, studioAudit, users } from "../../db/schema";
import type { Deps } from "../../deps";

/** How many of the studio's latest changes the home page shows. */
const RECENT_CHANGES = 20;

/** Every course with its state, learners enrolled and last change; and the studio's latest changes to courses (two queries). */
export async function listStudioCourses(deps: Deps) {
  const [rows, recent] = await Promise.all([
    deps.db
      .select({
        courseId: courses.id,
        name: courses.name,
        slugId: courses.slugId,
        archivedAt: courses.archivedAt,
        createdAt: courses.createdAt,
        revision: courseDrafts.revision,
        draftUpdatedAt: courseDrafts.updatedAt,
        learnersEnrolled: sql<number>`(select count(*) from ${enrollments} where ${enrollments.courseId} = ${courses.id})`.mapWith(Number),
        lastReleasedAt: sql<string | null>`(select max(${courseVersions.releasedAt}) from ${courseVersions} where ${courseVersions.courseId} = ${courses.id})`,
      })
      .from(courses)
      .leftJoin(courseDrafts, eq(courseDrafts.courseId, courses.id))
      .orderBy(asc(courses.name)),
    deps.db
      .select({
        at: studioAudit.createdAt,
        userName: users.name,
        courseId: studioAudit.courseId,
        courseName: courses.name,
        action: studioAudit.action,
        summary: studioAudit.summary,
        revision: studioAudit.revision,
      })
      .from(studioAudit)
      .leftJoin(users, eq(users.id, studioAudit.userId))
      .leftJoin(courses, eq(courses.id, studioAudit.courseId))
      // Authors' changes to courses only: the log also holds administrators' writes about people,
      // enrollments and grading, which are not an author's to read.
      .where(sql`split_part(${studioAudit.action}, '.', 1) in ('course', 'outline', 'item')`)
      .orderBy(desc(studioAudit.createdAt))
      .limit(RECENT_CHANGES),
  ]);
  return {
    courses: rows.map((r) => {
      const released = r.lastReleasedAt ? new Date(r.lastReleasedAt) : null;
      const times = [r.createdAt, released, r.draftUpdatedAt].filter((d): d is Date => d !== null);
      const last = new Date(Math.max(...times.map((d) => d.getTime())));
      return {
        courseId: r.courseId,
        name: r.name,
        slugId: r.slugId,
        state: r.archivedAt ? ("archived" as const) : released ? ("published" as const) : ("draft" as const),
        learnersEnrolled: r.learnersEnrolled,
        lastChangedAt: last.toISOString(),
        hasUnpublishedChanges: r.draftUpdatedAt !== null && (released === null || r.draftUpdatedAt > released),
        revision: r.revision,
      };
    }),
    recentChanges: recent.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
