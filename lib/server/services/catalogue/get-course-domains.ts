import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { courses, domains } from "../../db/schema";
import type { Deps } from "../../deps";
import type { CourseCard } from "@/lib/contract/entities/catalogue";

/** The domains that have courses, with how many, to offer as catalogue filters. One query. */
export async function getCourseDomains(deps: Deps) {
  const rows = await deps.db
    .select({ domain: domains.name, courseCount: sql<number>`count(${courses.id})::int` })
    .from(domains)
    .innerJoin(courses, eq(courses.domainId, domains.id))
    .groupBy(domains.name)
    .orderBy(asc(domains.name));
  return rows.map((r) => ({ domain: r.domain as CourseCard["domain"], courseCount: Number(r.courseCount) }));
}
