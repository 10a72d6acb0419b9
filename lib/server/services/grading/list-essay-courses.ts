import "server-only";
import { and, asc, eq, exists } from "drizzle-orm";
import { chapters, courses, courseVersions, essayBlocks, subChapters } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { containsText, type LookupQuery } from "./lookup-search";

/** GET /course/course/essayCourse: courses with an essay challenge in any version, by name, for the graders' course filter. One query. */
export async function listEssayCourses(deps: Deps, _user: User, query: LookupQuery) {
  const hasEssay = deps.db
    .select({ id: essayBlocks.id })
    .from(essayBlocks)
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .where(eq(courseVersions.courseId, courses.id));
  return deps.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(exists(hasEssay), containsText(query.searchText, courses.name)))
    .orderBy(asc(courses.name), asc(courses.id))
    .limit(query.limit);
}
