import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allCalls, fullPath, isServed } from "@/lib/contract";
import { exportMyData, recordClientLog, recordUserEvent } from "@/lib/contract/calls/shell";
import { finishLogin, getUserProfile, requestSignInLink, logout, updatePreferredLanguage } from "@/lib/contract/calls/sign-in";
import { userEvents, users } from "@/lib/server/db/schema";
import { createTestApi } from "../support/api";
import { implementedCalls } from "../support/implemented-calls";
import { achievementAccessRows, prepareAchievementAccess } from "./achievement-access-rows";
import { certificateAccessRows, prepareCertificateAccess } from "./certificate-access-rows";
import { challengeAccessRows } from "./challenge-access-rows";
import { courseAccessRows, prepareCourseAccess } from "./course-access-rows";
import { gradingAccessRows, prepareGradingAccess } from "./grading-access-rows";
import { learningPathAccessRows } from "./learning-path-access-rows";
import { dashboardAccessRows, prepareDashboardAccess } from "./dashboard-access-rows";
import { meetingAccessRows, prepareMeetingAccess } from "./meeting-access-rows";
import { notificationAccessRows, prepareNotificationAccess } from "./notification-access-rows";
import { studioBatchAccessRows } from "./studio-batch-access-rows";
import { studioProgramAccessRows } from "./studio-program-access-rows";
import { studioCompanyAccessRows } from "./studio-company-access-rows";
import { studioSessionAccessRows } from "./studio-session-access-rows";
import { prepareStudioContentAccess, studioContentAccessRows } from "./studio-content-access-rows";
import { studioJobAccessRows } from "./studio-job-access-rows";
import { xapiAccessRows } from "./xapi-access-rows";
import { prepareScormAccess, scormAccessRows } from "./scorm-access-rows";
import { studioMediaAccessRows } from "./studio-media-access-rows";
import { studioGradingAccessRows } from "./studio-grading-access-rows";
import { studioEnrollmentAccessRows } from "./studio-enrollment-access-rows";
import { studioPeopleAccessRows } from "./studio-people-access-rows";
import { studioReportsAccessRows } from "./studio-reports-access-rows";
import type { AccessCtx as Ctx, AccessRow as Row, Actor } from "./access-row";

/**
 * Who may do what. Each row: a call, the acting user, whose data it names, and the answer expected.
 * Any call that lets one learner read or change another's data must fail here. A call the API serves
 * without a row here fails the "every served call has rows" case, so the table grows with the API.
 */

const actors: Actor[] = ["learnerA", "learnerB", "grader", "author", "admin"];

const matrix: Row[] = [
  // Public calls: anyone may ask for a link; only a valid link opens a session.
  { call: requestSignInLink, as: "anonymous", owner: "own", input: () => ({ body: { value: "a@example.com" } }), status: 200 },
  { call: finishLogin, as: "anonymous", owner: "other", input: () => ({ body: { inviteId: "made-up-token-value" } }), status: 401 },
  // The profile is always the caller's own: there is no way to name another user.
  ...actors.map<Row>((as) => ({
    call: getUserProfile,
    as,
    owner: "own",
    status: 200,
    check: (ctx, body) => {
      expect(body.email).toBe(ctx.emails[as]);
      expect(body.id).toBe(ctx.ids[as]);
    },
  })),
  { call: getUserProfile, as: "anonymous", owner: "other", status: 401 },
  // The language is always the caller's own: the call names no one, and nobody else's changes.
  ...actors.map<Row>((as) => ({
    call: updatePreferredLanguage,
    as,
    owner: "own",
    input: () => ({ body: { preferredLanguage: "Tamil" } }),
    status: 200,
    check: async (ctx, body) => {
      expect(body.preferredLanguage).toBe("Tamil");
      const rows = await ctx.t.db.select({ id: users.id, preferredLanguage: users.preferredLanguage }).from(users);
      for (const other of actors.filter((a) => a !== as)) expect(rows.find((r) => r.id === ctx.ids[other])?.preferredLanguage, other).not.toBe("Tamil");
      await ctx.t.db.update(users).set({ preferredLanguage: "English" }).where(eq(users.id, ctx.ids[as]));
    },
  })),
  { call: updatePreferredLanguage, as: "anonymous", owner: "other", input: () => ({ body: { preferredLanguage: "Hindi" } }), status: 401 },
  // Events are recorded for the caller, whatever the body says.
  ...actors.map<Row>((as) => ({
    call: recordUserEvent,
    as,
    owner: "own",
    input: (ctx) => ({ body: { eventName: `probe-${as}`, event: { userId: ctx.ids[as === "learnerA" ? "learnerB" : "learnerA"] } } }),
    status: 200,
    check: async (ctx) => {
      const rows = await ctx.t.db.select().from(userEvents).where(eq(userEvents.eventName, `probe-${as}`));
      expect(rows.map((r) => r.userId)).toEqual([ctx.ids[as]]);
    },
  })),
  { call: recordUserEvent, as: "anonymous", owner: "other", input: () => ({ body: { eventName: "x" } }), status: 401 },
  // Everyone may download their own data; the call names no one else.
  ...actors.map<Row>((as) => ({ call: exportMyData, as, owner: "own", status: 200 })),
  { call: exportMyData, as: "anonymous", owner: "other", status: 401 },
  // Logging out ends the caller's session only.
  ...actors.map<Row>((as) => ({
    call: logout,
    as,
    owner: "own",
    status: 200,
    check: async (ctx) => {
      for (const other of actors.filter((a) => a !== as)) {
        expect((await ctx.t.call(getUserProfile, { token: ctx.tokens[other] })).status, `${other} after ${as} logged out`).toBe(200);
      }
      ctx.tokens[as] = await ctx.t.signIn(ctx.emails[as]);
    },
  })),
  { call: logout, as: "anonymous", owner: "other", status: 401 },
  // Browser log records: open to visitors (errors happen before signing in); a session changes nothing, and nothing about users is read.
  ...(["anonymous", "learnerA"] as const).map<Row>((as) => ({
    call: recordClientLog,
    as,
    owner: "own",
    input: () => ({ body: { records: [{ level: "error", source: "window", message: `probe-${as}`, time: new Date().toISOString() }] } }),
    status: 200,
    check: (ctx) => expect(ctx.t.clientLogLines.filter((line) => line.includes(`probe-${as}`))).toHaveLength(1),
  })),
  // Courses, enrollment, the learning page, progress, likes and the price panel.
  ...courseAccessRows,
  // Timed multiple-choice blocks and essays.
  ...challengeAccessRows,
  // Grading essay submissions: graders and admins only.
  ...gradingAccessRows,
  // The dashboard's figures and lists, and career services.
  ...dashboardAccessRows,
  // Group sessions: lists, registration and its cancellation, calendar files.
  ...meetingAccessRows,
  // Certificates: the learner's own list and issuing; the public view of one certificate, to anyone.
  ...certificateAccessRows,
  // Learning paths: any program's path, with the caller's own progress only.
  ...learningPathAccessRows,
  // Achievements: the caller's own badges and certificates.
  ...achievementAccessRows,
  // Notification e-mails: the caller's own settings; an unsubscribe link, with no session.
  ...notificationAccessRows,
  // Jobs of the job engine: administrators only.
  ...studioJobAccessRows,
  ...xapiAccessRows,
  // The SCORM runtime: a learner opens an item of a course they have access to, and commits into their own sessions only.
  ...scormAccessRows,
  // The studio's content calls: authors and administrators only.
  ...studioContentAccessRows,
  ...studioMediaAccessRows,
  // People and the audit log: administrators only.
  ...studioPeopleAccessRows,
  // Grading oversight (the queue, the graders, assigning essays): administrators only.
  ...studioGradingAccessRows,
  ...studioEnrollmentAccessRows,
  // Learner reports: administrators only.
  ...studioReportsAccessRows,
  // Batches and their members: administrators only.
  ...studioBatchAccessRows,
  ...studioProgramAccessRows,
  // Companies (host branding): administrators only.
  ...studioCompanyAccessRows,
  ...studioSessionAccessRows,
  // Read from the contract: every call open only to graders (or admins) refuses the roles below, before it reads any input.
  ...allCalls
    .filter((call) => isServed(call) && (call.access === "grader" || call.access === "author" || call.access === "admin"))
    .flatMap((call) =>
      (call.access === "admin" ? (["learnerA", "grader", "author"] as const) : call.access === "author" ? (["learnerA", "grader"] as const) : (["learnerA", "learnerB", "author"] as const)).map<Row>((as) => ({
        call,
        as,
        owner: "own",
        status: 403,
        check: (_ctx, body) => expect(body.code).toBe("role_required"),
      })),
    ),
];

let ctx: Ctx;
beforeAll(async () => {
  const t = await createTestApi();
  const emails: Record<Actor, string> = {
    learnerA: "learner.a@example.com",
    learnerB: "learner.b@example.com",
    grader: "grader@example.com",
    author: "author@example.com",
    admin: "admin@example.com",
  };
  const ids = {} as Record<Actor, string>;
  const tokens = {} as Record<Actor, string>;
  for (const a of actors) {
    const user = await t.createUser({ email: emails[a], role: a === "grader" || a === "author" || a === "admin" ? a : "learner" });
    ids[a] = user.id;
    tokens[a] = await t.signIn(emails[a]);
  }
  ctx = { t, emails, ids, tokens };
  await prepareCourseAccess(ctx);
  await prepareGradingAccess(ctx);
  await prepareDashboardAccess(ctx);
  await prepareMeetingAccess(ctx);
  await prepareCertificateAccess(ctx);
  await prepareAchievementAccess(ctx);
  await prepareNotificationAccess(ctx);
  await prepareStudioContentAccess(ctx);
  await prepareScormAccess(ctx);
});
afterAll(() => ctx.t.close());

describe("access matrix", () => {
  it("has rows for every call the API serves, and for anonymous callers of every protected call", async () => {
    const served = await implementedCalls(ctx.t);
    for (const call of served) {
      const rows = matrix.filter((r) => r.call === call);
      expect(rows.length, `${call.method} ${fullPath(call)} has no row in the access matrix`).toBeGreaterThan(0);
      if (call.access !== "anonymous") expect(rows.some((r) => r.as === "anonymous"), `${fullPath(call)} has no anonymous row`).toBe(true);
    }
  });

  for (const row of matrix) {
    it(`${row.call.method} ${fullPath(row.call)} as ${row.as} on ${row.owner} data answers ${row.status}`, async () => {
      const input = row.input?.(ctx) ?? {};
      const token = row.as === "anonymous" ? undefined : ctx.tokens[row.as];
      const res = await ctx.t.call(row.call, { token, query: input.query, body: input.body ?? (row.call.body ? {} : undefined) });
      expect(res.status, JSON.stringify(res.body)).toBe(row.status);
      await row.check?.(ctx, res.body, row.as);
    });
  }
});
