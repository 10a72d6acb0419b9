import "server-only";
import type { Db } from "../../db/client";
import { studioAudit } from "../../db/schema";
import type { Tx } from "./batch-view";

export interface BatchAuditRow {
  actorId: string | null;
  /** The person a membership write changed; null for a write to the batch itself. */
  targetUserId: string | null;
  action: "batch.create" | "batch.update" | "batch.delete" | "batch.members.add" | "batch.members.remove";
  summary: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Appends audit rows in the write's own transaction, a thousand per statement. */
export async function recordBatchAudit(tx: Tx | Db, rows: BatchAuditRow[]) {
  for (let at = 0; at < rows.length; at += 1000) {
    await tx.insert(studioAudit).values(
      rows.slice(at, at + 1000).map((row) => ({
        userId: row.actorId,
        targetUserId: row.targetUserId,
        action: row.action,
        summary: row.summary,
        before: row.before ?? null,
        after: row.after ?? null,
        createdAt: row.at,
      })),
    );
  }
}
