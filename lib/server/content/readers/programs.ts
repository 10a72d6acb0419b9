import "server-only";
import { asc, eq } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { readBatches, type ContentBatch } from "./batches";
import { sortByText } from "./order";

export interface ContentProgram {
  key: string;
  name: string;
  description: string;
  image?: string;
  domain?: string;
  sequential?: true;
  lockedMessage?: string;
  courses: { course: string; courseType: string }[];
  batches: ContentBatch[];
}

/**
 * The programs as programs.yaml lists them, by key (the reverse of writers/programs.ts): each with
 * its courses in the program's order and its batches (readBatches).
 */
export async function readPrograms(tx: Tx): Promise<{ programs: ContentProgram[]; batchesWithoutProgram: string[] }> {
  const rows = await tx
    .select({ program: t.programs, domain: t.domains.name })
    .from(t.programs)
    .leftJoin(t.domains, eq(t.domains.id, t.programs.domainId))
    .orderBy(asc(t.programs.key));
  const courses = await tx
    .select({ programId: t.programCourses.programId, course: t.courses.key, courseType: t.programCourses.courseType })
    .from(t.programCourses)
    .innerJoin(t.courses, eq(t.courses.id, t.programCourses.courseId))
    .orderBy(asc(t.programCourses.position), asc(t.courses.key));
  const { byProgram, withoutProgram } = await readBatches(tx);
  const programs = sortByText(rows, (r) => r.program.key).map(({ program: p, domain }) => ({
    key: p.key,
    name: p.name,
    description: p.description,
    ...(p.image === null ? {} : { image: p.image }),
    ...(domain === null ? {} : { domain }),
    // Written only when set, so a program without an enforced order exports as it always did.
    ...(p.sequential ? { sequential: true as const } : {}),
    ...(p.lockedMessage ? { lockedMessage: p.lockedMessage } : {}),
    courses: courses.filter((c) => c.programId === p.id).map((c) => ({ course: c.course, courseType: c.courseType })),
    batches: byProgram.get(p.key) ?? [],
  }));
  return { programs, batchesWithoutProgram: withoutProgram };
}
