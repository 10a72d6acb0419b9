import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq, sql } from "drizzle-orm";
import { batches, batchMembers, enrollments } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { type BatchAuditRow } from "./audit";
import { batchViews, findBatch } from "./batch-view";

/**
 * Deletes a batch that was never used, with its audit row: one made by mistake. A batch with members,
 * or through which anyone was enrolled (even a member taken out since), is refused: its enrollments
 * would lose the batch that decides when they open and end. Such a batch is ended by its last day of
 * access instead.
 */
export async function deleteBatch(deps: Deps, actor: User, input: { id: string }) {
  const row = await findBatch(deps, input.id);
  const [before] = await batchViews(deps, [row]);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // The batch's row is locked first, so a member added meanwhile waits and then finds it gone.
    await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, row.id)).for("update");
    const [use] = await tx
      .select({
        members: sql<number>`(select count(*)::int from ${batchMembers} where ${batchMembers.batchId} = ${row.id})`,
        enrollments: sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.batchId} = ${row.id})`,
      })
      .from(sql`(select 1) as one`);
    if (use!.members || use!.enrollments) {
      const what = [use!.members ? `${use!.members} member${use!.members === 1 ? "" : "s"}` : "", use!.enrollments ? `${use!.enrollments} enrollment${use!.enrollments === 1 ? "" : "s"} came through it` : ""]
        .filter(Boolean)
        .join(" and ");
      throw new ApiError(409, "batch_in_use", `The batch ${row.key} is in use (${what}): set its last day of access to end it instead.`, {}, {
        key: row.key,
        members: use!.members,
        enrollments: use!.enrollments,
      });
    }
    await tx.delete(batches).where(eq(batches.id, row.id));
    await recordAudit<BatchAuditRow>(tx, [{ actorId: actor.id, targetUserId: null, action: "batch.delete", summary: `Deleted the batch ${row.key}`, before, after: null, at: now }]);
  });
  return { deleted: true as const };
}
