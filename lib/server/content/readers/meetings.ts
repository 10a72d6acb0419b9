import "server-only";
import { asc, eq } from "drizzle-orm";
import * as t from "@/lib/server/db/schema";
import type { Tx } from "../writers/rows";
import { contentDate, zonedDate } from "./dates";
import { sortByText } from "./order";

export interface ContentMeeting {
  key: string;
  title: string;
  course?: string;
  meetingTakerName: string;
  meetingTakerEmail: string;
  start: string;
  durationInMinutes: number;
  description: string;
  joinLink: string;
  order: number;
  timeZone: string;
  cancelledAt?: string;
}

/**
 * The meetings as meetings.yaml lists them, by key (the reverse of writers/meetings.ts). A start the
 * file gave as an offset from the import is written as the instant it became, in the organiser's
 * time zone with its UTC offset. A cancelled session carries when it was cancelled.
 */
export async function readMeetings(tx: Tx): Promise<ContentMeeting[]> {
  const rows = await tx
    .select({ meeting: t.meetings, course: t.courses.key })
    .from(t.meetings)
    .leftJoin(t.courses, eq(t.courses.id, t.meetings.courseId))
    .orderBy(asc(t.meetings.key));
  return sortByText(rows, (r) => r.meeting.key).map(({ meeting: m, course }) => ({
    key: m.key,
    title: m.title,
    ...(course === null ? {} : { course }),
    meetingTakerName: m.meetingTakerName,
    meetingTakerEmail: m.meetingTakerEmail,
    start: zonedDate(m.startDate, m.timeZone),
    durationInMinutes: m.durationInMinutes,
    description: m.description,
    joinLink: m.joinLink,
    order: m.position,
    timeZone: m.timeZone,
    ...(m.cancelledAt === null ? {} : { cancelledAt: contentDate(m.cancelledAt) }),
  }));
}
