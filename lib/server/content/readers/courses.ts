import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { readCourseTree, type ContentChapter } from "./course-tree";
import { contentDate } from "./dates";
import { sortByText } from "./order";

export interface ContentCourseVersion {
  name: string;
  releasedAt: string;
  current?: boolean;
  chapters: ContentChapter[];
}

export interface ContentCourse {
  key: string;
  slugId: string;
  name: string;
  description: string;
  image?: string;
  domain: string;
  courseType: string;
  price?: number;
  currency: string;
  isPremium: boolean;
  versions: ContentCourseVersion[];
}

/**
 * Every course with at least one version, by key, as its courses/*.yaml file holds it (the reverse of
 * writers/courses.ts): its versions by release date, each with its chapter tree (readCourseTree).
 * Only a course with several versions marks the current one. `withoutVersions` names the courses left
 * out because a course file needs a version (a course set up in the studio and never published).
 */
export async function readCourses(tx: Tx): Promise<{ courses: ContentCourse[]; withoutVersions: string[] }> {
  const rows = await tx
    .select({ course: t.courses, domain: t.domains.name })
    .from(t.courses)
    .innerJoin(t.domains, eq(t.domains.id, t.courses.domainId))
    .orderBy(asc(t.courses.key));
  const versions = rows.length
    ? await tx
        .select()
        .from(t.courseVersions)
        .where(
          inArray(
            t.courseVersions.courseId,
            rows.map((r) => r.course.id),
          ),
        )
        .orderBy(asc(t.courseVersions.releasedAt), asc(t.courseVersions.versionName))
    : [];
  const courses: ContentCourse[] = [];
  const withoutVersions: string[] = [];
  for (const { course: c, domain } of sortByText(rows, (r) => r.course.key)) {
    const own = sortByText(
      versions.filter((v) => v.courseId === c.id),
      (v) => v.versionName,
    ).sort((a, b) => a.releasedAt.getTime() - b.releasedAt.getTime());
    if (!own.length) {
      withoutVersions.push(c.key);
      continue;
    }
    const current = own.find((v) => v.isCurrent);
    const contentVersions: ContentCourseVersion[] = [];
    for (const v of own)
      contentVersions.push({
        name: v.versionName,
        releasedAt: contentDate(v.releasedAt),
        ...(own.length > 1 && v === current ? { current: true } : {}),
        chapters: await readCourseTree(tx, v.id),
      });
    courses.push({
      key: c.key,
      slugId: c.slugId,
      name: c.name,
      description: c.description,
      ...(c.image === null ? {} : { image: c.image }),
      domain,
      courseType: c.courseType,
      ...(c.priceCents === null ? {} : { price: c.priceCents / 100 }),
      currency: c.currency,
      isPremium: c.isPremium,
      versions: contentVersions,
    });
  }
  return { courses, withoutVersions };
}
