import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSubmissions } from "@/lib/contract/calls/grading";
import type { SubmissionListItem } from "@/lib/contract/entities/grading";
import { essayAttempts, essayEvaluations, users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { essayOf, insertSubmission, type EssayRef } from "../support/essay-submissions";

// The graders' list paged by key: a cursor page starts right after the previous page's last row, so
// walking the pages gives every matching essay once, in order, even while new essays arrive, and the
// total is counted (up to a cap) on the first page only.

const essayCourse = (key: string, name: string, slugId: string) =>
  oneVideoCourse(key, name, [{ essay: { slugId, title: `${name} essay`, question: `Write about ${name}.`, durationInMinutes: 60, criteria: [{ gradingCriteria: "Content", marks: 10 }] } }]);

let t: TestApi;
let grader: string;
let graderId: string;
let alpha: EssayRef;
let beta: EssayRef;
const HOUR = 3_600_000;
let learnerSeq = 0;

type Page = { results: SubmissionListItem[]; hasMore: boolean; nextCursor: string | null; totalItems: number; totalIsExact: boolean };
const list = async (query: Record<string, string | string[]>) => {
  const res = await t.call(listSubmissions, { token: grader, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};

/** Learners with one submitted essay each, at the given times, in one course. */
async function submit(essay: EssayRef, times: Date[]): Promise<string[]> {
  const made: string[] = [];
  for (const at of times) {
    const n = ++learnerSeq;
    const user = await t.createUser({ email: `learner${n}@example.com`, name: `Learner ${String(n).padStart(4, "0")}` });
    made.push(await insertSubmission(t, user.id, essay, { submittedAt: at }));
  }
  return made;
}

/** Every page by cursor; `between` runs after each page is read. */
async function walk(query: Record<string, string | string[]>, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  const pages: Page[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: Page = await list(cursor ? { ...query, cursor } : query);
    pages.push(page);
    seen.push(...page.results.map((r) => r.submissionId));
    await between?.(i);
    if (!page.hasMore) break;
    expect(page.nextCursor).toBeTruthy();
    cursor = page.nextCursor;
  }
  return { seen, pages };
}

/** Submission ids newest first, then by id, as the list orders them. */
async function expectedOrder(where?: Parameters<typeof inArray>[1]) {
  const rows = await t.db
    .select({ id: essayAttempts.id, at: essayAttempts.submittedAt })
    .from(essayAttempts)
    .where(where ? inArray(essayAttempts.id, where as string[]) : undefined);
  return rows
    .filter((r) => r.at)
    .sort((a, b) => b.at!.getTime() - a.at!.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);
}

let alphaIds: string[];
let betaIds: string[];

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [essayCourse("alpha", "Alpha", "alpha-essay"), essayCourse("beta", "Beta", "beta-essay")] });
  alpha = await essayOf(t, "alpha", "alpha-essay");
  beta = await essayOf(t, "beta", "beta-essay");
  graderId = (await t.createUser({ email: "grader@example.com", name: "Greta Grader", role: "grader" })).id;
  grader = await t.signIn("grader@example.com");
  const now = t.deps.now().getTime();
  // 23 in Alpha and 12 in Beta, interleaved; five share one submission time (only the id orders them).
  const tie = new Date(now - 10 * HOUR);
  alphaIds = await submit(alpha, [...Array.from({ length: 18 }, (_, i) => new Date(now - (20 + i * 2) * HOUR)), tie, tie, tie, tie, tie]);
  betaIds = await submit(beta, Array.from({ length: 12 }, (_, i) => new Date(now - (21 + i * 2) * HOUR)));
}, 120_000);
afterAll(() => t.close());

describe("the graders' list by cursor", () => {
  it("walks every submission once, in order, through rows that share a submission time; only the first page counts", async () => {
    const { seen, pages } = await walk({ assignment: "all", pageSize: "4" });
    expect(seen).toEqual(await expectedOrder([...alphaIds, ...betaIds]));
    expect(new Set(seen).size).toBe(35);
    expect(pages).toHaveLength(9);
    expect(pages.at(-1)).toMatchObject({ hasMore: false, nextCursor: null });
    // The first page's count is carried along: every page says the same.
    for (const p of pages) expect(p).toMatchObject({ totalItems: 35, totalIsExact: true });
  });

  it("gives the same rows as numbered pages when nothing changes", async () => {
    const { seen } = await walk({ assignment: "all", pageSize: "7" });
    const numbered: string[] = [];
    for (let n = 1; n <= 5; n++) numbered.push(...(await list({ assignment: "all", pageSize: "7", pageNumber: String(n) })).results.map((r) => r.submissionId));
    expect(seen).toEqual(numbered);
  });

  it("neither repeats nor skips a row while new essays arrive between pages", async () => {
    const before = await expectedOrder([...alphaIds, ...betaIds]);
    const arrived: string[] = [];
    const { seen } = await walk({ assignment: "all", pageSize: "5" }, async (page) => {
      // Newer than anything: they belong before the first page, never inside the walk.
      if (page < 3) arrived.push(...(await submit(alpha, [new Date(t.deps.now().getTime() - page * 1000)])));
    });
    expect(seen).toEqual(before);
    // A new walk starts with them.
    const fresh = await list({ assignment: "all", pageSize: "3" });
    expect(fresh.results.map((r) => r.submissionId)).toEqual([...arrived]);
    expect(fresh.totalItems).toBe(38);
    alphaIds.push(...arrived);
  });

  it("keeps the filters across pages: course, learner, and unassigned while graders claim and grade", async () => {
    const course = await walk({ assignment: "all", pageSize: "4", "courseIds[]": beta.courseId });
    expect(course.seen).toEqual(await expectedOrder(betaIds));
    expect(course.pages[0]).toMatchObject({ totalItems: 12, totalIsExact: true });

    const oneLearner = (await t.db.select({ userId: essayAttempts.userId }).from(essayAttempts).where(inArray(essayAttempts.id, [betaIds[3]!])))[0]!.userId;
    expect((await walk({ assignment: "all", "userIds[]": oneLearner })).seen).toEqual([betaIds[3]]);

    // Two essays further down are claimed and one graded before the walk reaches them: the unassigned walk leaves them out.
    const order = await expectedOrder([...alphaIds, ...betaIds]);
    const [claimedId, gradedId] = [order[20]!, order[25]!];
    const unassigned = await walk({ assignment: "unassigned", pageSize: "6" }, async (page) => {
      if (page !== 0) return;
      await t.db.update(essayAttempts).set({ claimedBy: graderId, claimExpiresAt: new Date(t.deps.now().getTime() + HOUR) }).where(inArray(essayAttempts.id, [claimedId]));
      await t.db.insert(essayEvaluations).values({ attemptId: gradedId, graderId, marks: {}, obtainedScore: 5, totalScore: 10, comment: null });
    });
    expect(unassigned.seen).toEqual(order.filter((id) => id !== claimedId && id !== gradedId));
    expect((await walk({ assignment: "pending" })).seen).toEqual([claimedId]);
    expect((await walk({ assignment: "completed" })).seen).toEqual([gradedId]);
    await t.db.delete(essayEvaluations);
    await t.db.update(essayAttempts).set({ claimedBy: null, claimExpiresAt: null });
  });

  it("refuses a cursor it did not give, naming it", async () => {
    for (const cursor of ["not-a-cursor", Buffer.from(JSON.stringify(["2026-01-01T00:00:00Z", "x", 1, 1])).toString("base64url")]) {
      const res = await t.call(listSubmissions, { token: grader, query: { cursor } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/cursor/);
    }
  });

  it("counts at most 1000 matches and says so", async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk${i}@example.com`, name: `Bulk ${i}` }));
    const made = await t.db.insert(users).values(many).returning({ id: users.id });
    const at = new Date(t.deps.now().getTime() - 100 * HOUR);
    await t.db.insert(essayAttempts).values(
      made.map((u) => ({
        userId: u.id,
        blockId: beta.blockId,
        courseId: beta.courseId,
        versionId: beta.versionId,
        status: "awaitingResults" as const,
        startedAt: at,
        deadlineAt: at,
        submittedAt: at,
        submissionSource: "manual" as const,
      })),
    );
    const first = await list({ assignment: "all", pageSize: "50" });
    expect(first).toMatchObject({ totalItems: 1000, totalIsExact: false, hasMore: true });
    expect(first.results).toHaveLength(50);
    const second = await list({ assignment: "all", pageSize: "50", cursor: first.nextCursor! });
    expect(second).toMatchObject({ totalItems: 1000, totalIsExact: false });
    expect(second.results[0]!.submissionId).not.toBe(first.results.at(-1)!.submissionId);
  });
});
