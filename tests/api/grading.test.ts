import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  listEssayAccounts,
  listEssayCourses,
  listEssayLearners,
  listSubmissions,
  getSubmissionDetails,
  claimSubmission,
  evaluateSubmission,
} from "@/lib/contract/calls/grading";
import type { SubmissionDetails, SubmissionListItem } from "@/lib/contract/entities/grading";
import { companies, essayAttempts, essayEvaluationKeys, essayEvaluations } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { essayOf, insertSubmission, type EssayRef } from "../support/essay-submissions";

/** Two courses with one essay each: the bridge report has three criteria (20 marks), the filter design two (20 marks). */
const essayCourse = (key: string, name: string, essay: Record<string, unknown>) => oneVideoCourse(key, name, [{ essay }]);
const bridges = essayCourse("bridges", "Bridge Design", {
  slugId: "truss-report",
  title: "Truss Report",
  question: "Size the members of a Pratt truss.",
  description: "Show every step.",
  solutionDocument: "https://example.com/truss-solution.pdf",
  durationInMinutes: 120,
  criteria: [
    { gradingCriteria: "Analysis", description: "Forces are right.", marks: 10 },
    { gradingCriteria: "Drawings", description: "Clear sketches.", marks: 5 },
    { gradingCriteria: "Communication", description: "Well explained.", marks: 5 },
  ],
});
const circuits = essayCourse("circuits", "Analog Circuits", {
  slugId: "filter-design",
  title: "Filter Design",
  question: "Design a second-order low-pass filter.",
  durationInMinutes: 60,
  criteria: [
    { gradingCriteria: "Calculations", marks: 10 },
    { gradingCriteria: "Simulation", marks: 10 },
  ],
});

type Who = "asha" | "ben" | "chen" | "grace" | "gopal" | "admin";
let t: TestApi;
let tokens: Record<Who, string>;
let ids: Record<Who, string>;
let truss: EssayRef;
let filter: EssayRef;
let acmeId: string;
/** s1: Asha's truss report; s2: Ben's truss report (timed out); s3: Asha's filter with two files; own: Grace's own truss report. */
let sub: Record<"s1" | "s2" | "s3" | "own" | "running", string>;

const HOUR = 3_600_000;
const list = (token: string, query: Record<string, string | string[]> = {}) => t.call(listSubmissions, { token, query });
const details = (token: string, submissionId: string) => t.call(getSubmissionDetails, { token, query: { submissionId } });
const claim = (token: string, submissionId: string) => t.call(claimSubmission, { token, body: { submissionId } });
/** Saves an evaluation; `idempotencyKey` goes as the Idempotency-Key header. */
const evaluate = (token: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  t.call(evaluateSubmission, { token, body, headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined });
const ids_ = (items: SubmissionListItem[]) => items.map((i) => i.submissionId);
/** Marks for each criterion of the truss report, in order. */
const trussMarks = (marks: number[], submissionId = sub.s1, extra: Record<string, unknown> = {}) => ({
  submissionId,
  criteria: truss.criteria.map((c, i) => ({ criterionId: c.id, givenMarks: marks[i], comment: i === 0 ? "Forces check out." : undefined })),
  comment: "Good work overall.",
  ...extra,
});

async function resetGrading() {
  await t.db.delete(essayEvaluations);
  await t.db.delete(essayEvaluationKeys);
  await t.db.update(essayAttempts).set({ status: "awaitingResults", claimedBy: null, claimExpiresAt: null }).where(eq(essayAttempts.status, "resultsReceived"));
  await t.db.update(essayAttempts).set({ claimedBy: null, claimExpiresAt: null }).where(eq(essayAttempts.blockId, truss.blockId));
  await t.db.update(essayAttempts).set({ claimedBy: null, claimExpiresAt: null }).where(eq(essayAttempts.blockId, filter.blockId));
}

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [bridges, circuits] });
  truss = await essayOf(t, "bridges", "truss-report");
  filter = await essayOf(t, "circuits", "filter-design");
  acmeId = (await t.db.insert(companies).values({ key: "acme", name: "Acme Structures", hostPattern: "acme.example.com", logoUrl: "/logo.svg" }).returning())[0]!.id;
  const people: Record<Who, { name: string; role?: "grader" | "admin"; companyId?: string }> = {
    asha: { name: "Asha Raman", companyId: acmeId },
    ben: { name: "Ben Okafor" },
    chen: { name: "Chen Li" },
    grace: { name: "Grace Hopper", role: "grader" },
    gopal: { name: "Gopal Rao", role: "grader" },
    admin: { name: "Ada Admin", role: "admin" },
  };
  tokens = {} as typeof tokens;
  ids = {} as typeof ids;
  for (const [who, p] of Object.entries(people) as [Who, (typeof people)[Who]][]) {
    ids[who] = (await t.createUser({ email: `${who}@example.com`, name: p.name, role: p.role ?? "learner", companyId: p.companyId })).id;
    tokens[who] = await t.signIn(`${who}@example.com`);
  }
  const now = t.deps.now().getTime();
  sub = {
    s1: await insertSubmission(t, ids.asha, truss, { submittedAt: new Date(now - 4 * HOUR), answer: "Line one.\n\n    indented line\ttab  two spaces" }),
    s2: await insertSubmission(t, ids.ben, truss, { submittedAt: new Date(now - 3 * HOUR), source: "timeOut" }),
    s3: await insertSubmission(t, ids.asha, filter, { submittedAt: new Date(now - 2 * HOUR), files: ["bode plot.pdf", "schematic.pdf"] }),
    own: await insertSubmission(t, ids.grace, filter, { submittedAt: new Date(now - 1 * HOUR) }),
    running: await insertSubmission(t, ids.chen, filter, { running: true }),
  };
});
afterAll(() => t.close());
beforeEach(resetGrading);

describe("the submissions list", () => {
  it("shows every submitted essay newest first, with the learner, course, question, source and files; never a running attempt", async () => {
    const res = await list(tokens.grace);
    expect(res.status).toBe(200);
    expect(ids_(res.body.results)).toEqual([sub.own, sub.s3, sub.s2, sub.s1]);
    expect(res.body).toMatchObject({ currentPageNumber: 1, totalItems: 4, totalPages: 1 });
    const [, s3, s2, s1] = res.body.results as SubmissionListItem[];
    expect(s1).toMatchObject({ name: "Asha Raman", email: "asha@example.com", courseName: "Bridge Design", question: "Size the members of a Pratt truss.", submissionSource: "manual", isEvaluated: false, assignment: "unassigned", totalScore: 20, obtainedScore: null, claimedByName: null });
    expect(s2!.submissionSource).toBe("timeOut");
    expect(s3!.submissionFileUrl).toHaveLength(2);
    expect(s3!.submissionFileUrl[0]).toMatch(/^\/api\/files\/essays\/.+\/0-bode%20plot\.pdf$/);
  });

  it("filters by course, learner and customer account; ids that name nothing match nothing", async () => {
    expect(ids_((await list(tokens.grace, { "courseIds[]": truss.courseId })).body.results)).toEqual([sub.s2, sub.s1]);
    expect(ids_((await list(tokens.grace, { "courseIds[]": [truss.courseId, filter.courseId] })).body.results)).toHaveLength(4);
    expect(ids_((await list(tokens.grace, { "userIds[]": ids.asha })).body.results)).toEqual([sub.s3, sub.s1]);
    expect(ids_((await list(tokens.grace, { "userIds[]": ids.asha, "courseIds[]": filter.courseId })).body.results)).toEqual([sub.s3]);
    expect(ids_((await list(tokens.grace, { "accountIds[]": acmeId })).body.results)).toEqual([sub.s3, sub.s1]);
    expect((await list(tokens.grace, { "userIds[]": "not-an-id" })).body.totalItems).toBe(0);
    expect((await list(tokens.grace, { "userIds[]": ids.chen })).body.totalItems).toBe(0);
  });

  it("pages through the list", async () => {
    const first = await list(tokens.grace, { pageSize: "3", pageNumber: "1" });
    const second = await list(tokens.grace, { pageSize: "3", pageNumber: "2" });
    expect(first.body).toMatchObject({ currentPageNumber: 1, currentPageSize: 3, totalItems: 4, totalPages: 2 });
    expect(ids_(first.body.results)).toEqual([sub.own, sub.s3, sub.s2]);
    expect(ids_(second.body.results)).toEqual([sub.s1]);
    expect((await list(tokens.grace, { pageSize: "3", pageNumber: "3" })).body.results).toEqual([]);
    const bad = await list(tokens.grace, { pageSize: "500" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/pageSize/);
  });

  it("splits submissions into unassigned, pending (claimed) and completed (evaluated), which together make all", async () => {
    expect((await claim(tokens.grace, sub.s1)).status).toBe(200);
    expect((await evaluate(tokens.gopal, trussMarks([8, 4, 5], sub.s2))).status).toBe(200);
    const by = async (assignment: string) => ids_((await list(tokens.admin, { assignment })).body.results);
    expect(await by("pending")).toEqual([sub.s1]);
    expect(await by("completed")).toEqual([sub.s2]);
    expect(await by("unassigned")).toEqual([sub.own, sub.s3]);
    expect((await by("all")).sort()).toEqual([...(await by("pending")), ...(await by("completed")), ...(await by("unassigned"))].sort());

    const items = (await list(tokens.admin)).body.results as SubmissionListItem[];
    const s1 = items.find((i) => i.submissionId === sub.s1)!;
    expect(s1).toMatchObject({ assignment: "pending", claimedById: ids.grace, claimedByName: "Grace Hopper", graderName: "Grace Hopper" });
    const s2 = items.find((i) => i.submissionId === sub.s2)!;
    expect(s2).toMatchObject({ assignment: "completed", isEvaluated: true, graderName: "Gopal Rao", obtainedScore: 17, claimedByName: null });

    const bad = await list(tokens.admin, { assignment: "mine" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/assignment/);
  });

  it("puts a submission whose claim has run out back among the unassigned", async () => {
    await claim(tokens.grace, sub.s1);
    t.advanceClock(31 * 60_000);
    const unassigned = (await list(tokens.grace, { assignment: "unassigned" })).body.results as SubmissionListItem[];
    expect(unassigned.find((i) => i.submissionId === sub.s1)).toMatchObject({ claimedByName: null, claimExpiresAt: null, graderName: null });
    expect((await list(tokens.grace, { assignment: "pending" })).body.totalItems).toBe(0);
  });
});

describe("a submission's details", () => {
  it("shows the question, the model answer, the answer with its whitespace, the files and the criteria in order", async () => {
    const res = await details(tokens.grace, sub.s1);
    expect(res.status).toBe(200);
    const d = res.body as SubmissionDetails;
    expect(d).toMatchObject({
      submissionId: sub.s1,
      name: "Asha Raman",
      courseName: "Bridge Design",
      title: "Truss Report",
      question: "Size the members of a Pratt truss.",
      description: "Show every step.",
      solutionDocument: "https://example.com/truss-solution.pdf",
      submittedAnswer: "Line one.\n\n    indented line\ttab  two spaces",
      isEvaluated: false,
      assignment: "unassigned",
      totalScore: 20,
      obtainedScore: null,
      evaluation: null,
    });
    expect(d.criteria.map((c) => [c.gradingCriteria, c.marks, c.givenMarks])).toEqual([
      ["Analysis", 10, null],
      ["Drawings", 5, null],
      ["Communication", 5, null],
    ]);
    const withFiles = (await details(tokens.grace, sub.s3)).body as SubmissionDetails;
    expect(withFiles.attachments.map((a) => a.fileName)).toEqual(["bode plot.pdf", "schematic.pdf"]);
    expect(withFiles.essayAttachment).toEqual(withFiles.attachments.map((a) => a.url));
  });

  it("answers 404 for a running attempt and for an id that names nothing", async () => {
    for (const id of [sub.running, "00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await details(tokens.grace, id);
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("submission_not_found");
    }
    expect((await details(tokens.grace, "")).status).toBe(400);
  });
});

describe("claiming a submission", () => {
  it("holds it for 30 minutes; another grader is refused with who holds it and until when; the holder extends it", async () => {
    const start = t.deps.now().getTime();
    const first = await claim(tokens.grace, sub.s1);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ claimedById: ids.grace, claimedByName: "Grace Hopper", assignment: "pending" });
    const until = new Date(first.body.claimExpiresAt).getTime();
    expect(until - start).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(until - start).toBeLessThanOrEqual(30 * 60_000 + 5000);

    const refused = await claim(tokens.gopal, sub.s1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("claimed_by_other");
    const untilText = new Date(until).toISOString().slice(0, 16).replace("T", " ");
    expect(refused.body.message).toContain("Grace Hopper");
    expect(refused.body.message).toContain(`${untilText} UTC`);
    // Who and until when, for a page to word in its own language and the reader's time zone.
    expect((refused.body as { details?: unknown }).details).toEqual({ reason: "claimed", holder: "Grace Hopper", until: new Date(first.body.claimExpiresAt).toISOString() });
    expect((await details(tokens.gopal, sub.s1)).body.claimedById).toBe(ids.grace);

    t.advanceClock(10 * 60_000);
    const again = await claim(tokens.grace, sub.s1);
    expect(again.status).toBe(200);
    expect(new Date(again.body.claimExpiresAt).getTime() - until).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
  });

  it("lets another grader take it over once the claim has run out", async () => {
    await claim(tokens.grace, sub.s1);
    t.advanceClock(29 * 60_000);
    expect((await claim(tokens.gopal, sub.s1)).status).toBe(409);
    t.advanceClock(2 * 60_000);
    const taken = await claim(tokens.gopal, sub.s1);
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ claimedById: ids.gopal, claimedByName: "Gopal Rao" });
    expect((await claim(tokens.grace, sub.s1)).body.code).toBe("claimed_by_other");
  });

  it("lasts as long as GRADING_CLAIM_MINUTES says", async () => {
    t.deps.env.GRADING_CLAIM_MINUTES = 5;
    try {
      const start = t.deps.now().getTime();
      const res = await claim(tokens.grace, sub.s1);
      const minutes = (new Date(res.body.claimExpiresAt).getTime() - start) / 60_000;
      expect(minutes).toBeGreaterThan(4.9);
      expect(minutes).toBeLessThan(5.1);
    } finally {
      delete t.deps.env.GRADING_CLAIM_MINUTES;
    }
  });

  it("refuses a grader their own essay, and a running attempt", async () => {
    const own = await claim(tokens.grace, sub.own);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("own_submission");
    expect((await t.db.select().from(essayAttempts).where(eq(essayAttempts.id, sub.own)))[0]!.claimedBy).toBeNull();
    // Another grader may grade it.
    expect((await claim(tokens.gopal, sub.own)).status).toBe(200);
    expect((await claim(tokens.gopal, sub.running)).status).toBe(404);
  });
});

describe("evaluating a submission", () => {
  it("saves the marks, scores the attempt, moves it to resultsReceived and releases the claim", async () => {
    await claim(tokens.grace, sub.s1);
    const res = await evaluate(tokens.grace, trussMarks([7.5, 4, 5]));
    expect(res.status).toBe(200);
    const d = res.body as SubmissionDetails;
    expect(d).toMatchObject({ isEvaluated: true, assignment: "completed", obtainedScore: 16.5, totalScore: 20, comment: "Good work overall.", claimedById: null });
    expect(d.criteria.map((c) => c.givenMarks)).toEqual([7.5, 4, 5]);
    expect(d.evaluation).toMatchObject({ graderId: ids.grace, graderName: "Grace Hopper", obtainedScore: 16.5, totalScore: 20 });
    expect(d.evaluation!.criteria.map((c) => c.comment)).toEqual(["Forces check out.", null, null]);
    expect(d.evaluation!.updatedAt).toBe(d.evaluation!.evaluatedAt);

    const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.id, sub.s1));
    expect(attempt).toMatchObject({ status: "resultsReceived", claimedBy: null, claimExpiresAt: null });
    const rows = await t.db.select().from(essayEvaluations).where(eq(essayEvaluations.attemptId, sub.s1));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ graderId: ids.grace, obtainedScore: 16.5, totalScore: 20, comment: "Good work overall." });
    expect(rows[0]!.marks[truss.criteria[1]!.id]).toEqual({ givenMarks: 4, comment: null });
    expect(ids_((await list(tokens.gopal, { assignment: "completed" })).body.results)).toEqual([sub.s1]);
  });

  it("may be saved without a claim when nobody else holds one; an empty comment is no comment", async () => {
    const res = await evaluate(tokens.gopal, trussMarks([0, 0, 0], sub.s2, { comment: "   " }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ obtainedScore: 0, comment: null, isEvaluated: true });
  });

  it("refuses marks above a criterion's maximum, naming it, and saves nothing", async () => {
    const res = await evaluate(tokens.grace, trussMarks([10, 6, 5]));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"Drawings"');
    expect(res.body.message).toContain("5");
    expect(res.body).toMatchObject({ code: "marks_out_of_range", details: { criterion: "Drawings", outOf: 5, given: 6 } });
    expect(await t.db.select().from(essayEvaluations)).toEqual([]);
    expect((await t.db.select().from(essayAttempts).where(eq(essayAttempts.id, sub.s1)))[0]!.status).toBe("awaitingResults");
  });

  it("refuses negative and fractional marks other than halves, naming the field", async () => {
    const negative = await evaluate(tokens.grace, trussMarks([-1, 4, 5]));
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/criteria\.0\.givenMarks/);
    const third = await evaluate(tokens.grace, trussMarks([3.3, 4, 5]));
    expect(third.status).toBe(400);
    expect(third.body.message).toMatch(/half mark/);
  });

  it("wants every criterion exactly once: a missing, repeated or unknown criterion is named", async () => {
    const [analysis, drawings, communication] = truss.criteria;
    const missing = await evaluate(tokens.grace, {
      submissionId: sub.s1,
      criteria: [{ criterionId: analysis!.id, givenMarks: 5 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('"Drawings"');
    expect(missing.body.message).toContain('"Communication"');
    expect(missing.body).toMatchObject({ code: "missing_criterion", details: { criteria: '"Drawings", "Communication"', count: 2 } });

    const twice = await evaluate(tokens.grace, {
      submissionId: sub.s1,
      criteria: [analysis, drawings, communication, drawings].map((c) => ({ criterionId: c!.id, givenMarks: 1 })),
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('"Drawings" is marked more than once');

    const foreign = await evaluate(tokens.grace, {
      submissionId: sub.s1,
      criteria: [...truss.criteria, filter.criteria[0]!].map((c) => ({ criterionId: c.id, givenMarks: 1 })),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(filter.criteria[0]!.id);
    expect(await t.db.select().from(essayEvaluations)).toEqual([]);
  });

  it("refuses saving over another grader's live claim", async () => {
    await claim(tokens.grace, sub.s1);
    const res = await evaluate(tokens.gopal, trussMarks([1, 1, 1]));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("claimed_by_other");
    expect(res.body.message).toContain("Grace Hopper");
    expect(await t.db.select().from(essayEvaluations)).toEqual([]);
  });

  it("refuses a grader their own essay", async () => {
    const res = await evaluate(tokens.grace, {
      submissionId: sub.own,
      criteria: filter.criteria.map((c) => ({ criterionId: c.id, givenMarks: 10 })),
      comment: "Perfect",
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("own_submission");
    expect(await t.db.select().from(essayEvaluations)).toEqual([]);
  });

  it("lets the same grader correct it in place; another grader may neither claim nor change it", async () => {
    await evaluate(tokens.grace, trussMarks([5, 5, 5]));
    const first = (await details(tokens.grace, sub.s1)).body as SubmissionDetails;
    t.advanceClock(5 * 60_000);
    const corrected = await evaluate(tokens.grace, trussMarks([6, 5, 5], sub.s1, { comment: "Corrected the analysis mark." }));
    expect(corrected.status).toBe(200);
    const d = corrected.body as SubmissionDetails;
    expect(d).toMatchObject({ obtainedScore: 16, comment: "Corrected the analysis mark." });
    expect(d.evaluation!.evaluationId).toBe(first.evaluation!.evaluationId);
    expect(d.evaluation!.evaluatedAt).toBe(first.evaluation!.evaluatedAt);
    expect(new Date(d.evaluation!.updatedAt).getTime() - new Date(first.evaluation!.updatedAt).getTime()).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(await t.db.select().from(essayEvaluations).where(eq(essayEvaluations.attemptId, sub.s1))).toHaveLength(1);

    for (const res of [await evaluate(tokens.gopal, trussMarks([0, 0, 0])), await claim(tokens.gopal, sub.s1)]) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("evaluated_by_other");
      expect(res.body.message).toContain("Grace Hopper");
      expect((res.body as { details?: unknown }).details).toEqual({ grader: "Grace Hopper", evaluatedAt: first.evaluation!.evaluatedAt });
    }
    expect((await details(tokens.gopal, sub.s1)).body.obtainedScore).toBe(16);
  });

  it("applies a resent evaluation once: a late duplicate never undoes a later correction", async () => {
    const key = `eval-${Math.random()}`;
    const first = await evaluate(tokens.grace, trussMarks([5, 5, 5], sub.s1), key);
    expect(first.body.obtainedScore).toBe(15);
    const resent = await evaluate(tokens.grace, trussMarks([5, 5, 5], sub.s1), key);
    expect(resent.status).toBe(200);
    expect(resent.body.evaluation.updatedAt).toBe(first.body.evaluation.updatedAt);

    t.advanceClock(60_000);
    await evaluate(tokens.grace, trussMarks([9, 5, 5], sub.s1), `${key}-2`);
    const late = await evaluate(tokens.grace, trussMarks([5, 5, 5], sub.s1), key);
    expect(late.status).toBe(200);
    expect(late.body.obtainedScore).toBe(19);
    expect((await t.db.select().from(essayEvaluations).where(eq(essayEvaluations.attemptId, sub.s1)))[0]!.obtainedScore).toBe(19);
    // The key alone decides: a resend whose marks differ is answered as the submission is.
    const differing = await evaluate(tokens.grace, trussMarks([1, 1, 1]), key);
    expect(differing.body.obtainedScore).toBe(19);
    expect(await t.db.select().from(essayEvaluationKeys).where(eq(essayEvaluationKeys.attemptId, sub.s1))).toHaveLength(2);
  });
});

describe("the filters' sources", () => {
  it("lists learners who submitted essays, searchable by name or e-mail", async () => {
    const all = await t.call(listEssayLearners, { token: tokens.grace, query: {} });
    expect(all.status).toBe(200);
    expect(all.body.map((u: { name: string }) => u.name)).toEqual(["Asha Raman", "Ben Okafor", "Grace Hopper"]);
    expect((await t.call(listEssayLearners, { token: tokens.grace, query: { searchText: "okaf" } })).body.map((u: { id: string }) => u.id)).toEqual([ids.ben]);
    expect((await t.call(listEssayLearners, { token: tokens.grace, query: { searchText: "ben@example" } })).body).toHaveLength(1);
    expect((await t.call(listEssayLearners, { token: tokens.grace, query: { searchText: "%" } })).body).toEqual([]);
    expect((await t.call(listEssayLearners, { token: tokens.grace, query: { limit: "1" } })).body).toHaveLength(1);
  });

  it("lists courses with essays and accounts whose learners submitted", async () => {
    const courses = await t.call(listEssayCourses, { token: tokens.grace, query: {} });
    expect(courses.body).toEqual([
      { id: filter.courseId, name: "Analog Circuits" },
      { id: truss.courseId, name: "Bridge Design" },
    ]);
    expect((await t.call(listEssayCourses, { token: tokens.grace, query: { searchText: "bridge" } })).body).toEqual([{ id: truss.courseId, name: "Bridge Design" }]);
    expect((await t.call(listEssayAccounts, { token: tokens.grace, query: {} })).body).toEqual([{ id: acmeId, name: "Acme Structures" }]);
  });
});

describe("who may grade", () => {
  const calls = [
    () => list(tokens.asha),
    () => details(tokens.asha, sub.s1),
    () => claim(tokens.asha, sub.s2),
    () => evaluate(tokens.asha, trussMarks([10, 5, 5], sub.s1)),
    () => t.call(listEssayLearners, { token: tokens.asha, query: {} }),
    () => t.call(listEssayCourses, { token: tokens.asha, query: {} }),
    () => t.call(listEssayAccounts, { token: tokens.asha, query: {} }),
  ];

  it("refuses learners every grading call with 403, and changes nothing", async () => {
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("role_required");
    }
    expect(await t.db.select().from(essayEvaluations)).toEqual([]);
    expect((await t.db.select().from(essayAttempts).where(eq(essayAttempts.id, sub.s2)))[0]!.claimedBy).toBeNull();
  });

  it("lets admins grade like graders", async () => {
    expect((await claim(tokens.admin, sub.s1)).status).toBe(200);
    expect((await evaluate(tokens.admin, trussMarks([1, 2, 3]))).body.evaluation.graderName).toBe("Ada Admin");
  });
});
