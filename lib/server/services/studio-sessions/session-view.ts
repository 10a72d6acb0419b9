import "server-only";
import type { AuditEntry } from "../../domain/audit";
import { count, eq, inArray } from "drizzle-orm";
import { instantOfWallTime, utcOffsetMs, wallTimeAt } from "@/lib/time-zone";
import type { Db } from "../../db/client";
import { courses, meetingRegistrations, meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError, notFound } from "../../errors";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type SessionRow = typeof meetings.$inferSelect;

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, "0");

export const sessionNotFound = () => notFound("No group session has this id: it may have been deleted.", "meeting_not_found");

/** The session of this id (cancelled or not), or 404 meeting_not_found. */
export async function findSession(db: Db | Tx, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id)).limit(1);
  if (!row) throw sessionNotFound();
  return row;
}

/** An instant as a wall-clock time of a zone, as the form enters it: 2027-03-29T18:00. */
export function localOf(instant: Date, timeZone: string): string {
  const w = wallTimeAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const offsetText = (instant: Date, timeZone: string) => {
  const minutes = Math.round(utcOffsetMs(instant, timeZone) / MINUTE);
  const sign = minutes < 0 ? "-" : "+";
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
};

/**
 * The instant a wall-clock start in a zone stands for. A time the clocks skip (daylight saving time
 * starts) is refused; one they pass twice (it ends) is refused with the two offsets, as the import does.
 */
export function instantOf(startLocal: string, timeZone: string): Date {
  const [date, time] = startLocal.split("T") as [string, string];
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) {
    throw new ApiError(400, "meeting_time_invalid", `startLocal: ${startLocal} is not a date and time that exists`, {}, { reason: "nonexistent", startLocal });
  }
  const resolved = instantOfWallTime({ year, month, day, hour, minute }, timeZone);
  if (resolved.kind === "gap") {
    throw new ApiError(
      400,
      "meeting_time_invalid",
      `startLocal: ${startLocal} does not exist in ${timeZone}: the clocks skip it when daylight saving time starts; choose another time`,
      {},
      { reason: "gap", startLocal, timeZone },
    );
  }
  if (resolved.kind === "ambiguous") {
    const [a, b] = resolved.instants.map((i) => offsetText(i, timeZone));
    throw new ApiError(
      400,
      "meeting_time_invalid",
      `startLocal: ${startLocal} happens twice in ${timeZone} (the clocks go back that night, ${a} then ${b}); choose a time an hour earlier or later`,
      {},
      { reason: "ambiguous", startLocal, timeZone, first: a!, second: b! },
    );
  }
  return resolved.instant;
}

/** The course a session names, or 400 unknown_course. */
export async function knownCourse(db: Db | Tx, courseId: string) {
  const [course] = await db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw new ApiError(400, "unknown_course", "courseId: no course has this id; choose one of the courses listed", {}, { reason: "session" });
  return course;
}

const rangeOf = (row: SessionRow, now: Date) => {
  const end = row.startDate.getTime() + row.durationInMinutes * MINUTE;
  return now < row.startDate ? ("upcoming" as const) : now.getTime() < end ? ("live" as const) : ("past" as const);
};

/** Sessions as the studio shows them, with their course and registrant count (one query each for the page). */
export async function sessionViews(db: Db | Tx, rows: SessionRow[], now: Date) {
  const ids = rows.map((r) => r.id);
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId ? [r.courseId] : [])))];
  const [counts, courseRows] = await Promise.all([
    ids.length
      ? db.select({ meetingId: meetingRegistrations.meetingId, n: count() }).from(meetingRegistrations).where(inArray(meetingRegistrations.meetingId, ids)).groupBy(meetingRegistrations.meetingId)
      : [],
    courseIds.length ? db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
  ]);
  const registrants = new Map(counts.map((c) => [c.meetingId, Number(c.n)]));
  const courseOf = new Map(courseRows.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    title: r.title,
    description: r.description,
    course: (r.courseId && courseOf.get(r.courseId)) || null,
    startDate: r.startDate.toISOString(),
    endDate: new Date(r.startDate.getTime() + r.durationInMinutes * MINUTE).toISOString(),
    startLocal: localOf(r.startDate, r.timeZone),
    timeZone: r.timeZone,
    durationInMinutes: r.durationInMinutes,
    joinLink: r.joinLink,
    hostName: r.meetingTakerName,
    hostEmail: r.meetingTakerEmail,
    sequence: r.sequence,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    studioEditedAt: r.studioEditedAt?.toISOString() ?? null,
    rangeType: rangeOf(r, now),
    registrantCount: registrants.get(r.id) ?? 0,
  }));
}

export async function sessionView(deps: Deps, id: string) {
  return (await sessionViews(deps.db, [await findSession(deps.db, id)], deps.now()))[0]!;
}

/** What a session write records of a session, before and after it. */
export const sessionSnapshot = (row: Pick<SessionRow, "title" | "description" | "courseId" | "startDate" | "timeZone" | "durationInMinutes" | "joinLink" | "meetingTakerName" | "meetingTakerEmail">, courseKey: string | null) => ({
  title: row.title,
  description: row.description,
  course: courseKey,
  start: row.startDate.toISOString(),
  timeZone: row.timeZone,
  durationInMinutes: row.durationInMinutes,
  joinLink: row.joinLink,
  hostName: row.meetingTakerName,
  hostEmail: row.meetingTakerEmail,
});
export type SessionSnapshot = ReturnType<typeof sessionSnapshot>;

export async function courseKeyOf(db: Db | Tx, courseId: string | null): Promise<string | null> {
  if (!courseId) return null;
  const [row] = await db.select({ key: courses.key }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return row?.key ?? null;
}

/** A session write's audit entry. */
export type SessionAuditRow = AuditEntry<"session.create" | "session.update" | "session.cancel">;

/** The learners registered for a session, for its change and cancel e-mails. */
export async function registeredUserIds(db: Db | Tx, meetingId: string): Promise<string[]> {
  const rows = await db.select({ userId: meetingRegistrations.userId }).from(meetingRegistrations).where(eq(meetingRegistrations.meetingId, meetingId));
  return rows.map((r) => r.userId);
}

/**
 * Queues one e-mail per registered learner announcing revision `sequence` (after the write committed).
 * Each job is keyed by session, learner and revision: a retried request queues nothing twice, and a
 * later revision gets its own e-mail (an older one still waiting is then not sent: docs/meetings.md).
 */
export async function notifyRegistrants(deps: Deps, template: "meeting-update" | "meeting-cancel", meetingId: string, userIds: string[], sequence: number) {
  if (!userIds.length) return 0;
  await deps.jobs.sendMany(
    "mail",
    userIds.map((userId) => ({ key: `${template}:${meetingId}:${userId}:${sequence}`, data: { template, meetingId, userId, sequence } })),
  );
  return userIds.length;
}
