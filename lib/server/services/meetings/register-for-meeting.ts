import "server-only";
import { meetingRegistrations } from "../../db/schema";
import type { Deps } from "../../deps";
import { conflict } from "../../errors";
import type { User } from "../../domain/user";
import { findVisibleMeeting } from "./find-visible-meeting";
import { meetingRange } from "./meeting-records";

/**
 * POST /GroupMeeting/group/grow/registration: registers the learner for a session they can see that
 * is not over. Idempotent: the registration's key is (meeting, learner), so a second call, or two
 * at once, leave one registration.
 */
export async function registerForMeeting(deps: Deps, user: User, meetingId: string) {
  const meeting = await findVisibleMeeting(deps, user, meetingId, { cancelled: true });
  if (meeting.cancelledAt) throw conflict(`"${meeting.title}" was cancelled: it cannot be registered for.`, "meeting_cancelled");
  if (meetingRange(meeting.startDate, meeting.durationInMinutes, deps.now()) === "past") {
    throw conflict(`"${meeting.title}" is over: registration has closed.`, "meeting_over");
  }
  const inserted = await deps.db
    .insert(meetingRegistrations)
    .values({ meetingId: meeting.id, userId: user.id })
    .onConflictDoNothing()
    .returning({ meetingId: meetingRegistrations.meetingId });
  return {
    isSuccess: true,
    message: inserted.length ? `You are registered for "${meeting.title}".` : `You were already registered for "${meeting.title}".`,
    meetingId: meeting.id,
    isRegistered: true,
  };
}
