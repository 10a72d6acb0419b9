import "server-only";
import { asc, sql } from "drizzle-orm";
import { batches, courses, programs } from "../../db/schema";
import type { Deps } from "../../deps";

/**
 * What the studio's enrollment form offers: the courses with a published version that are not
 * archived, the programs, and the batches with their members' number. Three statements; the lists are
 * as long as the catalogue (tens to hundreds), so they are not paged.
 */
export async function getEnrollmentChoices(deps: Deps) {
  const courseRows = await deps.db
      .select({ id: courses.id, name: courses.name, priceCents: courses.priceCents, currency: courses.currency, isPremium: courses.isPremium, courseType: courses.courseType })
      .from(courses)
      .where(sql`${courses.archivedAt} is null and exists (select 1 from course_versions cv where cv.course_id = ${courses.id})`)
      .orderBy(asc(courses.name));
  const programRows = await deps.db
      .select({ id: programs.id, name: programs.name, courses: sql<number>`(select count(*)::int from program_courses pc where pc.program_id = ${programs.id})` })
      .from(programs)
      .orderBy(asc(programs.name));
  const batchRows = await deps.db
      .select({
        key: batches.key,
        name: batches.name,
        program: sql<string | null>`(select p.name from programs p where p.id = ${batches.programId})`,
        members: sql<number>`(select count(*)::int from batch_members bm where bm.batch_id = ${batches.id})`,
      })
      .from(batches)
      .orderBy(asc(batches.key));
  return {
    courses: courseRows,
    programs: programRows.map((p) => ({ ...p, courses: Number(p.courses) })),
    batches: batchRows.map((b) => ({ ...b, members: Number(b.members) })),
  };
}
