import "server-only";
import type { AuditEntry } from "../../domain/audit";

/** A batch write's audit entry: targetUserId is the person a membership write changed, null for a write to the batch itself. */
export type BatchAuditRow = AuditEntry<"batch.create" | "batch.update" | "batch.delete" | "batch.members.add" | "batch.members.remove">;
