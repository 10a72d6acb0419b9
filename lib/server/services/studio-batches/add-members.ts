import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq, inArray } from "drizzle-orm";
import { batchMembers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { type BatchAuditRow } from "./audit";
import type { BatchRow } from "./batch-view";
import { enrollMembers } from "./enroll-members";

const CHUNK = 1000;

/** Who of these people are members of the batch already. */
export async function membersAmong(deps: Deps, batchId: string, userIds: string[]) {
  const found = new Set<string>();
  for (let at = 0; at < userIds.length; at += CHUNK) {
    const rows = await deps.db
      .select({ userId: batchMembers.userId })
      .from(batchMembers)
      .where(and(eq(batchMembers.batchId, batchId), inArray(batchMembers.userId, userIds.slice(at, at + CHUNK))));
    for (const r of rows) found.add(r.userId);
  }
  return found;
}

/**
 * Adds people (known to exist) to a batch, in one transaction with one audit row each
 * (batch.members.add, the person as its target); those already in it are left as they are. Then
 * enrolls the new members as the batch's type says.
 */
export async function addMembers(
  deps: Deps,
  actorId: string,
  batch: BatchRow,
  people: { id: string; email: string; line?: number }[],
): Promise<{ added: number; alreadyMembers: number }> {
  const already = await membersAmong(
    deps,
    batch.id,
    people.map((p) => p.id),
  );
  const candidates = people.filter((p) => !already.has(p.id));
  let joining: typeof people = [];
  if (candidates.length) {
    const now = deps.now();
    joining = await deps.db.transaction(async (tx) => {
      // Only the rows this statement inserted are audited and enrolled: a concurrent add of the same person wins once.
      const inserted = new Set<string>();
      for (let at = 0; at < candidates.length; at += CHUNK) {
        const rows = await tx
          .insert(batchMembers)
          .values(candidates.slice(at, at + CHUNK).map((p) => ({ batchId: batch.id, userId: p.id, createdAt: now })))
          .onConflictDoNothing()
          .returning({ userId: batchMembers.userId });
        for (const r of rows) inserted.add(r.userId);
      }
      const joined = candidates.filter((p) => inserted.has(p.id));
      await recordAudit<BatchAuditRow>(
        tx,
        joined.map((p) => ({
          actorId,
          targetUserId: p.id,
          action: "batch.members.add" as const,
          summary: `Added ${p.email} to the batch ${batch.key}${p.line ? ` (CSV line ${p.line})` : ""}`,
          before: null,
          after: { batch: batch.key, member: p.email },
          at: now,
        })),
      );
      return joined;
    });
    await enrollMembers(
      deps,
      joining.map((p) => p.id),
    );
  }
  return { added: joining.length, alreadyMembers: people.length - joining.length };
}

/** The people of these ids (not deleted); the rest are unknown. */
export async function peopleByIds(deps: Deps, ids: string[]) {
  const rows = await deps.db.select({ id: users.id, email: users.email, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, ids));
  return rows.filter((r) => !r.deletedAt);
}
