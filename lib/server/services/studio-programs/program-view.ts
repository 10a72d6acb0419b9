import "server-only";
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batches, courses, programCourses, programs } from "../../db/schema";
import { notFound } from "../../errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type ProgramRow = typeof programs.$inferSelect;
export type ProgramCourseType = (typeof programCourses.$inferSelect)["courseType"];

export interface ProgramCourseEntry {
  courseId: string;
  courseType: ProgramCourseType;
}

/** What a program write records of a program, before and after it (courses by key, in order). */
export interface ProgramSnapshot {
  key: string;
  name: string;
  description: string;
  image: string | null;
  sequential: boolean;
  lockedMessage: string;
  courses: { course: string; courseType: ProgramCourseType }[];
}

export const programNotFound = () => notFound("No program has this id: it may have been deleted.", "program_not_found");

/** The program of this id, or 404 program_not_found. */
export async function findProgram(db: Db | Tx, id: string): Promise<ProgramRow> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
  if (!row) throw programNotFound();
  return row;
}

/** A program's courses in order, with what the editor shows of each. */
export async function programCourseRows(db: Db | Tx, programId: string) {
  return db
    .select({ courseId: programCourses.courseId, name: courses.name, slugId: courses.slugId, key: courses.key, courseType: programCourses.courseType })
    .from(programCourses)
    .innerJoin(courses, eq(courses.id, programCourses.courseId))
    .where(eq(programCourses.programId, programId))
    .orderBy(asc(programCourses.position));
}

export function programSnapshot(row: Pick<ProgramRow, "key" | "name" | "description" | "image" | "sequential" | "lockedMessage">, list: { key: string; courseType: ProgramCourseType }[]): ProgramSnapshot {
  return {
    key: row.key,
    name: row.name,
    description: row.description,
    image: row.image,
    sequential: row.sequential,
    lockedMessage: row.lockedMessage,
    courses: list.map((c) => ({ course: c.key, courseType: c.courseType })),
  };
}

/** The program as the studio shows it: its settings, its courses in order and its batch count. */
export async function programView(db: Db | Tx, id: string) {
  return programViewOf(db, await findProgram(db, id));
}

/** programView of a row already read. */
export async function programViewOf(db: Db | Tx, row: ProgramRow) {
  const id = row.id;
  const [list, [batchCount]] = await Promise.all([
    programCourseRows(db, id),
    db.select({ n: count() }).from(batches).where(eq(batches.programId, id)),
  ]);
  return {
    id: row.id,
    key: row.key,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image: row.image,
    sequential: row.sequential,
    lockedMessage: row.lockedMessage,
    revision: row.revision,
    courses: list.map((c) => ({ courseId: c.courseId, name: c.name, slugId: c.slugId, courseType: c.courseType })),
    batchCount: batchCount?.n ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ProgramView = Awaited<ReturnType<typeof programViewOf>>;

