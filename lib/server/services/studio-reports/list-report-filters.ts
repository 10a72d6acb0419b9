import "server-only";
import { asc } from "drizzle-orm";
import { batches, courses, programs } from "../../db/schema";
import type { Deps } from "../../deps";

/** GET /studio/reports/filters: the programs, batches and courses a report may be filtered by. */
export async function listReportFilters(deps: Deps) {
  const [p, b, c] = await Promise.all([
    deps.db.select({ id: programs.id, name: programs.name }).from(programs).orderBy(asc(programs.name)),
    deps.db.select({ key: batches.key, name: batches.name, programId: batches.programId }).from(batches).orderBy(asc(batches.name)),
    deps.db.select({ id: courses.id, name: courses.name }).from(courses).orderBy(asc(courses.name)),
  ]);
  return { programs: p, batches: b, courses: c };
}
