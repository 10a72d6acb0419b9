import "server-only";
import type { Db } from "../../db/client";
import { studioAudit } from "../../db/schema";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface EnrollmentAuditRow {
  actorId: string;
  /** The person enrolled, answered or moved; null for a whole batch. */
  targetUserId: string | null;
  courseId: string | null;
  action: "enrollment.create" | "purchase.grant" | "purchase.decline" | "enrollment.version";
  summary: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Appends the audit rows of enrollment writes, in the write's own transaction, a thousand per statement. */
export async function recordEnrollmentAudit(tx: Tx, rows: EnrollmentAuditRow[]) {
  for (let at = 0; at < rows.length; at += 1000) {
    await tx.insert(studioAudit).values(
      rows.slice(at, at + 1000).map((row) => ({
        userId: row.actorId,
        targetUserId: row.targetUserId,
        courseId: row.courseId,
        action: row.action,
        summary: row.summary,
        before: row.before ?? null,
        after: row.after ?? null,
        createdAt: row.at,
      })),
    );
  }
}

