import "server-only";
import { and, eq } from "drizzle-orm";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { isUuid, type User } from "../../domain/course-access";
import { selectMeetings, visibleTo, type MeetingRow } from "./meeting-records";

/**
 * One meeting the learner may see, with their registration. A meeting of a course they are not
 * enrolled in answers as an unknown one does: 404, so its existence is not revealed.
 */
export async function findVisibleMeeting(deps: Deps, user: User, meetingId: string, options: { cancelled?: boolean } = {}): Promise<MeetingRow> {
  if (!isUuid(meetingId)) throw notFound("No group session has this id.", "meeting_not_found");
  const [row] = await selectMeetings(deps.db, user)
    .where(and(eq(meetings.id, meetingId), visibleTo(deps.db, user, options)))
    .limit(1);
  if (!row) throw notFound("No group session has this id.", "meeting_not_found");
  return row;
}
