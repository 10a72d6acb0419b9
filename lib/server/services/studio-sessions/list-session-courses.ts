import "server-only";
import { asc } from "drizzle-orm";
import { courses } from "../../db/schema";
import type { Deps } from "../../deps";

/** Every course, by name: a session may be for any of them (a platform has tens to hundreds). */
export async function listSessionCourses(deps: Deps) {
  return { courses: await deps.db.select({ id: courses.id, name: courses.name }).from(courses).orderBy(asc(courses.name), asc(courses.id)) };
}
