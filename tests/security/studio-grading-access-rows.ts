import { like } from "drizzle-orm";
import { expect } from "vitest";
import { assignSubmission, listGraders, listGradingQueue } from "@/lib/contract/calls/studio-grading";
import { studioAudit } from "@/lib/server/db/schema";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's grading oversight: only administrators read the queue and the
 * graders and assign essays; learners, graders and authors are refused (403) before anything is read
 * or written, visitors asked to sign in (401).
 */
const unknownSubmission = "00000000-0000-4000-8000-000000000000";
const assignInput = (ctx: AccessCtx) => ({ body: { submissionId: unknownSubmission, graderId: ctx.ids.grader } });
const noAssignmentWritten = async (ctx: AccessCtx) =>
  expect(await ctx.t.db.select().from(studioAudit).where(like(studioAudit.action, "submission.%"))).toEqual([]);

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [listGradingQueue, () => ({ query: { state: "unassigned" } })],
  [listGraders, () => ({})],
  [assignSubmission, assignInput],
];

export const studioGradingAccessRows: Row[] = [
  { call: listGradingQueue, as: "admin", owner: "other", status: 200, check: (_ctx, body: { submissions: unknown[]; hasMore: boolean }) => expect(Array.isArray(body.submissions)).toBe(true) },
  {
    call: listGraders,
    as: "admin",
    owner: "other",
    status: 200,
    check: (ctx, body: { graders: { email: string }[] }) => expect(body.graders.map((g) => g.email).sort()).toEqual([ctx.emails.admin, ctx.emails.grader].sort()),
  },
  // An administrator passes the role check and gets the call's own answer: this submission does not exist.
  { call: assignSubmission, as: "admin", owner: "other", input: assignInput, status: 404, check: (_ctx, body: { code: string }) => expect(body.code).toBe("submission_not_found") },
  ...refusedToNonAdmins(inputs, async (ctx) => { await noAssignmentWritten(ctx); }),
];
