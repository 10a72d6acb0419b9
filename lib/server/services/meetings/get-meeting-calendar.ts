import "server-only";
import { slugify } from "@/lib/slug";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { buildCalendar } from "./calendar-file";
import { findVisibleMeeting } from "./find-visible-meeting";
import { JOIN_OPENS_BEFORE_MS, meetingEnd, meetingRange, type MeetingRow } from "./meeting-records";

const organiserTime = (m: MeetingRow) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: m.timeZone,
  }).format(m.startDate);

/** The stable identifier of a session in every calendar: its id at this site's host. */
export const meetingUid = (meetingId: string, siteUrl: string) => `meeting-${meetingId}@${new URL(siteUrl).hostname}`;

/**
 * GET /GroupMeeting/meetings/calendar: a session the learner can see as an iCalendar file. The join
 * link travels in the file (LOCATION, URL and description) when the learner is registered and the
 * session is not over: that is what lets them join from their calendar. The page itself still
 * offers Join only from 15 minutes before the start.
 */
export async function getMeetingCalendar(deps: Deps, user: User, meetingId: string) {
  return meetingCalendar(deps, await findVisibleMeeting(deps, user, meetingId));
}

/**
 * The calendar file of a session as one learner gets it (the same file the page downloads). An update
 * e-mail sends it with METHOD:REQUEST, a cancellation with METHOD:CANCEL, each naming the learner.
 */
export function meetingCalendar(deps: Deps, m: MeetingRow, send?: { method: "REQUEST" | "CANCEL"; attendee: { name: string; email: string } }) {
  const now = deps.now();
  const withLink = m.isRegistered && meetingRange(m.startDate, m.durationInMinutes, now) !== "past";
  const page = `${deps.siteUrl.replace(/\/$/, "")}/group-sessions`;
  const description = [
    m.description,
    "",
    ...(m.courseName ? [`Course: ${m.courseName}`] : []),
    `Organiser: ${m.meetingTakerName} (${m.meetingTakerEmail})`,
    `Organiser's time: ${organiserTime(m)} (${m.timeZone})`,
    withLink
      ? `Join: ${m.joinLink}`
      : `Join link: register on ${page}, then add the session to your calendar again.`,
  ]
    .join("\n")
    .trim();
  const calendar = buildCalendar(
    {
      uid: meetingUid(m.id, deps.siteUrl),
      sequence: m.sequence,
      stamp: now,
      start: m.startDate,
      end: meetingEnd(m.startDate, m.durationInMinutes),
      lastModified: m.updatedAt,
      summary: m.title,
      description,
      location: withLink ? m.joinLink : "Online",
      url: withLink ? m.joinLink : page,
      organizer: { name: m.meetingTakerName, email: m.meetingTakerEmail },
      alarmMinutesBefore: JOIN_OPENS_BEFORE_MS / 60_000,
      ...send,
    },
    "-//SkillGrow//Group sessions//EN",
  );
  return { fileName: `${slugify(m.title) || "group-session"}.ics`, calendar };
}
