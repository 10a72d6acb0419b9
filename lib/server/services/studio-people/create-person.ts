import "server-only";
import { recordAudit } from "../../domain/audit";
import { autoEnrollMembers } from "../../domain/enrollment";
import { eq } from "drizzle-orm";
import { batchMembers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { queueSignInLink } from "../sign-in";
import { type PersonSnapshot, type PeopleAuditRow } from "./audit";
import { batchIdsOf, personView } from "./person-view";

export interface NewPerson {
  email: string;
  name: string;
  userKind: "Customer" | "Employee";
  plan: "Basic" | "Premium";
  role: "learner" | "grader" | "author" | "admin";
  preferredLanguage: "English" | "Hindi" | "Tamil" | "Telugu" | "Others";
  batches: string[];
  accessExpiresAt: string | null;
  invite: boolean;
}

/** The batches named, by key; the first unknown one is refused by name. */
export async function knownBatches(deps: Deps, keys: string[]) {
  const ids = await batchIdsOf(deps, keys);
  const unknown = keys.filter((k) => !ids.has(k));
  if (unknown.length) {
    const named = unknown.map((k) => `"${k}"`).join(", ");
    throw new ApiError(400, "unknown_batch", `batches: no batch has the key ${named}.`, {}, { field: "batches", keys: named, count: unknown.length });
  }
  return ids;
}

export const duplicateEmail = (email: string) => new ApiError(409, "email_taken", `A person with the e-mail ${email} already exists.`, {}, { email });

/** Adds one person, in one transaction with their batches and the audit row; then queues their invitation. */
export async function createPerson(deps: Deps, actor: User, input: NewPerson) {
  const email = input.email.trim().toLowerCase();
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw duplicateEmail(email);
  const batchIds = await knownBatches(deps, [...new Set(input.batches)]);
  const now = deps.now();
  const expires = input.accessExpiresAt ? new Date(input.accessExpiresAt) : null;
  // The row's fields, written as they are and recorded in the audit entry.
  const fields = { email, name: input.name, userKind: input.userKind, plan: input.plan, role: input.role, preferredLanguage: input.preferredLanguage };
  const after: PersonSnapshot = { ...fields, batches: [...batchIds.keys()].sort(), accessExpiresAt: expires?.toISOString() ?? null, status: "active" };
  const id = await deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...fields, accessExpiresAt: expires, createdAt: now })
        .returning({ id: users.id });
      if (batchIds.size) {
        await tx.insert(batchMembers).values([...batchIds.values()].map((batchId) => ({ batchId, userId: row!.id })));
        // Enrolled by their batches now, whether or not they ever sign in (docs/enrollment.md).
        await autoEnrollMembers(tx, [row!.id]);
      }
      await recordAudit<PeopleAuditRow>(tx, [{ actorId: actor.id, targetUserId: row!.id, action: "person.create", summary: `Added ${email}`, after, at: now }]);
      return row!.id;
    })
    .catch((err: unknown) => {
      // Two adds of one e-mail at once: the unique index refuses the second.
      if (String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) === "23505") throw duplicateEmail(email);
      throw err;
    });
  if (input.invite) await invite(deps, actor, id, now);
  return { person: await personView(deps, id) };
}

/** Queues an invitation e-mail (a sign-in link valid for 7 days) and records it. */
export async function invite(deps: Deps, actor: User | null, userId: string, now: Date) {
  await queueSignInLink(deps, { user: { id: userId }, redirectUrl: "/dashboard", source: "operator" });
  await recordAudit<PeopleAuditRow>(deps.db, [{ actorId: actor?.id ?? null, targetUserId: userId, action: "person.invite", summary: "Sent an invitation e-mail", at: now }]);
}
