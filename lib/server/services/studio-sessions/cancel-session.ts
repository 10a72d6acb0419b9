import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq, sql } from "drizzle-orm";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { findSession, notifyRegistrants, registeredUserIds, sessionView, type SessionAuditRow } from "./session-view";

/**
 * Cancels a session: learners' lists drop it, registering is refused (409 meeting_cancelled), its
 * reminders stop, and each registered learner is e-mailed a METHOD:CANCEL calendar file with the
 * SEQUENCE raised by one. Registrations stay: they record who meant to come. Cancelling a cancelled
 * session changes nothing, writes no audit row and sends nothing (`alreadyCancelled`).
 */
export async function cancelSession(deps: Deps, actor: User, input: { id: string }) {
  await findSession(deps.db, input.id);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(meetings).where(eq(meetings.id, input.id)).for("update");
    if (!row || row.cancelledAt) return null;
    const [saved] = await tx
      .update(meetings)
      .set({ cancelledAt: now, studioEditedAt: now, updatedAt: now, sequence: sql`${meetings.sequence} + 1` })
      .where(eq(meetings.id, row.id))
      .returning({ sequence: meetings.sequence });
    await recordAudit<SessionAuditRow>(tx, {
      actorId: actor.id,
      action: "session.cancel",
      summary: `Cancelled the group session "${row.title}" of ${row.startDate.toISOString()}`,
      before: { id: row.id, title: row.title, start: row.startDate.toISOString(), cancelledAt: null, sequence: row.sequence },
      after: { id: row.id, title: row.title, start: row.startDate.toISOString(), cancelledAt: now.toISOString(), sequence: saved!.sequence },
      at: now,
    });
    return { sequence: saved!.sequence, userIds: await registeredUserIds(tx, row.id) };
  });
  const notified = outcome ? await notifyRegistrants(deps, "meeting-cancel", input.id, outcome.userIds, outcome.sequence) : 0;
  return { session: await sessionView(deps, input.id), alreadyCancelled: !outcome, notified };
}
