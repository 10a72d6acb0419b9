import "server-only";
import { and, eq } from "drizzle-orm";
import { meetingRegistrations } from "../../db/schema";
import type { Deps } from "../../deps";
import { conflict } from "../../errors";
import type { User } from "../../domain/user";
import { findVisibleMeeting } from "./find-visible-meeting";
import { meetingRange } from "./meeting-records";

/**
 * DELETE /GroupMeeting/group/grow/registration: cancels the learner's own registration for a session
 * that is not over; only the caller's row can be touched. Cancelling when not registered changes
 * nothing. A past session's registrations are its attendance record and stay.
 */
export async function cancelMeetingRegistration(deps: Deps, user: User, meetingId: string) {
  const meeting = await findVisibleMeeting(deps, user, meetingId);
  if (meetingRange(meeting.startDate, meeting.durationInMinutes, deps.now()) === "past") {
    throw conflict(`"${meeting.title}" is over: its registrations can no longer change.`, "meeting_over");
  }
  const removed = await deps.db
    .delete(meetingRegistrations)
    .where(and(eq(meetingRegistrations.meetingId, meeting.id), eq(meetingRegistrations.userId, user.id)))
    .returning({ meetingId: meetingRegistrations.meetingId });
  return {
    isSuccess: true,
    message: removed.length ? `Your registration for "${meeting.title}" is cancelled.` : `You were not registered for "${meeting.title}".`,
    meetingId: meeting.id,
    isRegistered: false,
  };
}
