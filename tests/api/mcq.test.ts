import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import { getMcqBlock, getMcqBlockState, answerMcqQuestion, startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { getNodeData, getVideoTree } from "@/lib/contract/calls/learning";
import type { McqBlock } from "@/lib/contract/entities/challenges";
import { courses, mcqAnswers, mcqAttempts } from "@/lib/server/db/schema";
import { closeOverdueAttempts } from "@/lib/server/services/challenges/close-overdue-attempts";
import { GRACE_SECONDS } from "@/lib/server/services/challenges/timing";
import { scoreMcq } from "@/lib/server/services/challenges/score-mcq";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";

/** A course with one video and a 10-minute block of three questions (one with two right options). */
const quizCourse = oneVideoCourse("quiz", "Quiz course", [
  {
    mcq: {
      slugId: "quiz1",
      title: "Loads",
      durationInMinutes: 10,
      questions: [
        { question: "Unit of force?", mark: 2, options: [{ value: "newton", correct: true }, { value: "joule" }, { value: "watt" }] },
        { question: "Vectors?", mark: 3, options: [{ value: "force", correct: true }, { value: "mass" }, { value: "velocity", correct: true }] },
        { question: "g on Earth?", mark: 1, options: [{ value: "9.81 m/s²", correct: true }, { value: "1 m/s²" }] },
      ],
    },
  },
]);

let t: TestApi;
let statements = 0;
let courseId: string;
let blockId: string;
let tokens: Record<"a" | "b" | "c", string>;
let ids: Record<"a" | "b" | "c", string>;

const data = (token: string) => t.call(getMcqBlock, { token, query: { courseId, mcqBlockId: blockId } });
const start = (token: string) => t.call(startMcqBlock, { token, body: { courseId, mcqBlockId: blockId } });
const submit = (token: string) => t.call(submitMcqBlock, { token, body: { courseId, mcqBlockId: blockId } });
/** Answers one question; `idempotencyKey` goes as the Idempotency-Key header. */
const answer = (token: string, mcq: string, selectedOptionIds: string[], extra: Record<string, unknown> = {}, idempotencyKey?: string) =>
  t.call(answerMcqQuestion, {
    token,
    body: { courseId, mcqBlockId: blockId, mcq, selectedOptionIds, ...extra },
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
  });
const optionId = (block: McqBlock, q: number, value: string) => block.questions[q]!.options.find((o) => o.value === value)!.id;

async function resetAttempts() {
  await t.db.delete(mcqAttempts).where(eq(mcqAttempts.blockId, blockId));
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: () => void statements++ });
  await importFiles(t, { courses: [quizCourse] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "quiz")))[0]!.id;
  tokens = {} as typeof tokens;
  ids = {} as typeof ids;
  for (const who of ["a", "b", "c"] as const) {
    ids[who] = (await t.createUser({ email: `${who}@example.com`, plan: "Premium" })).id;
    tokens[who] = await t.signIn(`${who}@example.com`);
  }
  // a and b are enrolled; c is not.
  await t.call(enrollInCourse, { token: tokens.a, body: { courseId } });
  await t.call(enrollInCourse, { token: tokens.b, body: { courseId } });
  const tree = (await t.call(getVideoTree, { token: tokens.a, query: { id: courseId } })).body;
  blockId = tree.chapters[0].subChapters[0].items.find((i: { type: string }) => i.type === "mcqBlock").id;
});
afterAll(() => t.close());
beforeEach(resetAttempts);

describe("scoring", () => {
  it("gives full marks only for exactly the right set of options", () => {
    const questions = [
      { id: "q1", mark: 2, correctOptionIds: ["a"] },
      { id: "q2", mark: 3, correctOptionIds: ["x", "y"] },
      { id: "q3", mark: 1, correctOptionIds: ["k"] },
    ];
    expect(scoreMcq(questions, new Map([["q1", ["a"]], ["q2", ["y", "x"]], ["q3", ["k"]]]))).toEqual({ obtainedScore: 6, totalScore: 6 });
    // One of two right options, a wrong extra, and an unanswered question all earn nothing.
    expect(scoreMcq(questions, new Map([["q1", ["a", "b"]], ["q2", ["x"]]]))).toEqual({ obtainedScore: 0, totalScore: 6 });
    expect(scoreMcq(questions, new Map([["q2", ["x", "y"]]]))).toEqual({ obtainedScore: 3, totalScore: 6 });
  });
});

describe("a multiple-choice block", () => {
  it("shows no questions before an attempt, then questions without the key while it runs", async () => {
    const before = (await data(tokens.a)).body as McqBlock;
    expect(before.attemptStatus).toBe("notAttempted");
    expect(before.questions).toEqual([]);
    expect(before.totalScore).toBe(6);
    const started = await start(tokens.a);
    expect(started.status).toBe(200);
    const block = started.body as McqBlock;
    expect(block.attemptStatus).toBe("onProgress");
    expect(block.remainingTimeInSeconds).toBe(600);
    expect(block.questions.map((q) => q.maxCorrectOptionsCount)).toEqual([1, 2, 1]);
    // The key stays on the server: no option carries isCorrect in the JSON while the attempt runs.
    for (const res of [started, await data(tokens.a), await t.call(getMcqBlockState, { token: tokens.a, query: { mcqBlockId: blockId } })]) {
      expect(JSON.stringify(res.body)).not.toContain("isCorrect");
    }
  });

  it("keeps the server's deadline across reloads and a second start", async () => {
    const first = (await start(tokens.a)).body as McqBlock;
    t.advanceClock(4 * 60_000);
    const again = (await start(tokens.a)).body as McqBlock;
    expect(again.endsAt).toBe(first.endsAt);
    expect(again.remainingTimeInSeconds).toBe(360);
    expect((await data(tokens.a)).body.remainingTimeInSeconds).toBe(360);
    const state = await t.call(getMcqBlockState, { token: tokens.a, query: { mcqBlockId: blockId } });
    expect(state.body).toMatchObject({ attemptStatus: "onProgress", remainingTimeInSeconds: 360, endsAt: first.endsAt });
  });

  it("saves each answer as it is chosen, replaces it, and scores the final choices", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    const [q1, q2, q3] = block.questions.map((q) => q.id) as [string, string, string];
    expect((await answer(tokens.a, q1, [optionId(block, 0, "joule")])).status).toBe(200);
    expect((await answer(tokens.a, q1, [optionId(block, 0, "newton")])).status).toBe(200);
    expect((await answer(tokens.a, q2, [optionId(block, 1, "force"), optionId(block, 1, "velocity")])).status).toBe(200);
    expect((await answer(tokens.a, q3, [optionId(block, 2, "1 m/s²")])).status).toBe(200);
    const reloaded = (await data(tokens.a)).body as McqBlock;
    expect(reloaded.questions[0]!.options.find((o) => o.isSelectedByUser)!.value).toBe("newton");
    const done = await submit(tokens.a);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ attemptStatus: "completed", obtainedScore: 5, totalScore: 6, remainingTimeInSeconds: null });
    // After completion the learner sees the key and their own choices.
    const q3Options = (done.body as McqBlock).questions[2]!.options;
    expect(q3Options).toEqual([
      { id: expect.any(String), value: "9.81 m/s²", isCorrect: true, isSelectedByUser: false },
      { id: expect.any(String), value: "1 m/s²", isCorrect: false, isSelectedByUser: true },
    ]);
    // Submitting again returns the same result; answering a completed block is refused and changes nothing.
    expect((await submit(tokens.a)).body.obtainedScore).toBe(5);
    const late = await answer(tokens.a, q3, [optionId(block, 2, "9.81 m/s²")]);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("attempt_closed");
    expect((await data(tokens.a)).body.obtainedScore).toBe(5);
  });

  it("refuses an option of another question, a foreign question and too many options, naming the field", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    const [q1, q2] = block.questions.map((q) => q.id) as [string, string];
    await answer(tokens.a, q1, [optionId(block, 0, "newton")]);
    const foreign = await answer(tokens.a, q1, [optionId(block, 1, "force")]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^selectedOptionIds: .* is not an option of this question/);
    const tooMany = await answer(tokens.a, q1, [optionId(block, 0, "newton"), optionId(block, 0, "joule")]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/choose at most 1 option/);
    const unknown = await answer(tokens.a, "00000000-0000-4000-8000-000000000000", []);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^mcq:/);
    expect((await answer(tokens.a, q2, [optionId(block, 1, "force"), optionId(block, 1, "velocity")])).status).toBe(200);
    // Nothing of the refused answers was saved: q1 keeps "newton".
    const saved = await t.db.select().from(mcqAnswers);
    expect(saved.find((a) => a.questionId === q1)!.selectedOptionIds).toEqual([optionId(block, 0, "newton")]);
  });

  it("applies a resent answer once, so a late duplicate never overwrites a newer choice", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    const q1 = block.questions[0]!.id;
    await answer(tokens.a, q1, [optionId(block, 0, "joule")], {}, "k1");
    await answer(tokens.a, q1, [optionId(block, 0, "newton")], {}, "k2");
    const resent = await answer(tokens.a, q1, [optionId(block, 0, "joule")], {}, "k1");
    expect(resent.status).toBe(200);
    expect((await submit(tokens.a)).body.obtainedScore).toBe(2);
  });

  it("counts an answer sent before the deadline that arrives within the grace period, and refuses later ones", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    const [q1, q2, q3] = block.questions.map((q) => q.id) as [string, string, string];
    const deadline = new Date(block.endsAt!);
    t.advanceClock(10 * 60_000 + 10_000); // 10 s past the deadline, inside the grace period
    const sentBefore = new Date(deadline.getTime() - 2000).toISOString();
    const inGrace = await answer(tokens.a, q1, [optionId(block, 0, "newton")], { sentAt: sentBefore });
    expect(inGrace.status).toBe(200);
    expect(inGrace.body.remainingTimeInSeconds).toBe(0);
    const sentAfter = await answer(tokens.a, q2, [optionId(block, 1, "force"), optionId(block, 1, "velocity")], { sentAt: new Date(deadline.getTime() + 1000).toISOString() });
    expect(sentAfter.status).toBe(409);
    expect(sentAfter.body.code).toBe("time_up");
    t.advanceClock(GRACE_SECONDS * 1000);
    const afterGrace = await answer(tokens.a, q3, [optionId(block, 2, "9.81 m/s²")], { sentAt: sentBefore });
    expect(afterGrace.status).toBe(409);
    // The refused late answer closed the attempt on the answers saved in time.
    const closed = (await data(tokens.a)).body as McqBlock;
    expect(closed).toMatchObject({ attemptStatus: "completed", obtainedScore: 2 });
  });

  it("is closed by the server on the next read once its time has run out, scoring the saved answers", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    await answer(tokens.a, block.questions[0]!.id, [optionId(block, 0, "newton")]);
    t.advanceClock(11 * 60_000);
    const read = (await data(tokens.a)).body as McqBlock;
    expect(read).toMatchObject({ attemptStatus: "completed", obtainedScore: 2, totalScore: 6 });
    expect(read.submittedAt).toBe(block.endsAt);
    const [row] = await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, ids.a));
    expect(row!.closedBy).toBe("timeout");
  });

  it("is closed by the sweep with no browser open, exactly once", async () => {
    const a = (await start(tokens.a)).body as McqBlock;
    await answer(tokens.a, a.questions[1]!.id, [optionId(a, 1, "force"), optionId(a, 1, "velocity")]);
    await start(tokens.b);
    t.advanceClock(10 * 60_000 + (GRACE_SECONDS - 5) * 1000);
    expect((await closeOverdueAttempts(t.deps)).mcq).toEqual([]); // still inside the grace period
    t.advanceClock(10_000);
    const [first, second] = await Promise.all([closeOverdueAttempts(t.deps), closeOverdueAttempts(t.deps)]);
    expect([...first.mcq, ...second.mcq].sort()).toHaveLength(2);
    expect((await closeOverdueAttempts(t.deps)).mcq).toEqual([]);
    const rows = await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.blockId, blockId));
    expect(rows.map((r) => [r.userId === ids.a ? "a" : "b", r.status, r.obtainedScore]).sort()).toEqual([
      ["a", "completed", 3],
      ["b", "completed", 0],
    ]);
  });

  it("keeps each learner to their own attempt", async () => {
    const a = (await start(tokens.a)).body as McqBlock;
    // b has not started: b's answer to a's question is refused and a's attempt is unchanged.
    const res = await answer(tokens.b, a.questions[0]!.id, [optionId(a, 0, "newton")]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("attempt_not_started");
    expect(await t.db.select().from(mcqAnswers)).toEqual([]);
    expect((await data(tokens.b)).body.attemptStatus).toBe("notAttempted");
  });

  it("refuses to start a block of a course the learner is not enrolled in", async () => {
    const res = await start(tokens.c);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("challenge_locked");
    expect((res.body as { details?: unknown }).details).toEqual({ reason: "notEnrolled", block: "mcqBlock" });
    expect((await data(tokens.c)).body).toMatchObject({ isChallengeLocked: true, questions: [] });
    expect(await t.db.select().from(mcqAttempts).where(and(eq(mcqAttempts.userId, ids.c)))).toEqual([]);
  });

  it("runs a bounded number of SQL statements per answer and per read, however many questions were answered", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    const count = async (run: () => Promise<unknown>) => {
      statements = 0;
      await run();
      return statements;
    };
    const first = await count(() => answer(tokens.a, block.questions[0]!.id, [optionId(block, 0, "newton")], {}, "s1"));
    await answer(tokens.a, block.questions[1]!.id, [optionId(block, 1, "force")]);
    const third = await count(() => answer(tokens.a, block.questions[2]!.id, [optionId(block, 2, "1 m/s²")], {}, "s3"));
    // Session check, the attempt (locked), the key, the question's options, the key and the answer, in a transaction.
    expect(first).toBeLessThanOrEqual(10);
    expect(third).toBe(first);
    expect(await count(() => data(tokens.a))).toBeLessThanOrEqual(10);
  });

  it("starts once when two starts arrive together", async () => {
    const [x, y] = await Promise.all([start(tokens.a), start(tokens.a)]);
    expect(x.body.endsAt).toBe(y.body.endsAt);
    expect(await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, ids.a))).toHaveLength(1);
  });

  it("counts a completed block in the course card and the tree", async () => {
    const block = (await start(tokens.a)).body as McqBlock;
    await submit(tokens.a);
    const cards = (await t.call(listAllCourses, { token: tokens.a, query: {} })).body.results;
    expect(cards.find((c: { courseId: string }) => c.courseId === courseId)).toMatchObject({ completedMcqCount: 1, totalMcqCount: 1 });
    const node = await t.call(getNodeData, { token: tokens.a, query: { courseId, nodeId: block.id, nodeType: "all" } });
    expect(node.body.node.challengeCompletionState).toBe("completed");
  });
});
