import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { batches, batchMembers, invites, mailDeliveries, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { jobId } from "../../jobs/engine";
import { notFound } from "../../errors";

type UserRow = typeof users.$inferSelect;

/** The mail job's key of an invitation (lib/server/services/sign-in: `invite:<id>`). */
export const invitationJobKey = (inviteId: string) => `invite:${inviteId}`;

function reasonOf(output: unknown): string | null {
  if (output && typeof output === "object" && "message" in output) return String((output as { message: unknown }).message);
  return null;
}

/**
 * People as the studio shows them: with their batches and the state of their last invitation, read
 * for the whole page at once (three statements and one look at the job queue, whatever its size).
 */
export async function personViews(deps: Deps, rows: UserRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const memberships = await deps.db
    .select({ userId: batchMembers.userId, key: batches.key })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .where(inArray(batchMembers.userId, ids))
    .orderBy(batches.key);
  const lastInvites = await deps.db
    .selectDistinctOn([invites.userId], { id: invites.id, userId: invites.userId, createdAt: invites.createdAt })
    .from(invites)
    .where(and(inArray(invites.userId, ids), eq(invites.source, "operator")))
    .orderBy(invites.userId, desc(invites.createdAt));
  const jobIds = lastInvites.map((i) => jobId("mail", invitationJobKey(i.id)));
  const delivered = jobIds.length
    ? await deps.db.select({ jobId: mailDeliveries.jobId, sentAt: mailDeliveries.sentAt }).from(mailDeliveries).where(inArray(mailDeliveries.jobId, jobIds))
    : [];
  const jobs = await deps.jobs.find(
    "mail",
    lastInvites.filter((i) => !delivered.some((d) => d.jobId === jobId("mail", invitationJobKey(i.id)))).map((i) => invitationJobKey(i.id)),
  );

  return rows.map((user) => {
    const invite = lastInvites.find((i) => i.userId === user.id);
    let invitation: { state: "queued" | "sent" | "failed"; reason: string | null; at: string } | null = null;
    if (invite) {
      const key = invitationJobKey(invite.id);
      const sent = delivered.find((d) => d.jobId === jobId("mail", key));
      const job = jobs.get(key);
      if (sent) invitation = { state: "sent", reason: null, at: sent.sentAt.toISOString() };
      else if (!job) invitation = { state: "failed", reason: "The e-mail's job is no longer kept: send the invitation again.", at: invite.createdAt.toISOString() };
      else if (job.state === "failed" || job.state === "cancelled") invitation = { state: "failed", reason: reasonOf(job.output) ?? "The mail server did not take the e-mail.", at: invite.createdAt.toISOString() };
      else if (job.state === "completed") invitation = { state: "failed", reason: "Not sent: the link was used, expired or replaced before it went out.", at: invite.createdAt.toISOString() };
      else invitation = { state: "queued", reason: job.state === "retry" ? reasonOf(job.output) : null, at: invite.createdAt.toISOString() };
    }
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      userKind: user.userKind,
      plan: user.plan,
      role: user.role,
      preferredLanguage: user.preferredLanguage,
      batches: memberships.filter((m) => m.userId === user.id).map((m) => m.key),
      accessExpiresAt: user.accessExpiresAt?.toISOString() ?? null,
      status: user.deactivatedAt ? ("deactivated" as const) : ("active" as const),
      deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      invitation,
    };
  });
}

export type PersonView = Awaited<ReturnType<typeof personViews>>[number];

/** One person's row, or 404 person_not_found. */
export async function findPerson(deps: Deps, id: string): Promise<UserRow> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound("No person has this id.", "person_not_found");
  if (row.deletedAt) throw notFound("This person was deleted on request: nothing about them is kept but what the audit log says was done.", "person_not_found");
  return row;
}

export async function personView(deps: Deps, id: string): Promise<PersonView> {
  const [view] = await personViews(deps, [await findPerson(deps, id)]);
  return view!;
}

/** The ids of batches by key; an unknown key is refused, named. */
export async function batchIdsOf(deps: Deps, keys: string[]): Promise<Map<string, string>> {
  const found = keys.length ? await deps.db.select({ id: batches.id, key: batches.key }).from(batches).where(inArray(batches.key, keys)) : [];
  const map = new Map(found.map((b) => [b.key, b.id]));
  return map;
}
