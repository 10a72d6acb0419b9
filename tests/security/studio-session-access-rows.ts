import { like } from "drizzle-orm";
import { expect } from "vitest";
import { cancelSession, createSession, getSession, listSessionCourses, listSessions, updateSession } from "@/lib/contract/calls/studio-sessions";
import { meetings } from "@/lib/server/db/schema";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's group session calls: only administrators list, make, change and
 * cancel sessions and see who registered; learners, graders and authors are refused (403) before
 * anything is read or written, visitors asked to sign in (401). The administrator's writes name a
 * session no one has, or start in the past, so the matrix's data stays as it is.
 */
const NO_SESSION = "00000000-0000-4000-8000-000000005e55";
const newSession = {
  title: "Matrix session",
  startLocal: "2020-01-01T10:00",
  timeZone: "UTC",
  durationInMinutes: 30,
  joinLink: "https://meet.example.com/matrix",
  hostName: "Matrix host",
  hostEmail: "host@example.com",
};

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listSessions, () => ({})],
  [listSessionCourses, () => ({})],
  [getSession, () => ({ query: { id: NO_SESSION } })],
  [createSession, () => ({ body: newSession })],
  [updateSession, () => ({ body: { id: NO_SESSION, title: "Renamed" } })],
  [cancelSession, () => ({ body: { id: NO_SESSION } })],
];

const matrixSessions = async (ctx: AccessCtx) => (await ctx.t.db.select({ id: meetings.id }).from(meetings).where(like(meetings.key, "studio-%"))).length;

export const studioSessionAccessRows: Row[] = [
  { call: listSessions, as: "admin", owner: "other", status: 200, check: (_ctx, body: { sessions: unknown[] }) => expect(Array.isArray(body.sessions)).toBe(true) },
  { call: listSessionCourses, as: "admin", owner: "other", status: 200, check: (_ctx, body: { courses: unknown[] }) => expect(Array.isArray(body.courses)).toBe(true) },
  { call: getSession, as: "admin", owner: "other", input: () => ({ query: { id: NO_SESSION } }), status: 404 },
  { call: createSession, as: "admin", owner: "other", input: () => ({ body: newSession }), status: 400, check: async (ctx) => expect(await matrixSessions(ctx)).toBe(0) },
  { call: updateSession, as: "admin", owner: "other", input: () => ({ body: { id: NO_SESSION, title: "Renamed" } }), status: 404 },
  { call: cancelSession, as: "admin", owner: "other", input: () => ({ body: { id: NO_SESSION } }), status: 404 },
  ...refusedToNonAdmins(inputs, async (ctx) => { expect(await matrixSessions(ctx)).toBe(0); }),
];
