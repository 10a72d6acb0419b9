import "server-only";
import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batches, batchMembers, programs } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type BatchRow = typeof batches.$inferSelect;
export type EnrollmentType = BatchRow["enrollmentType"];

/** What a batch write records of a batch, before and after it. */
export interface BatchSnapshot {
  key: string;
  name: string;
  program: string | null;
  enrollmentType: EnrollmentType;
  startsAt: string | null;
  accountExpiresAt: string | null;
  allowManualVideoCompletion: boolean;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export const batchNotFound = () => notFound("No batch has this id: it may have been deleted.", "batch_not_found");

/** The batch of this id, or 404 batch_not_found. */
export async function findBatch(deps: Deps, id: string): Promise<BatchRow> {
  const [row] = await deps.db.select().from(batches).where(eq(batches.id, id)).limit(1);
  if (!row) throw batchNotFound();
  return row;
}

/** The batches as the studio shows them: with their program and how many members they have (one query each for the page). */
export async function batchViews(deps: Deps, rows: BatchRow[]) {
  const ids = rows.map((r) => r.id);
  const programIds = [...new Set(rows.map((r) => r.programId).filter((p): p is string => p !== null))];
  const counts = ids.length
    ? await deps.db.select({ batchId: batchMembers.batchId, n: count() }).from(batchMembers).where(inArray(batchMembers.batchId, ids)).groupBy(batchMembers.batchId)
    : [];
  const programRows = programIds.length ? await deps.db.select({ id: programs.id, key: programs.key, name: programs.name }).from(programs).where(inArray(programs.id, programIds)) : [];
  const memberCount = new Map(counts.map((c) => [c.batchId, Number(c.n)]));
  const programOf = new Map(programRows.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    program: (r.programId && programOf.get(r.programId)) || null,
    enrollmentType: r.enrollmentType,
    startsAt: iso(r.startsAt),
    accountExpiresAt: iso(r.accountExpiresAt),
    allowManualVideoCompletion: r.allowManualVideoCompletion,
    memberCount: memberCount.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function batchView(deps: Deps, id: string) {
  return (await batchViews(deps, [await findBatch(deps, id)]))[0]!;
}

/** The snapshot of a batch for the audit log; `programKey` names its program. */
export const batchSnapshot = (row: Pick<BatchRow, "key" | "name" | "enrollmentType" | "startsAt" | "accountExpiresAt" | "allowManualVideoCompletion">, programKey: string | null): BatchSnapshot => ({
  key: row.key,
  name: row.name,
  program: programKey,
  enrollmentType: row.enrollmentType,
  startsAt: iso(row.startsAt),
  accountExpiresAt: iso(row.accountExpiresAt),
  allowManualVideoCompletion: row.allowManualVideoCompletion,
});
