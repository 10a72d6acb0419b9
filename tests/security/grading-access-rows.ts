import { eq } from "drizzle-orm";
import { expect } from "vitest";
import {
  listEssayAccounts,
  listEssayCourses,
  listEssayLearners,
  listSubmissions,
  getSubmissionDetails,
  claimSubmission,
  evaluateSubmission,
} from "@/lib/contract/calls/grading";
import { essayAttempts, essayEvaluations } from "@/lib/server/db/schema";
import { essayOf, insertSubmission, type EssayRef } from "../support/essay-submissions";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the grading calls. learnerA has submitted the essay of the course of
 * course-access-rows.ts. Graders and admins may read, claim and grade it; learners, learnerA
 * included, get 403 from every grading call (the contract-derived rows of access-matrix.test.ts),
 * and anonymous callers 401.
 */

const gx = { submissionId: "", essay: undefined as EssayRef | undefined };

/** learnerA's submitted essay, written as the learners' submit call leaves it. */
export async function prepareGradingAccess(ctx: Ctx) {
  // The second chapter's essay: the challenge rows run learnerA's attempt at the first.
  gx.essay = await essayOf(ctx.t, "acm-course", "c2-essay");
  gx.submissionId = await insertSubmission(ctx.t, ctx.ids.learnerA, gx.essay, { answer: "learnerA's private answer" });
}

const submissionQ = () => ({ query: { submissionId: gx.submissionId } });
const submissionB = () => ({ body: { submissionId: gx.submissionId } });
const evaluationB = () => ({
  body: { submissionId: gx.submissionId, criteria: gx.essay!.criteria.map((c) => ({ criterionId: c.id, givenMarks: c.marks })), comment: "Clear." },
});
const attemptOf = async (ctx: Ctx) => (await ctx.t.db.select().from(essayAttempts).where(eq(essayAttempts.id, gx.submissionId)))[0]!;

export const gradingAccessRows: Row[] = [
  ...[listSubmissions, getSubmissionDetails, listEssayLearners, listEssayCourses, listEssayAccounts].map<Row>((call) => ({
    call,
    as: "anonymous",
    owner: "other",
    input: submissionQ,
    status: 401,
  })),
  ...[claimSubmission, evaluateSubmission].map<Row>((call) => ({ call, as: "anonymous", owner: "other", input: evaluationB, status: 401 })),
  // learnerA may not claim their own essay through the grading calls, nor read it there.
  {
    call: claimSubmission,
    as: "learnerA",
    owner: "own",
    input: submissionB,
    status: 403,
    check: async (ctx) => expect((await attemptOf(ctx)).claimedBy).toBeNull(),
  },
  {
    call: evaluateSubmission,
    as: "learnerB",
    owner: "other",
    input: evaluationB,
    status: 403,
    check: async (ctx) => expect(await ctx.t.db.select().from(essayEvaluations)).toEqual([]),
  },
  {
    call: listSubmissions,
    as: "grader",
    owner: "other",
    status: 200,
    // Every submission is learnerA's (the one made here, and any the challenge rows submitted).
    check: (ctx, body) => {
      expect(body.results.map((r: { submissionId: string }) => r.submissionId)).toContain(gx.submissionId);
      expect(new Set(body.results.map((r: { userId: string }) => r.userId))).toEqual(new Set([ctx.ids.learnerA]));
    },
  },
  { call: getSubmissionDetails, as: "grader", owner: "other", input: submissionQ, status: 200, check: (_ctx, body) => expect(body.submittedAnswer).toBe("learnerA's private answer") },
  { call: listEssayLearners, as: "grader", owner: "other", status: 200, check: (ctx, body) => expect(body.map((u: { id: string }) => u.id)).toEqual([ctx.ids.learnerA]) },
  { call: listEssayCourses, as: "grader", owner: "other", status: 200, check: (_ctx, body) => expect(body).toHaveLength(1) },
  { call: listEssayAccounts, as: "grader", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  { call: claimSubmission, as: "grader", owner: "other", input: submissionB, status: 200, check: async (ctx) => expect((await attemptOf(ctx)).claimedBy).toBe(ctx.ids.grader) },
  // The admin cannot claim over the grader's live claim.
  { call: claimSubmission, as: "admin", owner: "other", input: submissionB, status: 409, check: (_ctx, body) => expect(body.code).toBe("claimed_by_other") },
  {
    call: evaluateSubmission,
    as: "grader",
    owner: "other",
    input: evaluationB,
    status: 200,
    check: async (ctx, body) => {
      expect(body.evaluation.graderId).toBe(ctx.ids.grader);
      expect((await attemptOf(ctx)).status).toBe("resultsReceived");
    },
  },
  { call: listSubmissions, as: "admin", owner: "other", input: () => ({ query: { assignment: "completed" } }), status: 200, check: (_ctx, body) => expect(body.totalItems).toBe(1) },
  { call: getSubmissionDetails, as: "admin", owner: "other", input: submissionQ, status: 200, check: (_ctx, body) => expect(body.isEvaluated).toBe(true) },
];
