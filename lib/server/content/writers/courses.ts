import "server-only";
import { eq, sql } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { writeCourseTree } from "./course-tree";
import { deleteIds, excluded, updateChanged, type ContentIds, type Tx } from "./rows";

/** Courses, matched by key, then each course's versions and their trees. */
export async function writeCourses(tx: Tx, courses: s.CourseInput[], ids: ContentIds): Promise<void> {
  if (!courses.length) return;
  await ids.resolveDomains(
    tx,
    courses.map((x) => x.domain),
  );
  const rows = await tx
    .insert(t.courses)
    .values(
      courses.map((x) => ({
        key: x.key,
        slug: slugify(x.name),
        slugId: x.slugId,
        name: x.name,
        description: x.description,
        image: x.image ?? null,
        domainId: ids.domains.get(x.domain)!,
        courseType: x.courseType,
        priceCents: x.price === undefined ? null : Math.round(x.price * 100),
        currency: x.currency,
        isPremium: x.isPremium,
      })),
    )
    .onConflictDoUpdate({
      target: t.courses.key,
      set: {
        slug: excluded(t.courses.slug),
        slugId: excluded(t.courses.slugId),
        name: excluded(t.courses.name),
        description: excluded(t.courses.description),
        image: excluded(t.courses.image),
        domainId: excluded(t.courses.domainId),
        courseType: excluded(t.courses.courseType),
        priceCents: excluded(t.courses.priceCents),
        currency: excluded(t.courses.currency),
        isPremium: excluded(t.courses.isPremium),
        // Its trees are rewritten below: the servers' cached trees of the course are stale from now on.
        treeRevision: sql`${t.courses.treeRevision} + 1`,
      },
    })
    .returning({ id: t.courses.id, key: t.courses.key });
  for (const r of rows) ids.courses.set(r.key, r.id);
  for (const course of courses) await writeCourseVersions(tx, ids.courses.get(course.key)!, course.versions);
}

/** A course's versions, matched by name; the current one is the one marked, else the latest released. */
export async function writeCourseVersions(tx: Tx, courseId: string, versions: s.CourseVersionInput[]): Promise<void> {
  const existing = await tx.select().from(t.courseVersions).where(eq(t.courseVersions.courseId, courseId));
  const marked = versions.findIndex((v) => v.current === true);
  let current = marked;
  if (current < 0) {
    current = 0;
    versions.forEach((v, i) => {
      if (v.releasedAt.getTime() >= versions[current]!.releasedAt.getTime()) current = i;
    });
  }
  const kept = new Set<string>();
  for (const [i, v] of versions.entries()) {
    const next = { versionName: v.name, releasedAt: v.releasedAt, isCurrent: i === current };
    const ex = existing.find((r) => r.versionName === v.name);
    let versionId: string;
    if (ex) {
      await updateChanged(tx, t.courseVersions, ex, next);
      versionId = ex.id;
    } else {
      const [row] = await tx
        .insert(t.courseVersions)
        .values({ courseId, ...next })
        .returning({ id: t.courseVersions.id });
      versionId = row!.id;
    }
    kept.add(versionId);
    await writeCourseTree(tx, versionId, v.chapters);
  }
  await deleteIds(
    tx,
    t.courseVersions,
    existing.filter((r) => !kept.has(r.id)).map((r) => r.id),
  );
}
