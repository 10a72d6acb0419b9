import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getEssayBlock } from "@/lib/contract/calls/challenges";
import { claimSubmission, evaluateSubmission, getSubmissionDetails, listSubmissions } from "@/lib/contract/calls/grading";
import { assignSubmission, listGraders, listGradingQueue } from "@/lib/contract/calls/studio-grading";
import type { GradingQueueRow } from "@/lib/contract/calls/studio-grading";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { essayAttempts, essayEvaluationKeys, essayEvaluations, studioAudit, users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { essayOf, insertSubmission, type EssayRef } from "../support/essay-submissions";

const bridges = oneVideoCourse("bridges", "Bridge Design", [
  {
    essay: {
      slugId: "truss-report",
      title: "Truss Report",
      question: "Size the members of a Pratt truss.",
      durationInMinutes: 120,
      criteria: [
        { gradingCriteria: "Analysis", description: "Forces are right.", marks: 10 },
        { gradingCriteria: "Drawings", description: "Clear sketches.", marks: 5 },
      ],
    },
  },
]);
const circuits = oneVideoCourse("circuits", "Analog Circuits", [
  { essay: { slugId: "filter-design", title: "Filter Design", question: "Design a low-pass filter.", durationInMinutes: 60, criteria: [{ gradingCriteria: "Calculations", marks: 10 }] } },
]);

type Who = "asha" | "ben" | "grace" | "gopal" | "author" | "admin";
let t: TestApi;
let tokens: Record<Who, string>;
let ids: Record<Who, string>;
let truss: EssayRef;
let filter: EssayRef;
/** Submitted 5, 3 and 1 hours ago: Asha's truss report, Ben's truss report, Asha's filter design. */
let sub: Record<"old" | "mid" | "new", string>;
const HOUR = 3_600_000;

const queue = (query: Record<string, string> = {}, token = tokens.admin) => t.call(listGradingQueue, { token, query });
const assign = (submissionId: string, graderId: string | null, token = tokens.admin) => t.call(assignSubmission, { token, body: { submissionId, graderId } });
/** The audit log is append-only: a test reads the rows written after the mark it takes first. */
const auditMark = async () => new Set((await t.db.select({ id: studioAudit.id }).from(studioAudit)).map((r) => r.id));
const auditSince = async (mark: Set<string>) =>
  (await t.db.select().from(studioAudit).orderBy(studioAudit.createdAt, studioAudit.summary)).filter((r) => !mark.has(r.id));
const idsOf = (rows: GradingQueueRow[]) => rows.map((r) => r.submissionId);
const marks = (submissionId: string, given: number[], comments: (string | undefined)[] = []) => ({
  submissionId,
  criteria: truss.criteria.map((c, i) => ({ criterionId: c.id, givenMarks: given[i], comment: comments[i] })),
  comment: "Solid work.",
});

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [bridges, circuits] });
  truss = await essayOf(t, "bridges", "truss-report");
  filter = await essayOf(t, "circuits", "filter-design");
  const people: Record<Who, { name: string; role?: "grader" | "admin" | "author" }> = {
    asha: { name: "Asha Raman" },
    ben: { name: "Ben Okafor" },
    grace: { name: "Grace Hopper", role: "grader" },
    gopal: { name: "Gopal Rao", role: "grader" },
    author: { name: "Arun Author", role: "author" },
    admin: { name: "Ada Admin", role: "admin" },
  };
  tokens = {} as typeof tokens;
  ids = {} as typeof ids;
  for (const [who, p] of Object.entries(people) as [Who, (typeof people)[Who]][]) {
    ids[who] = (await t.createUser({ email: `${who}@example.com`, name: p.name, role: p.role ?? "learner" })).id;
    tokens[who] = await t.signIn(`${who}@example.com`);
  }
  const now = t.deps.now().getTime();
  sub = {
    old: await insertSubmission(t, ids.asha, truss, { submittedAt: new Date(now - 5 * HOUR) }),
    mid: await insertSubmission(t, ids.ben, truss, { submittedAt: new Date(now - 3 * HOUR) }),
    new: await insertSubmission(t, ids.asha, filter, { submittedAt: new Date(now - 1 * HOUR) }),
  };
  await insertSubmission(t, ids.ben, filter, { running: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(essayEvaluations);
  await t.db.delete(essayEvaluationKeys);
  await t.db.update(essayAttempts).set({ status: "awaitingResults", claimedBy: null, claimExpiresAt: null, claimAssignedAt: null }).where(eq(essayAttempts.status, "resultsReceived"));
  await t.db.update(essayAttempts).set({ claimedBy: null, claimExpiresAt: null, claimAssignedAt: null });
});

describe("the grading queue", () => {
  it("lists submitted essays the longest waiting first, with learner, course, essay and age; never a running attempt", async () => {
    const res = await queue();
    expect(res.status).toBe(200);
    expect(idsOf(res.body.submissions)).toEqual([sub.old, sub.mid, sub.new]);
    expect(res.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(res.body.submissions[0]).toMatchObject({
      learner: { id: ids.asha, name: "Asha Raman", email: "asha@example.com" },
      course: { id: truss.courseId, name: "Bridge Design" },
      essayBlock: { id: truss.blockId, title: "Truss Report" },
      state: "unassigned",
      holder: null,
      gradedBy: null,
      totalScore: 15,
    });
    expect(res.body.submissions[0].ageSeconds).toBeGreaterThanOrEqual(5 * 3600);
    expect(res.body.submissions[0].ageSeconds).toBeLessThan(5 * 3600 + 60);
  });

  it("pages by cursor without repeating or skipping a row", async () => {
    const first = await queue({ limit: "2" });
    expect(idsOf(first.body.submissions)).toEqual([sub.old, sub.mid]);
    expect(first.body.hasMore).toBe(true);
    const second = await queue({ limit: "2", cursor: first.body.nextCursor! });
    expect(idsOf(second.body.submissions)).toEqual([sub.new]);
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
    const bad = await queue({ cursor: "not-a-cursor" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cursor/);
  });

  it("filters by course, state and grader: a grader's own claim, an assignment and a grade each count", async () => {
    expect(idsOf((await queue({ courseId: filter.courseId })).body.submissions)).toEqual([sub.new]);
    await t.call(claimSubmission, { token: tokens.gopal, body: { submissionId: sub.mid } });
    await assign(sub.new, ids.grace);
    await t.call(evaluateSubmission, { token: tokens.grace, body: marks(sub.old, [8, 4]) });

    const all = (await queue()).body.submissions as GradingQueueRow[];
    expect(all.map((r) => r.state)).toEqual(["graded", "claimed", "claimed"]);
    expect(all[0]).toMatchObject({ gradedBy: { id: ids.grace, name: "Grace Hopper" }, obtainedScore: 12, holder: null });
    expect(all[0]!.gradedAt).not.toBeNull();
    expect(all[1]!.holder).toMatchObject({ id: ids.gopal, name: "Gopal Rao", assignedAt: null });
    expect(all[1]!.holder!.claimExpiresAt).not.toBeNull();
    expect(all[2]!.holder).toMatchObject({ id: ids.grace, claimExpiresAt: null });
    expect(all[2]!.holder!.assignedAt).not.toBeNull();

    expect(idsOf((await queue({ state: "graded" })).body.submissions)).toEqual([sub.old]);
    expect(idsOf((await queue({ state: "claimed" })).body.submissions)).toEqual([sub.mid, sub.new]);
    expect(idsOf((await queue({ state: "unassigned" })).body.submissions)).toEqual([]);
    expect(idsOf((await queue({ graderId: ids.grace })).body.submissions)).toEqual([sub.old, sub.new]);
    expect(idsOf((await queue({ graderId: ids.gopal })).body.submissions)).toEqual([sub.mid]);
    expect((await queue({ state: "waiting" })).status).toBe(400);
  });

  it("counts a grader's own claim as unassigned once it runs out", async () => {
    await t.call(claimSubmission, { token: tokens.gopal, body: { submissionId: sub.mid } });
    await t.db.update(essayAttempts).set({ claimExpiresAt: new Date(t.deps.now().getTime() - 1000) }).where(eq(essayAttempts.id, sub.mid));
    expect(idsOf((await queue({ state: "unassigned" })).body.submissions)).toEqual([sub.old, sub.mid, sub.new]);
  });
});

describe("the graders", () => {
  it("lists active graders and administrators by name, with what each holds; not learners, authors or the deactivated", async () => {
    await assign(sub.old, ids.grace);
    await assign(sub.mid, ids.grace);
    const res = await t.call(listGraders, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.graders.map((g: { name: string }) => g.name)).toEqual(["Ada Admin", "Gopal Rao", "Grace Hopper"]);
    expect(res.body.graders.find((g: { id: string }) => g.id === ids.grace)).toMatchObject({ role: "grader", holding: 2 });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, ids.gopal));
    expect((await t.call(listGraders, { token: tokens.admin })).body.graders.map((g: { name: string }) => g.name)).toEqual(["Ada Admin", "Grace Hopper"]);
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, ids.gopal));
  });
});

describe("assigning an essay", () => {
  it("gives it to the grader for good: their list shows it as theirs, nobody else may claim or mark it, and it does not lapse", async () => {
    const res = await assign(sub.old, ids.grace);
    expect(res.status).toBe(200);
    expect(res.body.submission).toMatchObject({ state: "claimed", holder: { id: ids.grace, name: "Grace Hopper", claimExpiresAt: null } });

    const graceList = await t.call(listSubmissions, { token: tokens.grace, query: { assignment: "pending" } });
    expect(graceList.body.results.find((r: { submissionId: string }) => r.submissionId === sub.old)).toMatchObject({ claimedById: ids.grace, claimExpiresAt: null });
    const unassigned = await t.call(listSubmissions, { token: tokens.gopal, query: { assignment: "unassigned" } });
    expect(unassigned.body.results.map((r: { submissionId: string }) => r.submissionId)).not.toContain(sub.old);

    const taken = await t.call(claimSubmission, { token: tokens.gopal, body: { submissionId: sub.old } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "claimed_by_other" });
    expect(taken.body.message).toContain("assigned this submission to Grace Hopper");
    expect((taken.body as { details?: unknown }).details).toEqual({ reason: "assigned", holder: "Grace Hopper" });
    const marked = await t.call(evaluateSubmission, { token: tokens.gopal, body: marks(sub.old, [1, 1]) });
    expect(marked.status).toBe(409);

    // A day later it is still hers; her opening it keeps it without an end.
    t.advanceClock(24 * HOUR);
    try {
      const opened = await t.call(claimSubmission, { token: tokens.grace, body: { submissionId: sub.old } });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ claimedById: ids.grace, claimExpiresAt: null });
      expect(opened.body.claimAssignedAt).not.toBeNull();
      expect((await t.call(claimSubmission, { token: tokens.gopal, body: { submissionId: sub.old } })).status).toBe(409);
    } finally {
      t.advanceClock(-24 * HOUR);
    }

    // Grading it ends the assignment.
    expect((await t.call(evaluateSubmission, { token: tokens.grace, body: marks(sub.old, [9, 5]) })).status).toBe(200);
    const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.id, sub.old));
    expect(attempt).toMatchObject({ claimedBy: null, claimAssignedAt: null });
  });

  it("reassigns from a grader's own claim or another assignment, and releases with null; each write in the audit log", async () => {
    const mark = await auditMark();
    await t.call(claimSubmission, { token: tokens.gopal, body: { submissionId: sub.mid } });
    expect((await assign(sub.mid, ids.grace)).body.submission.holder).toMatchObject({ id: ids.grace });
    expect((await assign(sub.mid, ids.gopal)).body.submission.holder).toMatchObject({ id: ids.gopal, claimExpiresAt: null });
    const released = await assign(sub.mid, null);
    expect(released.body.submission).toMatchObject({ state: "unassigned", holder: null });
    expect((await t.call(claimSubmission, { token: tokens.grace, body: { submissionId: sub.mid } })).status).toBe(200);

    const rows = await auditSince(mark);
    expect(rows.map((r) => r.action).sort()).toEqual(["submission.reassign", "submission.reassign", "submission.unassign"]);
    const first = rows.find((r) => r.summary.includes("from Gopal Rao to Grace Hopper"))!;
    expect(first).toMatchObject({ userId: ids.admin, courseId: truss.courseId, targetUserId: ids.grace, action: "submission.reassign" });
    expect(first.summary).toBe(`Reassigned Ben Okafor's essay "Truss Report" (Bridge Design) from Gopal Rao to Grace Hopper`);
    expect(first.before).toMatchObject({ submissionId: sub.mid, graderId: ids.gopal, assigned: false });
    expect(first.after).toMatchObject({ submissionId: sub.mid, graderId: ids.grace, assigned: true, claimExpiresAt: null });
    expect(rows.find((r) => r.action === "submission.unassign")).toMatchObject({ targetUserId: ids.gopal, summary: expect.stringContaining("Released") });
  });

  it("records a first assignment as submission.assign, and writes nothing when nothing changes", async () => {
    const mark = await auditMark();
    await assign(sub.new, ids.gopal);
    await assign(sub.new, ids.gopal);
    await assign(sub.old, null);
    const rows = await auditSince(mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "submission.assign", targetUserId: ids.gopal, before: { graderId: null }, summary: `Assigned Asha Raman's essay "Filter Design" (Analog Circuits) to Gopal Rao` });
  });

  it("refuses, naming why and changing nothing: an unknown submission, a person who cannot grade, the essay's own learner, a graded essay", async () => {
    const mark = await auditMark();
    const unknown = await assign("00000000-0000-4000-8000-000000000000", ids.grace);
    expect(unknown).toMatchObject({ status: 404, body: { code: "submission_not_found" } });
    const nobody = await assign(sub.old, "00000000-0000-4000-8000-000000000000");
    expect(nobody).toMatchObject({ status: 404, body: { code: "person_not_found" } });
    const learner = await assign(sub.old, ids.ben);
    expect(learner).toMatchObject({ status: 400, body: { code: "not_a_grader" } });
    expect(learner.body.message).toContain("Ben Okafor is a learner, not a grader");
    expect(learner.body).toMatchObject({ details: { reason: "role", person: "Ben Okafor", role: "learner" } });
    expect((await assign(sub.old, ids.author)).body).toMatchObject({ code: "not_a_grader", message: expect.stringContaining("an author"), details: { reason: "role", role: "author" } });
    await t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, ids.gopal));
    expect((await assign(sub.old, ids.gopal)).body).toMatchObject({ code: "not_a_grader", message: expect.stringContaining("deactivated"), details: { reason: "deactivated" } });
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, ids.gopal));
    await t.db.update(users).set({ role: "grader" }).where(eq(users.id, ids.asha));
    expect(await assign(sub.old, ids.asha)).toMatchObject({ status: 403, body: { code: "own_submission" } });
    await t.db.update(users).set({ role: "learner" }).where(eq(users.id, ids.asha));
    expect((await assign("not-an-id", ids.grace)).status).toBe(400);
    expect((await assign(sub.old, "grace")).body.message).toMatch(/graderId/);

    await t.call(evaluateSubmission, { token: tokens.grace, body: marks(sub.old, [5, 5]) });
    const graded = await assign(sub.old, ids.gopal);
    expect(graded).toMatchObject({ status: 409, body: { code: "submission_graded" } });
    expect(graded.body.message).toContain("Grace Hopper has already graded this essay");
    expect((graded.body as { details?: unknown }).details).toEqual({ grader: "Grace Hopper" });
    const details = await t.call(getSubmissionDetails, { token: tokens.admin, query: { submissionId: sub.old } });
    expect(details.body.evaluation.graderId).toBe(ids.grace);
    expect(await auditSince(mark)).toHaveLength(0);
  });
});

describe("the learner's graded essay", () => {
  it("shows each criterion's marks with the grader's comment on it, and no comment before results", async () => {
    const essayQuery = { courseId: truss.courseId, essayBlockId: truss.blockId };
    const waiting = (await t.call(getEssayBlock, { token: tokens.asha, query: essayQuery })).body as EssayBlock;
    expect(waiting.criteria.map((c) => c.gradersComment)).toEqual([undefined, undefined]);
    await assign(sub.old, ids.grace);
    await t.call(evaluateSubmission, { token: tokens.grace, body: marks(sub.old, [7.5, 3], ["Check the diagonal members.", undefined]) });
    const graded = (await t.call(getEssayBlock, { token: tokens.asha, query: essayQuery })).body as EssayBlock;
    expect(graded.criteria.map((c) => [c.gradingCriteria, c.givenMarks, c.gradersComment])).toEqual([
      ["Analysis", 7.5, "Check the diagonal members."],
      ["Drawings", 3, null],
    ]);
  });
});
