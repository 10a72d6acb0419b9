import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq } from "drizzle-orm";
import { batches, batchMembers, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { type BatchAuditRow } from "./audit";
import { checkDates, knownProgram } from "./batch-settings";
import { batchSnapshot, batchView, findBatch, type BatchSnapshot, type EnrollmentType } from "./batch-view";
import { enrollMembers } from "./enroll-members";

export interface BatchChange {
  id: string;
  name?: string;
  programId?: string;
  enrollmentType?: EnrollmentType;
  startsAt?: string | null;
  accountExpiresAt?: string | null;
  allowManualVideoCompletion?: boolean;
}

const FIELDS = ["name", "program", "enrollmentType", "startsAt", "accountExpiresAt", "allowManualVideoCompletion"] as const;
const dateOf = (value: string | null | undefined, current: Date | null) => (value === undefined ? current : value === null ? null : new Date(value));

/**
 * Changes a batch's settings (its key stays: programs.yaml and the people CSV name batches by it). The
 * audit row holds the fields that changed, before and after. When the change can enroll members (its
 * type or program), every member is enrolled as the batch now says, keeping every enrollment they have.
 */
export async function updateBatch(deps: Deps, actor: User, change: BatchChange) {
  const row = await findBatch(deps, change.id);
  const [currentProgram] = row.programId ? await deps.db.select({ key: programs.key }).from(programs).where(eq(programs.id, row.programId)).limit(1) : [];
  const program = change.programId ? await knownProgram(deps, change.programId) : row.programId ? { id: row.programId, key: currentProgram?.key ?? null } : null;
  const next = {
    key: row.key,
    name: change.name ?? row.name,
    programId: program?.id ?? null,
    enrollmentType: change.enrollmentType ?? row.enrollmentType,
    startsAt: dateOf(change.startsAt, row.startsAt),
    accountExpiresAt: dateOf(change.accountExpiresAt, row.accountExpiresAt),
    allowManualVideoCompletion: change.allowManualVideoCompletion ?? row.allowManualVideoCompletion,
  };
  checkDates(next.startsAt, next.accountExpiresAt);
  const current = batchSnapshot(row, currentProgram?.key ?? null);
  const wanted = batchSnapshot(next, program?.key ?? null);
  const before: Partial<BatchSnapshot> = {};
  const after: Partial<BatchSnapshot> = {};
  for (const field of FIELDS) {
    if (JSON.stringify(current[field]) !== JSON.stringify(wanted[field])) {
      (before as Record<string, unknown>)[field] = current[field];
      (after as Record<string, unknown>)[field] = wanted[field];
    }
  }
  const changed = Object.keys(after);
  if (!changed.length) return { batch: await batchView(deps, row.id) };
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(batches)
      .set({
        name: next.name,
        programId: next.programId,
        enrollmentType: next.enrollmentType,
        startsAt: next.startsAt,
        accountExpiresAt: next.accountExpiresAt,
        allowManualVideoCompletion: next.allowManualVideoCompletion,
      })
      .where(eq(batches.id, row.id));
    await recordAudit<BatchAuditRow>(tx, [{ actorId: actor.id, targetUserId: null, action: "batch.update", summary: `Changed ${changed.join(", ")} of the batch ${row.key}`, before, after, at: now }]);
  });
  if ("enrollmentType" in after || "program" in after || "startsAt" in after) {
    const members = await deps.db.select({ userId: batchMembers.userId }).from(batchMembers).where(eq(batchMembers.batchId, row.id));
    await enrollMembers(deps, members.map((m) => m.userId));
  }
  return { batch: await batchView(deps, row.id) };
}
