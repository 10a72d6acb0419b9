import "server-only";
import type { AuditEntry } from "../../domain/audit";

/** A program write's audit entry. */
export type ProgramAuditRow = AuditEntry<"program.create" | "program.update" | "program.delete">;
