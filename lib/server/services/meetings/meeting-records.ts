import "server-only";
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Meeting } from "@/lib/contract/entities/meetings";
import type { Db } from "../../db/client";
import { courses, enrollments, meetingRegistrations, meetings } from "../../db/schema";
import type { User } from "../../domain/user";

/** Registered learners are offered the join link from this long before the start until the end. */
export const JOIN_OPENS_BEFORE_MS = 15 * 60_000;

export type MeetingRange = Meeting["rangeType"];

const MINUTE = 60_000;
export const meetingEnd = (start: Date, durationInMinutes: number) => new Date(start.getTime() + durationInMinutes * MINUTE);

/** live from its start until its start plus its duration, upcoming before, past after. */
export function meetingRange(start: Date, durationInMinutes: number, now: Date): MeetingRange {
  if (now < start) return "upcoming";
  return now < meetingEnd(start, durationInMinutes) ? "live" : "past";
}

/** Whether a learner is offered the join link now: registered, from 15 minutes before the start until the end (never once it is over). */
export function isJoinOffered(m: { startDate: Date; durationInMinutes: number; isRegistered: boolean }, now: Date): boolean {
  return m.isRegistered && now.getTime() >= m.startDate.getTime() - JOIN_OPENS_BEFORE_MS && now < meetingEnd(m.startDate, m.durationInMinutes);
}

/** The end of a meeting, in SQL. */
const endSql = sql`(${meetings.startDate} + make_interval(mins => ${meetings.durationInMinutes}))`;

/** Meetings of one range at `now`, in SQL; `current` is live or upcoming (not over yet). */
export function rangeCondition(range: MeetingRange | "current", now: Date): SQL {
  switch (range) {
    case "upcoming":
      return gt(meetings.startDate, now);
    case "live":
      return and(lte(meetings.startDate, now), gt(endSql, now))!;
    case "past":
      return lte(endSql, now);
    case "current":
      return gt(endSql, now);
  }
}

/** The order a range lists its meetings in: coming ones soonest first, past ones latest first. */
export function rangeOrder(range: MeetingRange | "current") {
  return range === "past"
    ? [desc(meetings.startDate), asc(meetings.position), asc(meetings.id)]
    : [asc(meetings.startDate), asc(meetings.position), asc(meetings.id)];
}

/**
 * The meetings meant for a learner: those of a course they are enrolled in, and those of no course
 * (open to everyone). The one rule the dashboard and the group-sessions page share.
 */
export function visibleTo(db: Db, user: Pick<User, "id">, options: { cancelled?: boolean } = {}): SQL {
  const forLearner = or(isNull(meetings.courseId), inArray(meetings.courseId, db.select({ id: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, user.id))))!;
  // A session cancelled in the studio leaves every learner's list (docs/meetings.md).
  return options.cancelled ? forLearner : and(forLearner, isNull(meetings.cancelledAt))!;
}

const meetingColumns = {
  id: meetings.id,
  title: meetings.title,
  courseId: meetings.courseId,
  courseName: courses.name,
  meetingTakerName: meetings.meetingTakerName,
  meetingTakerEmail: meetings.meetingTakerEmail,
  startDate: meetings.startDate,
  durationInMinutes: meetings.durationInMinutes,
  timeZone: meetings.timeZone,
  description: meetings.description,
  joinLink: meetings.joinLink,
  position: meetings.position,
  sequence: meetings.sequence,
  updatedAt: meetings.updatedAt,
  cancelledAt: meetings.cancelledAt,
  isRegistered: sql<boolean>`${meetingRegistrations.userId} is not null`.mapWith(Boolean),
};

/** Meetings with their course and whether this learner is registered; add where, order and limits. */
export function selectMeetings(db: Db, user: Pick<User, "id">) {
  return db
    .select(meetingColumns)
    .from(meetings)
    .leftJoin(courses, eq(courses.id, meetings.courseId))
    .leftJoin(meetingRegistrations, and(eq(meetingRegistrations.meetingId, meetings.id), eq(meetingRegistrations.userId, user.id)))
    .$dynamic();
}

export type MeetingRow = Awaited<ReturnType<typeof selectMeetings>>[number];

/** A meeting as the contract shows it to one learner at `now`: the join link only while it is offered. */
export function toMeeting(r: MeetingRow, now: Date): Meeting {
  return {
    id: r.id,
    title: r.title,
    courseId: r.courseId,
    courseName: r.courseName,
    meetingTakerName: r.meetingTakerName,
    meetingTakerEmail: r.meetingTakerEmail,
    startDate: r.startDate.toISOString(),
    endDate: meetingEnd(r.startDate, r.durationInMinutes).toISOString(),
    duration: r.durationInMinutes,
    timeZone: r.timeZone,
    description: r.description,
    isRegistered: r.isRegistered,
    ...(isJoinOffered(r, now) ? { joinLink: r.joinLink } : {}),
    joinOpensAt: new Date(r.startDate.getTime() - JOIN_OPENS_BEFORE_MS).toISOString(),
    order: Math.max(0, r.position),
    rangeType: meetingRange(r.startDate, r.durationInMinutes, now),
  };
}
