import "server-only";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Meeting } from "@/lib/contract/entities";
import { courses, enrollments, meetingRegistrations, meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../learning/course-access";

/** The dashboard lists at most this many sessions; the group-sessions page lists them all. */
export const DASHBOARD_SESSIONS_LIMIT = 5;

/** live from its start until its start plus its duration, upcoming before, past after. */
export function meetingRange(start: Date, durationInMinutes: number, now: Date): Meeting["rangeType"] {
  if (now < start) return "upcoming";
  return now.getTime() < start.getTime() + durationInMinutes * 60_000 ? "live" : "past";
}

/**
 * GET /dashboard/groupSessions: group sessions live now or coming up that are meant for the learner:
 * those of a course they are enrolled in, and those of no course (open to everyone). Live ones
 * first, then by start; read-only (registration belongs to the group-sessions page). One query.
 */
export async function listGroupSessions(deps: Deps, user: User): Promise<Meeting[]> {
  const now = deps.now();
  const rows = await deps.db
    .select({
      id: meetings.id,
      title: meetings.title,
      courseId: meetings.courseId,
      courseName: courses.name,
      meetingTakerName: meetings.meetingTakerName,
      meetingTakerEmail: meetings.meetingTakerEmail,
      startDate: meetings.startDate,
      durationInMinutes: meetings.durationInMinutes,
      description: meetings.description,
      joinLink: meetings.joinLink,
      position: meetings.position,
      isRegistered: sql<boolean>`${meetingRegistrations.userId} is not null`,
    })
    .from(meetings)
    .leftJoin(courses, eq(courses.id, meetings.courseId))
    .leftJoin(meetingRegistrations, and(eq(meetingRegistrations.meetingId, meetings.id), eq(meetingRegistrations.userId, user.id)))
    .where(
      and(
        gt(sql`${meetings.startDate} + make_interval(mins => ${meetings.durationInMinutes})`, now),
        or(isNull(meetings.courseId), inArray(meetings.courseId, deps.db.select({ id: enrollments.courseId }).from(enrollments).where(eq(enrollments.userId, user.id)))),
      ),
    )
    .orderBy(asc(meetings.startDate), asc(meetings.position))
    .limit(DASHBOARD_SESSIONS_LIMIT);
  // Ordered by start, live sessions (started, not over) come before upcoming ones.
  return rows.map((r) => ({
      id: r.id,
      title: r.title,
      courseId: r.courseId,
      courseName: r.courseName,
      meetingTakerName: r.meetingTakerName,
      meetingTakerEmail: r.meetingTakerEmail,
      startDate: r.startDate.toISOString(),
      duration: r.durationInMinutes,
      description: r.description,
      isRegistered: !!r.isRegistered,
      joinLink: r.joinLink,
      order: Math.max(0, r.position),
      rangeType: meetingRange(r.startDate, r.durationInMinutes, now),
    }));
}
