import "server-only";
import { sql } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type * as s from "../schema";
import { excluded, type ContentIds, type Tx } from "./rows";

/** Relative meeting starts count from the minute of the import, so sessions start on a whole minute. */
const wholeMinute = (date: Date) => Math.floor(date.getTime() / 60_000) * 60_000;

/**
 * Meetings, matched by key; relative starts count from `now`. What a calendar shows of a meeting
 * changed: its calendar revision goes up. Sessions the studio wrote or cancelled are left alone. A
 * session the file says was cancelled (`cancelledAt`, as the export writes a studio cancellation) is
 * written cancelled; a session already cancelled is left alone, so an import never undoes one.
 */
export async function writeMeetings(tx: Tx, meetings: s.MeetingInput[], ids: ContentIds, now: Date): Promise<void> {
  if (!meetings.length) return;
  await ids.resolveCourses(
    tx,
    meetings.flatMap((m) => (m.course ? [m.course] : [])),
  );
  const meetingChanged = sql.raw(
    `(${[
      t.meetings.title,
      t.meetings.description,
      t.meetings.startDate,
      t.meetings.durationInMinutes,
      t.meetings.joinLink,
      t.meetings.meetingTakerName,
      t.meetings.meetingTakerEmail,
      t.meetings.cancelledAt,
    ]
      .map((c) => `"meetings"."${c.name}" is distinct from excluded."${c.name}"`)
      .join(" or ")})`,
  );
  await tx
    .insert(t.meetings)
    .values(
      meetings.map((m) => ({
        key: m.key,
        title: m.title,
        courseId: m.course ? ids.courses.get(m.course)! : null,
        meetingTakerName: m.meetingTakerName,
        meetingTakerEmail: m.meetingTakerEmail,
        startDate: "at" in m.start ? m.start.at : new Date(wholeMinute(now) + m.start.offsetMs),
        durationInMinutes: m.durationInMinutes,
        description: m.description,
        joinLink: m.joinLink,
        position: m.order,
        timeZone: m.timeZone,
        cancelledAt: m.cancelledAt ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: t.meetings.key,
      set: {
        title: excluded(t.meetings.title),
        courseId: excluded(t.meetings.courseId),
        meetingTakerName: excluded(t.meetings.meetingTakerName),
        meetingTakerEmail: excluded(t.meetings.meetingTakerEmail),
        startDate: excluded(t.meetings.startDate),
        durationInMinutes: excluded(t.meetings.durationInMinutes),
        description: excluded(t.meetings.description),
        joinLink: excluded(t.meetings.joinLink),
        position: excluded(t.meetings.position),
        timeZone: excluded(t.meetings.timeZone),
        cancelledAt: excluded(t.meetings.cancelledAt),
        // Calendars that saved the session replace their copy only when SEQUENCE goes up (RFC 5545).
        sequence: sql`case when ${meetingChanged} then "meetings"."sequence" + 1 else "meetings"."sequence" end`,
        updatedAt: sql`case when ${meetingChanged} then now() else "meetings"."updated_at" end`,
      },
      // A session an administrator made, changed or cancelled in the studio is the studio's from then
      // on: an import of the same key leaves it as it is (docs/meetings.md), so it neither undoes a
      // cancellation nor moves a session back without telling its learners.
      setWhere: sql.raw(`"meetings"."cancelled_at" is null and "meetings"."studio_edited_at" is null`),
    });
}
