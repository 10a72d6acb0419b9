import "server-only";
import { asc } from "drizzle-orm";
import { courses } from "../../db/schema";
import type { Deps } from "../../deps";

/** Every course, by name: the choices of a program's course list (archived ones are marked). */
export async function listProgramCourseChoices(deps: Deps) {
  const rows = await deps.db
    .select({ id: courses.id, name: courses.name, slugId: courses.slugId, archivedAt: courses.archivedAt })
    .from(courses)
    .orderBy(asc(courses.name), asc(courses.slugId));
  return { courses: rows.map(({ archivedAt, ...c }) => ({ ...c, archived: archivedAt !== null })) };
}
