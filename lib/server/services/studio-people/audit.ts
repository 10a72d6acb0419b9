import "server-only";
import type { AuditEntry } from "../../domain/audit";

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

/** A people write's audit entry; for person.grant, before and after are the timed block's allowance (docs/timed-attempts.md). */
export type PeopleAuditRow = AuditEntry<
  | "person.create"
  | "person.update"
  | "person.deactivate"
  | "person.reactivate"
  | "person.import"
  | "person.invite"
  | "person.grant"
  | "person.export"
  | "person.delete"
  | "person.career-services"
>;
