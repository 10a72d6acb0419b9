import "server-only";
import type { Db } from "../db/client";
import { studioAudit } from "../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One studio write as the audit log keeps it (docs/people.md, "The audit log"). Each area names its
 * own actions (`AuditEntry<"batch.create" | ...>`); the log is one table for all of them.
 */
export interface AuditEntry<Action extends string = string> {
  /** Who did it: null for an operator command. */
  actorId: string | null;
  /** The person the write changed, when it changed one. */
  targetUserId?: string | null;
  /** The course the write changed, when it changed one. */
  courseId?: string | null;
  action: Action;
  /** The draft's revision a course write made (a stale save lists the changes after its own). */
  revision?: number | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/**
 * Appends entries to the audit log in the write's own transaction, so a write and its entry are kept
 * or lost together; a thousand per statement. The table takes no update or delete (migration 0017's
 * trigger), so this is the only way in.
 */
export async function recordAudit<Entry extends AuditEntry>(tx: Tx | Db, entries: Entry | Entry[]) {
  const rows: AuditEntry[] = Array.isArray(entries) ? entries : [entries];
  for (let at = 0; at < rows.length; at += 1000) {
    await tx.insert(studioAudit).values(
      rows.slice(at, at + 1000).map((entry) => ({
        userId: entry.actorId,
        targetUserId: entry.targetUserId ?? null,
        courseId: entry.courseId ?? null,
        action: entry.action,
        revision: entry.revision ?? null,
        summary: entry.summary,
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: entry.at,
      })),
    );
  }
}
