import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { slugify } from "@/lib/slug";
import { programCourses, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { type ProgramAuditRow } from "./audit";
import { checkedCourses, checkImage } from "./program-settings";
import { programSnapshot, programViewOf, type ProgramCourseEntry } from "./program-view";

export interface NewProgram {
  key: string;
  name: string;
  description: string;
  image: string | null;
  sequential: boolean;
  lockedMessage: string;
  courses: ProgramCourseEntry[];
}

const keyTaken = (key: string) => new ApiError(409, "program_key_taken", `A program with the key ${key} already exists: choose another key.`, {}, { key });
const isUniqueViolation = (err: unknown) => String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === "23505";

/** Makes a program with its courses in order, and its audit row, in one transaction. */
export async function createProgram(deps: Deps, actor: User, input: NewProgram) {
  const [taken] = await deps.db.select({ id: programs.id }).from(programs).where(eq(programs.key, input.key)).limit(1);
  if (taken) throw keyTaken(input.key);
  const list = await checkedCourses(deps, input.courses);
  await checkImage(deps, input.image, null);
  const values = {
    key: input.key,
    slug: slugify(input.name),
    name: input.name,
    description: input.description,
    image: input.image,
    sequential: input.sequential,
    lockedMessage: input.lockedMessage,
  };
  const now = deps.now();
  const made = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx.insert(programs).values({ ...values, createdAt: now }).returning();
      const made = row!;
      if (list.length) {
        await tx.insert(programCourses).values(list.map((c, position) => ({ programId: made.id, courseId: c.courseId, courseType: c.courseType, position })));
      }
      await recordAudit<ProgramAuditRow>(tx, {
        actorId: actor.id,
        action: "program.create",
        summary: `Created the program ${input.key} (${input.name}) with ${list.length} course${list.length === 1 ? "" : "s"}`,
        after: programSnapshot(values, list),
        at: now,
      });
      return made;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw keyTaken(input.key);
      throw err;
    });
  return { program: await programViewOf(deps.db, made) };
}
