import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../domain/audit";
import { batches, batchMembers, enrollments, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { type ProgramAuditRow } from "./audit";
import { findProgram, programCourseRows, programSnapshot } from "./program-view";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes a program nobody takes, with its audit row: one made by mistake, or never used. A program
 * in use is refused (409 program_in_use, saying why): one with enrolled learners (enrolled through
 * it, or members of a batch taking it), or a batch taking it (the batch would lose what it enrolls in).
 * Its course list goes with it; the courses stay.
 */
export async function deleteProgram(deps: Deps, actor: User, input: { id: string }) {
  const row = await findProgram(deps.db, input.id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // The program's row is locked first, so a batch or enrollment made meanwhile waits and then finds it gone.
    await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, row.id)).for("update");
    const [use] = await tx
      .select({
        learners: sql<number>`(select count(*)::int from (
          select ${enrollments.userId} from ${enrollments} where ${enrollments.programId} = ${row.id}
          union select ${batchMembers.userId} from ${batchMembers} join ${batches} on ${batches.id} = ${batchMembers.batchId} where ${batches.programId} = ${row.id}) learners)`,
        batches: sql<string[]>`(select coalesce(array_agg(${batches.key} order by ${batches.key}), '{}') from ${batches} where ${batches.programId} = ${row.id})`,
      })
      .from(sql`(select 1) as one`);
    const learners = Number(use!.learners);
    const batchKeys = use!.batches ?? [];
    if (learners || batchKeys.length) {
      const why = [
        learners ? `${plural(learners, "learner is", "learners are")} enrolled in it` : "",
        batchKeys.length ? `${plural(batchKeys.length, "batch takes", "batches take")} it (${batchKeys.join(", ")})` : "",
      ]
        .filter(Boolean)
        .join(", and ");
      throw new ApiError(409, "program_in_use", `The program ${row.key} is in use: ${why}. Only a program nobody takes can be deleted.`, {}, {
        key: row.key,
        learners,
        batches: batchKeys.join(", "),
        batchCount: batchKeys.length,
      });
    }
    const before = programSnapshot(row, await programCourseRows(tx, row.id));
    await tx.delete(programs).where(eq(programs.id, row.id));
    await recordAudit<ProgramAuditRow>(tx, { actorId: actor.id, action: "program.delete", summary: `Deleted the program ${row.key}`, before, after: null, at: now });
  });
  return { deleted: true as const };
}
