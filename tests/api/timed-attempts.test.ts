import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getMcqBlock, startEssayBlock, startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { getVideoTree } from "@/lib/contract/calls/learning";
import { grantTimedBlock, listAudit, listPersonTimedBlocks } from "@/lib/contract/calls/studio-people";
import { courses, essayAttempts, mcqAttempts } from "@/lib/server/db/schema";
import { jobHandlers } from "@/lib/server/jobs/handlers";
import { GRACE_SECONDS } from "@/lib/server/services/challenges/timing";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";

/** A course with a 10-minute quiz of one attempt and a 30-minute essay. */
const timedCourse = oneVideoCourse("timed", "Timed course", [
  {
    mcq: {
      slugId: "timed-quiz",
      title: "Loads quiz",
      durationInMinutes: 10,
      attemptsAllowed: 1,
      questions: [{ question: "Unit of force?", mark: 1, options: [{ value: "newton", correct: true }, { value: "joule" }] }],
    },
  },
  {
    essay: {
      slugId: "timed-essay",
      title: "Bridges essay",
      question: "Why do bridges sway?",
      description: "Explain.",
      durationInMinutes: 30,
      criteria: [{ gradingCriteria: "Clarity", marks: 10 }],
    },
  },
]);

let t: TestApi;
let admin: string;
let courseId: string;
let quizId: string;
let essayId: string;
let learner: { id: string; token: string };
let outsider: { id: string; token: string };

const grant = (body: Record<string, unknown>) => t.call(grantTimedBlock, { token: admin, body: { id: learner.id, ...body } });
const blocksOf = async (id: string) => (await t.call(listPersonTimedBlocks, { token: admin, query: { id } })).body.blocks as { blockId: string; [k: string]: unknown }[];
const startQuiz = () => t.call(startMcqBlock, { token: learner.token, body: { courseId, mcqBlockId: quizId } });

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [timedCourse] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "timed")))[0]!.id;
  await t.createUser({ email: "admin@example.com", role: "admin" });
  admin = await t.signIn("admin@example.com");
  learner = { id: (await t.createUser({ email: "lena@example.com", plan: "Premium" })).id, token: await t.signIn("lena@example.com") };
  outsider = { id: (await t.createUser({ email: "otto@example.com", plan: "Premium" })).id, token: await t.signIn("otto@example.com") };
  await t.call(enrollInCourse, { token: learner.token, body: { courseId } });
  const items = (await t.call(getVideoTree, { token: learner.token, query: { id: courseId } })).body.chapters[0].subChapters[0].items as { type: string; id: string }[];
  quizId = items.find((i) => i.type === "mcqBlock")!.id;
  essayId = items.find((i) => i.type === "essayBlock")!.id;
}, 60_000);
afterAll(() => t.close());

describe("timed attempts in the studio", () => {
  it("lists a person's timed blocks in course order with attempts used and allowed", async () => {
    const blocks = await blocksOf(learner.id);
    expect(blocks.map((b) => [b.title, b.kind, b.attemptsAllowed, b.attemptsUsed, b.durationInMinutes, b.runningDeadlineAt])).toEqual([
      ["Loads quiz", "mcqBlock", 1, 0, 10, null],
      ["Bridges essay", "essayBlock", 1, 0, 30, null],
    ]);
    // Someone enrolled in nothing has no timed blocks; the list is paged by a keyset cursor.
    expect(await blocksOf(outsider.id)).toEqual([]);
    const first = await t.call(listPersonTimedBlocks, { token: admin, query: { id: learner.id, limit: "1" } });
    expect(first.body).toMatchObject({ hasMore: true, blocks: [{ title: "Loads quiz" }] });
    const second = await t.call(listPersonTimedBlocks, { token: admin, query: { id: learner.id, limit: "1", cursor: first.body.nextCursor } });
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null, blocks: [{ title: "Bridges essay" }] });
  });

  it("refuses a grant without a reason, without an amount, with non-positive numbers, for an unknown block or a person not enrolled; nothing is saved", async () => {
    const noReason = await grant({ blockId: quizId, extraAttempts: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain("reason");
    const blankReason = await grant({ blockId: quizId, extraAttempts: 1, reason: "   " });
    expect(blankReason.status).toBe(400);
    expect((await grant({ blockId: quizId, reason: "why not" })).body.message).toContain("extraAttempts or extraMinutes");
    const zero = await grant({ blockId: quizId, extraAttempts: 0, reason: "r" });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain("extraAttempts must be at least 1");
    expect((await grant({ blockId: quizId, extraMinutes: -5, reason: "r" })).body.message).toContain("extraMinutes must be at least 1");
    expect((await grant({ blockId: quizId, extraMinutes: 1.5, reason: "r" })).body.message).toContain("extraMinutes must be a whole number");
    const unknown = await grant({ blockId: "00000000-0000-4000-8000-000000000001", extraAttempts: 1, reason: "r" });
    expect(unknown).toMatchObject({ status: 404, body: { code: "block_not_found" } });
    const notEnrolled = await t.call(grantTimedBlock, { token: admin, body: { id: outsider.id, blockId: quizId, extraAttempts: 1, reason: "r" } });
    expect(notEnrolled).toMatchObject({ status: 409, body: { code: "not_enrolled" } });
    expect(notEnrolled.body.message).toContain("otto@example.com");
    const essayAttemptsGrant = await grant({ blockId: essayId, extraAttempts: 1, reason: "r" });
    expect(essayAttemptsGrant.status).toBe(400);
    expect(essayAttemptsGrant.body.message).toContain("an essay has one attempt");
    const audit = await t.call(listAudit, { token: admin, query: { kind: "person.grant" } });
    expect(audit.body.entries).toEqual([]);
    expect((await blocksOf(learner.id)).map((b) => [b.extraAttempts, b.extraMinutes])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  it("lets a learner who used their one attempt start again once granted a second, audited with the reason", async () => {
    expect((await startQuiz()).status).toBe(200);
    expect((await t.call(submitMcqBlock, { token: learner.token, body: { courseId, mcqBlockId: quizId } })).status).toBe(200);
    const refused = await startQuiz();
    expect(refused).toMatchObject({ status: 409, body: { code: "attempts_exhausted" } });

    const granted = await grant({ blockId: quizId, extraAttempts: 1, reason: "Power cut during the first attempt" });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.block).toMatchObject({ attemptsAllowed: 1, extraAttempts: 1, attemptsUsed: 1 });

    const page = await t.call(getMcqBlock, { token: learner.token, query: { courseId, mcqBlockId: quizId } });
    expect(page.body).toMatchObject({ attemptStatus: "completed", attemptsAllowed: 2, attemptsUsed: 1, attemptsRemaining: 1 });
    const again = await startQuiz();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ attemptStatus: "onProgress", attemptsUsed: 2, attemptsRemaining: 0 });

    const audit = await t.call(listAudit, { token: admin, query: { kind: "person.grant", target: learner.id } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({
      summary: expect.stringContaining("Power cut during the first attempt"),
      before: { attemptsAllowed: 1, attemptsUsed: 1 },
      after: { attemptsAllowed: 2, reason: "Power cut during the first attempt" },
    });
  });

  it("moves a running attempt's deadline with extra minutes, and the close job waits for the new deadline", async () => {
    // The second attempt of the quiz runs (started in the test above): 10 minutes.
    const [running] = await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.status, "onProgress"));
    const oldDeadline = running!.deadlineAt;
    const granted = await grant({ blockId: quizId, extraMinutes: 15, reason: "Screen reader set-up" });
    expect(granted.status).toBe(200);
    expect(new Date(granted.body.block.runningDeadlineAt).getTime()).toBe(oldDeadline.getTime() + 15 * 60_000);
    const page = await t.call(getMcqBlock, { token: learner.token, query: { courseId, mcqBlockId: quizId } });
    expect(page.body.remainingTimeInSeconds).toBeGreaterThan(20 * 60);

    // The old deadline and grace pass: the job planned for it leaves the attempt running.
    t.advanceClock(10 * 60_000 + (GRACE_SECONDS + 5) * 1000);
    const handlers = jobHandlers(t.deps);
    await handlers["close-attempt"]({ kind: "mcqBlock", attemptId: running!.id }, { id: "test" } as never);
    expect((await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.id, running!.id)))[0]!.status).toBe("onProgress");
    // Past the new one, it closes it, at the new deadline.
    t.advanceClock(15 * 60_000);
    await handlers["close-attempt"]({ kind: "mcqBlock", attemptId: running!.id }, { id: "test" } as never);
    const [closed] = await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.id, running!.id));
    expect(closed).toMatchObject({ status: "completed", closedBy: "timeout" });
    expect(closed!.submittedAt!.getTime()).toBe(oldDeadline.getTime() + 15 * 60_000);
  });

  it("gives later attempts the extra minutes too: an essay started after a grant has the longer time", async () => {
    const granted = await grant({ blockId: essayId, extraMinutes: 20, reason: "Extra time agreed with the learner's tutor" });
    expect(granted.body.block).toMatchObject({ durationInMinutes: 30, extraMinutes: 20, runningDeadlineAt: null });
    const started = await t.call(startEssayBlock, { token: learner.token, body: { courseId, essayBlockId: essayId } });
    expect(started.status).toBe(200);
    expect(started.body.remainingTimeInSeconds).toBe(50 * 60);
    const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, learner.id));
    expect(attempt!.deadlineAt.getTime() - attempt!.startedAt.getTime()).toBe(50 * 60_000);
  });
});
