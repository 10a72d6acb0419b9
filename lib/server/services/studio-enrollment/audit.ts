import "server-only";
import type { Db } from "../../db/client";
import type { AuditEntry } from "../../domain/audit";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An enrollment write's audit entry: targetUserId is the person enrolled, answered or moved; null for a whole batch. */
export type EnrollmentAuditRow = AuditEntry<"enrollment.create" | "purchase.grant" | "purchase.decline" | "enrollment.version">;
