import "server-only";
import { studioAudit } from "../../db/schema";
import type { Tx } from "./program-view";

export interface ProgramAuditRow {
  actorId: string;
  action: "program.create" | "program.update";
  summary: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Appends a program write's audit row, in the write's own transaction. */
export async function recordProgramAudit(tx: Tx, row: ProgramAuditRow) {
  await tx.insert(studioAudit).values({
    userId: row.actorId,
    action: row.action,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.at,
  });
}
