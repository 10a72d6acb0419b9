import "server-only";
import { recordAudit } from "../../domain/audit";
import { and, eq, ne } from "drizzle-orm";
import {
  careerServiceRecords,
  essayAttempts,
  essayUploads,
  invites,
  mailDeliveries,
  notificationOptOuts,
  sessions,
  studioAudit,
  timedBlockGrants,
  unsubscribeTokens,
  userEvents,
  users,
} from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { badRequest, conflict } from "../../errors";
import { fileStoreFromEnv } from "../../storage/file-store";
import { withdrawHolderCertificates } from "../certificates";
import { findPerson } from "./person-view";

/** What an erased audit entry says instead of what it recorded (the audit log's trigger lets only this through, migration 0017). */
export const ERASED_SUMMARY = "Erased: the person was deleted on request";
export const DELETED_NAME = "Deleted person";

/**
 * Deletes a person on request, in one transaction. Their account row stays, anonymised (a unique
 * address under the reserved `.invalid` domain, no name, phone or time zone), so the records that count
 * them (enrollments, progress, scores, registrations) stay whole and tell no one who they were. Erased:
 * every session and sign-in link, their events, notification settings, career-services record, the
 * text and files of their essays, the reasons of their timed-block grants, the delivery records naming their address, and what the audit log's
 * entries recorded of them. Their certificates are withdrawn: the share pages answer 410. The audit
 * log gains one `person.delete` entry saying who did it and when, and nothing of the person.
 */
export async function deletePerson(deps: Deps, actor: User, input: { id: string; confirmEmail: string }) {
  const person = await findPerson(deps, input.id);
  if (person.id === actor.id) throw conflict("You cannot delete your own account: ask another administrator.", "own_account");
  if (input.confirmEmail.trim().toLowerCase() !== person.email) throw badRequest("confirmEmail: type the person's e-mail exactly to confirm the deletion.");
  const now = deps.now();
  const files = await deps.db.select({ path: essayUploads.storagePath }).from(essayUploads).where(eq(essayUploads.userId, person.id));

  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: `deleted-${person.id}@deleted.invalid`,
        name: DELETED_NAME,
        phone: null,
        countryCode: null,
        domain: null,
        timeZone: null,
        customerProfile: null,
        educationBackground: null,
        deactivatedAt: person.deactivatedAt ?? now,
        deletedAt: now,
      })
      .where(eq(users.id, person.id));
    await tx.delete(sessions).where(eq(sessions.userId, person.id));
    await tx.delete(invites).where(eq(invites.userId, person.id));
    await tx.delete(userEvents).where(eq(userEvents.userId, person.id));
    await tx.delete(notificationOptOuts).where(eq(notificationOptOuts.userId, person.id));
    await tx.delete(unsubscribeTokens).where(eq(unsubscribeTokens.userId, person.id));
    await tx.delete(careerServiceRecords).where(eq(careerServiceRecords.userId, person.id));
    await tx.delete(essayUploads).where(eq(essayUploads.userId, person.id));
    await tx.update(essayAttempts).set({ answer: "", attachmentIds: [] }).where(eq(essayAttempts.userId, person.id));
    // A grant's reason may say why about the person (an illness, a power cut); the grant itself still counts.
    await tx.update(timedBlockGrants).set({ reason: "" }).where(eq(timedBlockGrants.userId, person.id));
    await tx.delete(mailDeliveries).where(eq(mailDeliveries.recipient, person.email));
    await withdrawHolderCertificates(tx, person.id, now);
    await tx
      .update(studioAudit)
      .set({ summary: ERASED_SUMMARY, before: null, after: null })
      .where(and(eq(studioAudit.targetUserId, person.id), ne(studioAudit.action, "person.delete")));
    await recordAudit(tx, { actorId: actor.id, targetUserId: person.id, action: "person.delete", summary: "Deleted a person on request", at: now });
  });

  // The files go once the rows naming them are gone; a file the store cannot remove now is only an orphan.
  const store = fileStoreFromEnv(deps.env);
  for (const file of files) await store.remove(file.path).catch(() => undefined);
  return { id: person.id, deletedAt: now.toISOString() };
}
