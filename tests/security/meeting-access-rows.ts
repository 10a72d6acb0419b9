import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import {
  cancelMeetingRegistration,
  listMeetingCourses,
  getMeetingCalendar,
  listMeetings,
  registerForMeeting,
} from "@/lib/contract/calls/meetings";
import { meetingRegistrations, meetings } from "@/lib/server/db/schema";
import { fx } from "./course-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row, Actor } from "./access-row";

/**
 * Access-matrix rows of the group-sessions calls, on the session of dashboard-access-rows.ts
 * ("Access matrix session", of the course learnerA is in and learnerB is not). A session of a course
 * is shown, registered for and downloaded by that course's learners only; anyone else gets 404, as
 * for a session that does not exist. A registration is always the caller's own: nobody can add,
 * cancel or see another learner's.
 */

const session = { id: "" };

/** Finds the session the dashboard rows import (call after prepareDashboardAccess). */
export async function prepareMeetingAccess(ctx: Ctx) {
  session.id = (await ctx.t.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.key, "acm-session")))[0]!.id;
}

const anonymous = (call: CallDef): Row => ({ call, as: "anonymous", owner: "other", status: 401, input: () => ({ query: { meetingId: session.id } }) });
const bySession = () => ({ query: { meetingId: session.id } });
const registrationsOf = (ctx: Ctx, actor: Actor) =>
  ctx.t.db.select().from(meetingRegistrations).where(and(eq(meetingRegistrations.meetingId, session.id), eq(meetingRegistrations.userId, ctx.ids[actor])));
const notFound = (body: { code?: string }) => expect(body.code).toBe("meeting_not_found");

export const meetingAccessRows: Row[] = [
  {
    call: listMeetings,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.results.map((m: { id: string }) => m.id)).toEqual([session.id]),
  },
  {
    call: listMeetings,
    as: "learnerB",
    owner: "other",
    status: 200,
    check: (_ctx, body) => {
      expect(body.results).toEqual([]);
      expect(JSON.stringify(body)).not.toContain(session.id);
    },
  },
  { call: listMeetings, as: "learnerB", owner: "other", input: () => ({ query: { "courseIds[]": [fx.courseId] } }), status: 200, check: (_ctx, body) => expect(body.totalItems).toBe(0) },
  anonymous(listMeetings),
  { call: listMeetingCourses, as: "learnerA", owner: "own", status: 200, check: (_ctx, body) => expect(body.map((c: { courseId: string }) => c.courseId)).toEqual([fx.courseId]) },
  { call: listMeetingCourses, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  anonymous(listMeetingCourses),
  // Registering: learnerA for their course's session; learnerB, a grader and an admin cannot reach it.
  {
    call: registerForMeeting,
    as: "learnerA",
    owner: "own",
    input: bySession,
    status: 200,
    check: async (ctx) => expect(await registrationsOf(ctx, "learnerA")).toHaveLength(1),
  },
  ...(["learnerB", "grader", "admin"] as const).map<Row>((as) => ({
    call: registerForMeeting,
    as,
    owner: "other",
    input: bySession,
    status: 404,
    check: async (ctx, body) => {
      notFound(body);
      expect(await registrationsOf(ctx, as)).toHaveLength(0);
    },
  })),
  anonymous(registerForMeeting),
  // The calendar file: the session's learner gets it, with the join link once registered; others get 404.
  {
    call: getMeetingCalendar,
    as: "learnerA",
    owner: "own",
    input: bySession,
    status: 200,
    check: (_ctx, body) => {
      expect(body).toContain(`UID:meeting-${session.id}@`);
      expect(body).toContain("https://meet.example.com/acm");
    },
  },
  { call: getMeetingCalendar, as: "learnerB", owner: "other", input: bySession, status: 404, check: (_ctx, body) => (notFound(body), expect(JSON.stringify(body)).not.toContain("acm")) },
  anonymous(getMeetingCalendar),
  // Cancelling: another learner cannot touch learnerA's registration.
  {
    call: cancelMeetingRegistration,
    as: "learnerB",
    owner: "other",
    input: bySession,
    status: 404,
    check: async (ctx, body) => {
      notFound(body);
      expect(await registrationsOf(ctx, "learnerA")).toHaveLength(1);
    },
  },
  {
    call: cancelMeetingRegistration,
    as: "admin",
    owner: "other",
    input: bySession,
    status: 404,
    check: async (ctx) => expect(await registrationsOf(ctx, "learnerA")).toHaveLength(1),
  },
  anonymous(cancelMeetingRegistration),
  {
    call: cancelMeetingRegistration,
    as: "learnerA",
    owner: "own",
    input: bySession,
    status: 200,
    check: async (ctx, body) => {
      expect(body.isRegistered).toBe(false);
      expect(await registrationsOf(ctx, "learnerA")).toHaveLength(0);
    },
  },
];
