import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadProgramPaths } from "./program-paths";

/**
 * GET /dashboard/program/programId: the learner's first program (the one whose batch started first;
 * then those enrolled in through a program, by name) with the learner's batch of it; nulls when the
 * learner takes no program. The learning path shows this program when it is asked for none.
 */
export async function getFirstProgram(deps: Deps, user: User) {
  const first = (await loadProgramPaths(deps.db, user.id)).find((p) => p.isTaken);
  return { programId: first?.programId ?? null, programName: first?.name ?? null, batchId: first?.batchIds[0] ?? null };
}
