import "server-only";
import { asc } from "drizzle-orm";
import { programs } from "../../db/schema";
import type { Deps } from "../../deps";

/** Every program, by name: the choices of a batch's program (a platform has tens of programs, not thousands). */
export async function listBatchPrograms(deps: Deps) {
  return { programs: await deps.db.select({ id: programs.id, key: programs.key, name: programs.name }).from(programs).orderBy(asc(programs.name), asc(programs.key)) };
}
