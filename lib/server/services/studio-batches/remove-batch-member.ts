import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq } from "drizzle-orm";
import { batchMembers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { notFound } from "../../errors";
import { type BatchAuditRow } from "./audit";
import { findBatch } from "./batch-view";

/** Takes a person out of a batch, with its audit row; their enrollments and progress stay. */
export async function removeBatchMember(deps: Deps, actor: User, input: { id: string; userId: string }) {
  const batch = await findBatch(deps, input.id);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(batchMembers)
      .where(and(eq(batchMembers.batchId, batch.id), eq(batchMembers.userId, input.userId)))
      .returning({ userId: batchMembers.userId });
    if (!removed.length) throw notFound(`userId: this person is not a member of the batch ${batch.key}.`, "not_batch_member");
    const [person] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
    await recordAudit<BatchAuditRow>(tx, [
      {
        actorId: actor.id,
        targetUserId: input.userId,
        action: "batch.members.remove",
        summary: `Removed ${person?.email ?? "a person"} from the batch ${batch.key}`,
        before: { batch: batch.key, member: person?.email ?? null },
        after: null,
        at: now,
      },
    ]);
  });
  return { removed: true as const };
}
