import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/** Programs, matched by key, with their course lists (a course of this run or already in the database). Batches are written by writeBatches. */
export async function writePrograms(tx: Tx, programs: s.ProgramInput[], ids: ContentIds): Promise<void> {
  if (!programs.length) return;
  await ids.resolveDomains(
    tx,
    programs.flatMap((p) => (p.domain ? [p.domain] : [])),
  );
  await ids.resolveCourses(
    tx,
    programs.flatMap((p) => p.courses.map((x) => x.course)),
  );
  const rows = await tx
    .insert(t.programs)
    .values(
      programs.map((p) => ({
        key: p.key,
        slug: slugify(p.name),
        name: p.name,
        description: p.description,
        image: p.image ?? null,
        domainId: p.domain ? ids.domains.get(p.domain)! : null,
        sequential: p.sequential,
        lockedMessage: p.lockedMessage ?? "",
      })),
    )
    .onConflictDoUpdate({
      target: t.programs.key,
      set: {
        slug: excluded(t.programs.slug),
        name: excluded(t.programs.name),
        description: excluded(t.programs.description),
        image: excluded(t.programs.image),
        domainId: excluded(t.programs.domainId),
        sequential: excluded(t.programs.sequential),
        lockedMessage: excluded(t.programs.lockedMessage),
      },
    })
    .returning({ id: t.programs.id, key: t.programs.key });
  for (const r of rows) ids.programs.set(r.key, r.id);

  for (const p of programs) {
    const programId = ids.programs.get(p.key)!;
    const courseIds = p.courses.map((x) => ids.courses.get(x.course)!);
    await tx
      .delete(t.programCourses)
      .where(
        courseIds.length ? and(eq(t.programCourses.programId, programId), notInArray(t.programCourses.courseId, courseIds)) : eq(t.programCourses.programId, programId),
      );
    if (courseIds.length)
      await tx
        .insert(t.programCourses)
        .values(p.courses.map((x, i) => ({ programId, courseId: ids.courses.get(x.course)!, position: i, courseType: x.courseType })))
        .onConflictDoUpdate({
          target: [t.programCourses.programId, t.programCourses.courseId],
          set: { position: excluded(t.programCourses.position), courseType: excluded(t.programCourses.courseType) },
        });
  }
}
