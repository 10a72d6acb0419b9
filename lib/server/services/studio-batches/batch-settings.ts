import "server-only";
import { eq } from "drizzle-orm";
import { programs } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";

/** The program of this id, or 400 unknown_program. */
export async function knownProgram(deps: Deps, id: string) {
  const [program] = await deps.db.select({ id: programs.id, key: programs.key }).from(programs).where(eq(programs.id, id)).limit(1);
  if (!program) throw new ApiError(400, "unknown_program", "programId: no program has this id; choose one of the programs there are.");
  return program;
}

/** A batch's access end must come after its start (both set). */
export function checkDates(startsAt: Date | null, accountExpiresAt: Date | null) {
  if (startsAt && accountExpiresAt && accountExpiresAt <= startsAt) {
    throw new ApiError(
      400,
      "batch_dates_invalid",
      `accountExpiresAt (${accountExpiresAt.toISOString()}) must be after startsAt (${startsAt.toISOString()}): the access cannot end before the batch starts.`,
    );
  }
}
