import "server-only";
import { and, count, inArray, sql, type SQL } from "drizzle-orm";
import type { Meeting } from "@/lib/contract/entities/meetings";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import { autoEnrollMember } from "../../domain/enrollment";
import { isUuid, type User } from "../../domain/course-access";
import { rangeCondition, rangeOrder, selectMeetings, toMeeting, visibleTo, type MeetingRange } from "./meeting-records";

export interface MeetingListQuery {
  rangeType: MeetingRange;
  pageNumber: number;
  pageSize: number;
  courseIds?: string[];
}

/**
 * GET /GroupMeeting/meetings: the learner's group sessions of one range, a page at a time, optionally
 * for some courses only (a course filter leaves out the sessions of no course). A member of an
 * auto-enroll batch who opens this page first is enrolled first, as on the catalogue, so their
 * courses' sessions show. Three statements.
 */
export async function listMeetings(deps: Deps, user: User, query: MeetingListQuery) {
  const now = deps.now();
  await autoEnrollMember(deps.db, user.id);
  const conditions: SQL[] = [visibleTo(deps.db, user), rangeCondition(query.rangeType, now)];
  if (query.courseIds?.length) {
    // An id that is not a UUID names no course: a filter of only such ids matches nothing.
    const valid = query.courseIds.filter(isUuid);
    conditions.push(valid.length ? inArray(meetings.courseId, valid) : sql`false`);
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(meetings).where(where);
  const rows = await selectMeetings(deps.db, user)
    .where(where)
    .orderBy(...rangeOrder(query.rangeType))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const results: Meeting[] = rows.map((r) => toMeeting(r, now));
  return {
    currentPageNumber: query.pageNumber,
    currentPageSize: query.pageSize,
    totalItems: Number(total),
    totalPages: Math.ceil(Number(total) / query.pageSize),
    results,
  };
}
