import "server-only";
import type { Db } from "../../db/client";
import { studioAudit } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a people write records of a person, before and after it. */
export interface PersonSnapshot {
  email: string;
  name: string;
  userKind: string;
  plan: string;
  role: string;
  preferredLanguage: string;
  batches: string[];
  accessExpiresAt: string | null;
  status: "active" | "deactivated";
}

export interface PeopleAuditRow {
  /** Who did it: null for an operator command. */
  actorId: string | null;
  targetUserId: string;
  action: "person.create" | "person.update" | "person.deactivate" | "person.reactivate" | "person.import" | "person.invite" | "person.grant";
  summary: string;
  /** A person's fields; for person.grant, the timed block's allowance (docs/timed-attempts.md). */
  before?: Partial<PersonSnapshot> | Record<string, unknown> | null;
  after?: Partial<PersonSnapshot> | Record<string, unknown> | null;
  at: Date;
}

/** Appends audit rows in the write's own transaction, a thousand per statement. */
export async function recordPeopleAudit(tx: Tx | Db, rows: PeopleAuditRow[]) {
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
