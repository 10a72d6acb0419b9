import "server-only";
import { recordAudit } from "../../domain/audit";
import { eq, sql } from "drizzle-orm";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { conflict } from "../../errors";
import {
  courseKeyOf,
  findSession,
  instantOf,
  knownCourse,
  notifyRegistrants,
  registeredUserIds,
  sessionSnapshot,
  sessionView,
  type SessionSnapshot,
  type SessionAuditRow,
} from "./session-view";

export interface SessionChange {
  id: string;
  title?: string;
  description?: string;
  courseId?: string | null;
  startLocal?: string;
  timeZone?: string;
  durationInMinutes?: number;
  joinLink?: string;
  hostName?: string;
  hostEmail?: string;
}

/** What a learner's calendar shows of a session: a change to any raises its SEQUENCE and tells them. */
const CALENDAR_FIELDS = ["title", "description", "start", "durationInMinutes", "joinLink"] as const;

export const sessionCancelled = (title: string) => conflict(`"${title}" was cancelled: a cancelled session cannot be changed.`, "meeting_cancelled");

/**
 * Changes a session. The audit row holds the fields that changed, before and after; a save that
 * changes nothing writes nothing. A change learners' calendars show raises the SEQUENCE by one (in
 * SQL, on the row locked for the write) and queues an update e-mail to each registered learner once
 * the write is committed. A start in the past is allowed here: a record may be corrected.
 */
export async function updateSession(deps: Deps, actor: User, change: SessionChange) {
  const found = await findSession(deps.db, change.id);
  if (found.cancelledAt) throw sessionCancelled(found.title);
  const timeZone = change.timeZone ?? found.timeZone;
  const startDate = change.startLocal !== undefined ? instantOf(change.startLocal, timeZone) : found.startDate;
  if (change.courseId) await knownCourse(deps.db, change.courseId);
  const now = deps.now();

  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(meetings).where(eq(meetings.id, change.id)).for("update");
    if (!row) throw new Error("session vanished during its update");
    if (row.cancelledAt) throw sessionCancelled(row.title);
    const next = {
      title: change.title ?? row.title,
      description: change.description ?? row.description,
      courseId: change.courseId === undefined ? row.courseId : change.courseId,
      startDate,
      timeZone,
      durationInMinutes: change.durationInMinutes ?? row.durationInMinutes,
      joinLink: change.joinLink ?? row.joinLink,
      meetingTakerName: change.hostName ?? row.meetingTakerName,
      meetingTakerEmail: change.hostEmail ?? row.meetingTakerEmail,
    };
    const current = sessionSnapshot(row, await courseKeyOf(tx, row.courseId));
    const wanted = sessionSnapshot(next, next.courseId === row.courseId ? current.course : await courseKeyOf(tx, next.courseId));
    const before: Partial<SessionSnapshot> = {};
    const after: Partial<SessionSnapshot> = {};
    for (const field of Object.keys(wanted) as (keyof SessionSnapshot)[]) {
      if (current[field] !== wanted[field]) {
        (before as Record<string, unknown>)[field] = current[field];
        (after as Record<string, unknown>)[field] = wanted[field];
      }
    }
    const changed = Object.keys(after);
    if (!changed.length) return null;
    const calendarChanged = CALENDAR_FIELDS.some((f) => f in after);
    const [saved] = await tx
      .update(meetings)
      .set({
        ...next,
        studioEditedAt: now,
        ...(calendarChanged ? { sequence: sql`${meetings.sequence} + 1`, updatedAt: now } : {}),
      })
      .where(eq(meetings.id, row.id))
      .returning({ sequence: meetings.sequence });
    await recordAudit<SessionAuditRow>(tx, {
      actorId: actor.id,
      action: "session.update",
      summary: `Changed ${changed.join(", ")} of the group session "${next.title}"${calendarChanged ? ` (calendar revision ${saved!.sequence})` : ""}`,
      before: { id: row.id, ...before, ...(calendarChanged ? { sequence: row.sequence } : {}) },
      after: { id: row.id, ...after, ...(calendarChanged ? { sequence: saved!.sequence } : {}) },
      at: now,
    });
    return calendarChanged ? { sequence: saved!.sequence, userIds: await registeredUserIds(tx, row.id) } : { sequence: null, userIds: [] };
  });

  const notified = outcome?.sequence != null ? await notifyRegistrants(deps, "meeting-update", change.id, outcome.userIds, outcome.sequence) : 0;
  return { session: await sessionView(deps, change.id), notified };
}
