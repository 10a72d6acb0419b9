import "server-only";
import { recordAudit } from "../../domain/audit";
import { autoEnrollMembers } from "../../domain/enrollment";
import { and, eq, inArray, isNull, not } from "drizzle-orm";
import { batchMembers, sessions, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { conflict } from "../../errors";
import { type PersonSnapshot, type PeopleAuditRow } from "./audit";
import { knownBatches } from "./create-person";
import { findPerson, personView } from "./person-view";

export interface PersonChange {
  id: string;
  name?: string;
  userKind?: "Customer" | "Employee";
  plan?: "Basic" | "Premium";
  role?: "learner" | "grader" | "author" | "admin";
  preferredLanguage?: "English" | "Hindi" | "Tamil" | "Telugu" | "Others";
  batches?: string[];
  accessExpiresAt?: string | null;
  status?: "active" | "deactivated";
}

const FIELDS = ["name", "userKind", "plan", "role", "preferredLanguage", "accessExpiresAt", "batches", "status"] as const;

/**
 * Changes a person. Deactivating ends every session of theirs in the same transaction (their next
 * call answers 401) and sign-in refuses them from then on; nothing of theirs is deleted. The audit row
 * holds the fields that changed, before and after.
 */
export async function updatePerson(deps: Deps, actor: User, change: PersonChange) {
  const row = await findPerson(deps, change.id);
  if (row.id === actor.id && (change.status === "deactivated" || (change.role && change.role !== "admin"))) {
    throw conflict("You cannot deactivate your own account or take away your own administrator role: ask another administrator.", "own_account");
  }
  const current = await personView(deps, row.id);
  const batchIds = change.batches ? await knownBatches(deps, [...new Set(change.batches)]) : undefined;
  const next: PersonSnapshot = {
    email: current.email,
    name: change.name ?? current.name,
    userKind: change.userKind ?? current.userKind,
    plan: change.plan ?? current.plan,
    role: change.role ?? current.role,
    preferredLanguage: change.preferredLanguage ?? current.preferredLanguage,
    batches: batchIds ? [...batchIds.keys()].sort() : current.batches,
    accessExpiresAt: change.accessExpiresAt === undefined ? current.accessExpiresAt : change.accessExpiresAt && new Date(change.accessExpiresAt).toISOString(),
    status: change.status ?? current.status,
  };
  const before: Partial<PersonSnapshot> = {};
  const after: Partial<PersonSnapshot> = {};
  for (const field of FIELDS) {
    if (JSON.stringify(current[field]) !== JSON.stringify(next[field])) {
      (before as Record<string, unknown>)[field] = current[field];
      (after as Record<string, unknown>)[field] = next[field];
    }
  }
  const changed = Object.keys(after);
  if (!changed.length) return { person: current };

  const now = deps.now();
  const action = after.status === "deactivated" ? "person.deactivate" : after.status === "active" ? "person.reactivate" : "person.update";
  const summary =
    action === "person.deactivate" ? `Deactivated ${current.email}` : action === "person.reactivate" ? `Reactivated ${current.email}` : `Changed ${changed.join(", ")} of ${current.email}`;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: next.name,
        userKind: next.userKind as PersonChange["userKind"],
        plan: next.plan as PersonChange["plan"],
        role: next.role as PersonChange["role"],
        preferredLanguage: next.preferredLanguage as PersonChange["preferredLanguage"],
        accessExpiresAt: next.accessExpiresAt ? new Date(next.accessExpiresAt) : null,
        deactivatedAt: next.status === "deactivated" ? (row.deactivatedAt ?? now) : null,
      })
      .where(eq(users.id, row.id));
    if (after.status === "deactivated") {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)));
    }
    if (batchIds && after.batches) {
      const keep = [...batchIds.values()];
      await tx.delete(batchMembers).where(keep.length ? and(eq(batchMembers.userId, row.id), not(inArray(batchMembers.batchId, keep))) : eq(batchMembers.userId, row.id));
      if (keep.length) {
        await tx.insert(batchMembers).values(keep.map((batchId) => ({ batchId, userId: row.id }))).onConflictDoNothing();
        // Enrolled by their new batches now, whether or not they sign in (docs/enrollment.md).
        await autoEnrollMembers(tx, [row.id]);
      }
    }
    await recordAudit<PeopleAuditRow>(tx, [{ actorId: actor.id, targetUserId: row.id, action, summary, before, after, at: now }]);
  });
  return { person: await personView(deps, row.id) };
}
