import "server-only";
import { and } from "drizzle-orm";
import type { Meeting } from "@/lib/contract/entities/meetings";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { rangeCondition, rangeOrder, selectMeetings, toMeeting, visibleTo } from "../meetings";

/** The dashboard lists at most this many sessions; the group-sessions page lists them all. */
export const DASHBOARD_SESSIONS_LIMIT = 5;

/**
 * GET /dashboard/groupSessions: group sessions live now or coming up that are meant for the learner
 * (the group-sessions page's rule: their courses' and the open ones), by start, so live ones come
 * first; the join link only while it is offered. Read-only (registration belongs to the
 * group-sessions page). One query.
 */
export async function listGroupSessions(deps: Deps, user: User): Promise<Meeting[]> {
  const now = deps.now();
  const rows = await selectMeetings(deps.db, user)
    .where(and(visibleTo(deps.db, user), rangeCondition("current", now)))
    .orderBy(...rangeOrder("current"))
    .limit(DASHBOARD_SESSIONS_LIMIT);
  return rows.map((r) => toMeeting(r, now));
}
