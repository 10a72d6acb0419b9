import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import { getEssayBlock, getEssayBlockState, startEssayBlock, submitEssayBlock, uploadEssayFile } from "@/lib/contract/calls/challenges";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { courses, essayAttempts, essayEvaluations, essaySaveKeys, essayUploads } from "@/lib/server/db/schema";
import { closeOverdueAttempts } from "@/lib/server/services/challenges/close-overdue-attempts";
import { GRACE_SECONDS } from "@/lib/server/services/challenges/timing";
import { sessionCookieName } from "@/lib/session-cookie";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";

/** A course with one video and a 60-minute essay graded on two criteria. */
const essayCourse = oneVideoCourse("essays", "Essay course", [
  {
    essay: {
      slugId: "bridge-essay",
      title: "Bridges",
      question: "Why do bridges sway?",
      description: "Explain with one example.",
      referenceDocument: "/files/demo/reference.pdf",
      solutionDocument: "/files/demo/solution.pdf",
      durationInMinutes: 60,
      criteria: [
        { gradingCriteria: "Clarity", marks: 4 },
        { gradingCriteria: "Accuracy", marks: 6 },
      ],
    },
  },
]);

type Who = "a" | "b" | "c";
let t: TestApi;
let statements = 0;
let courseId: string;
let blockId: string;
let root: string;
let tokens: Record<Who | "grader", string>;
let ids: Record<Who | "grader", string>;

const data = (who: Who) => t.call(getEssayBlock, { token: tokens[who], query: { courseId, essayBlockId: blockId } });
const state = (who: Who, query: Record<string, string> = {}) => t.call(getEssayBlockState, { token: tokens[who], query: { essayBlockId: blockId, ...query } });
const start = (who: Who) => t.call(startEssayBlock, { token: tokens[who], body: { courseId, essayBlockId: blockId } });
/** Saves a draft; `idempotencyKey` goes as the Idempotency-Key header. */
const save = (who: Who, essayAnswer: string, extra: Record<string, unknown> = {}, idempotencyKey?: string) =>
  t.call(submitEssayBlock, {
    token: tokens[who],
    body: { courseId, essayBlockId: blockId, essayAnswer, isFinalSubmission: false, ...extra },
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
  });
const submit = (who: Who, essayAnswer: string, extra: Record<string, unknown> = {}, idempotencyKey?: string) =>
  save(who, essayAnswer, { isFinalSubmission: true, ...extra }, idempotencyKey);
const attemptOf = async (who: Who) => (await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, ids[who])))[0];

function upload(who: Who, fileName: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("courseId", courseId);
  form.set("essayBlockId", blockId);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName);
  return t.call(uploadEssayFile, { token: tokens[who], body: form });
}

async function download(url: string, headers: Record<string, string> = {}) {
  const res = await t.api.request(`http://localhost${url}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64, 0), Buffer.from("This program cannot be run in DOS mode")]);
const storedFiles = () => (existsSync(path.join(root, "essays")) ? readdirSync(path.join(root, "essays")) : []);

beforeAll(async () => {
  t = await createTestApi({ onQuery: () => void statements++ });
  root = mkdtempSync(path.join(os.tmpdir(), "essay-uploads-"));
  t.deps.env.UPLOAD_DIR = root;
  await importFiles(t, { courses: [essayCourse] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "essays")))[0]!.id;
  tokens = {} as typeof tokens;
  ids = {} as typeof ids;
  for (const who of ["a", "b", "c", "grader"] as const) {
    ids[who] = (await t.createUser({ email: `${who}@example.com`, plan: "Premium", role: who === "grader" ? "grader" : "learner" })).id;
    tokens[who] = await t.signIn(`${who}@example.com`);
  }
  // a and b are enrolled; c is not.
  await t.call(enrollInCourse, { token: tokens.a, body: { courseId } });
  await t.call(enrollInCourse, { token: tokens.b, body: { courseId } });
  const tree = (await t.call(getVideoTree, { token: tokens.a, query: { id: courseId } })).body;
  blockId = tree.chapters[0].subChapters[0].items.find((i: { type: string }) => i.type === "essayBlock").id;
});
afterAll(() => t.close());
beforeEach(async () => {
  rmSync(path.join(root, "essays"), { recursive: true, force: true });
  await t.db.delete(essayUploads).where(eq(essayUploads.blockId, blockId));
  await t.db.delete(essayAttempts).where(eq(essayAttempts.blockId, blockId));
});

describe("an essay challenge's states", () => {
  it("shows the reference document before an attempt, but not the question (it comes with the clock), the model answer or marks", async () => {
    const res = await data("a");
    expect(res.status).toBe(200);
    const essay = res.body as EssayBlock;
    expect(essay).toMatchObject({
      attemptStatus: "notAttempted",
      question: "",
      referenceDocument: "/files/demo/reference.pdf",
      totalScore: 10,
      submittedAnswer: null,
      draftVersion: 0,
      remainingTimeInSeconds: null,
      isChallengeLocked: false,
    });
    expect(JSON.stringify(res.body)).not.toContain("solution");
    expect(JSON.stringify(res.body)).not.toContain("givenMarks");
    expect(JSON.stringify(res.body)).not.toContain("bridges sway");
    expect((await state("a", { courseId })).body).toMatchObject({ attemptStatus: "notAttempted", remainingTimeInSeconds: null, totalScore: 10 });
    // Without a course and without an attempt, the state cannot be found.
    expect((await state("a")).status).toBe(404);
  });

  it("starts once, keeps the server's deadline across reloads and a second start", async () => {
    const first = await start("a");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ attemptStatus: "onProgress", remainingTimeInSeconds: 3600, submittedAnswer: null, draftVersion: 0, question: "Why do bridges sway?" });
    t.advanceClock(10 * 60_000);
    const again = await start("a");
    expect(again.body.endsAt).toBe(first.body.endsAt);
    expect(again.body.remainingTimeInSeconds).toBe(3000);
    expect((await data("a")).body).toMatchObject({ attemptStatus: "onProgress", remainingTimeInSeconds: 3000, endsAt: first.body.endsAt });
    expect((await state("a")).body).toMatchObject({ attemptStatus: "onProgress", remainingTimeInSeconds: 3000, endsAt: first.body.endsAt });
    const [x, y] = await Promise.all([start("b"), start("b")]);
    expect(x.body.endsAt).toBe(y.body.endsAt);
    expect(await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, ids.b))).toHaveLength(1);
  });

  it("refuses a learner who may not attempt it, as for multiple-choice blocks, and shows them nothing of the question", async () => {
    const res = await start("c");
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("challenge_locked");
    expect(res.body.message).toMatch(/Enroll/);
    expect((res.body as { details?: unknown }).details).toEqual({ reason: "notEnrolled", block: "essayBlock" });
    expect((await data("c")).body).toMatchObject({ attemptStatus: "notAttempted", isChallengeLocked: true, question: "", referenceDocument: null });
    expect(await attemptOf("c")).toBeUndefined();
  });

  it("refuses saves and uploads before a start", async () => {
    const saved = await save("a", "text");
    expect(saved.status).toBe(409);
    expect(saved.body.code).toBe("attempt_not_started");
    const uploaded = await upload("a", "scan.png", PNG);
    expect(uploaded.status).toBe(409);
    expect(uploaded.body.code).toBe("attempt_not_started");
    expect(await attemptOf("a")).toBeUndefined();
    expect(storedFiles()).toEqual([]);
  });

  it("goes from onProgress to awaitingResults on a final submission, once, and then refuses every change", async () => {
    await start("a");
    await save("a", "first thoughts", { baseDraftVersion: 0 });
    const done = await submit("a", "My final answer.", { baseDraftVersion: 1, isBootcamp: "TRUE" });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      attemptStatus: "awaitingResults",
      submissionSource: "manual",
      submittedAnswer: "My final answer.",
      draftVersion: 2,
      remainingTimeInSeconds: null,
      endsAt: null,
      obtainedScore: null,
    });
    expect(done.body.submittedAt).toEqual(expect.any(String));
    expect((await attemptOf("a"))!.isBootcamp).toBe(true);
    for (const late of [await save("a", "changed my mind", { baseDraftVersion: 2 }), await submit("a", "again", { baseDraftVersion: 2 })]) {
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("attempt_closed");
    }
    const late = await upload("a", "late.png", PNG);
    expect(late.body.code).toBe("attempt_closed");
    expect((await data("a")).body).toMatchObject({ attemptStatus: "awaitingResults", submittedAnswer: "My final answer.", draftVersion: 2 });
    // Starting again shows the submitted essay, unchanged.
    expect((await start("a")).body).toMatchObject({ attemptStatus: "awaitingResults", submittedAnswer: "My final answer." });
    expect((await state("a")).body).toMatchObject({ attemptStatus: "awaitingResults", remainingTimeInSeconds: null });
  });

  it("reads isBootcamp as text, true only when it says true in any case", async () => {
    await start("a");
    await save("a", "x", { isBootcamp: "yes" });
    expect((await attemptOf("a"))!.isBootcamp).toBe(false);
    await save("a", "x", { isBootcamp: "True" });
    expect((await attemptOf("a"))!.isBootcamp).toBe(true);
  });

  it("refuses an empty final submission and an over-long text, naming essayAnswer, and keeps the draft", async () => {
    await start("a");
    await save("a", "keep me");
    const empty = await submit("a", "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^essayAnswer:/);
    const long = await save("a", "x".repeat(50_001));
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/essayAnswer/);
    expect(await attemptOf("a")).toMatchObject({ status: "onProgress", answer: "keep me", draftVersion: 1 });
  });

  it("shows the marks, the comment and the model answer once a grader's evaluation is received, and not before", async () => {
    await start("a");
    await submit("a", "My answer.");
    const waiting = await data("a");
    expect(JSON.stringify(waiting.body)).not.toContain("solutionDocument");
    expect(JSON.stringify(waiting.body)).not.toContain("givenMarks");
    const attempt = (await attemptOf("a"))!;
    const criteria = (waiting.body as EssayBlock).criteria;
    await t.db.insert(essayEvaluations).values({
      attemptId: attempt.id,
      graderId: ids.grader,
      marks: { [criteria[0]!.id]: { givenMarks: 3, comment: "clear" }, [criteria[1]!.id]: { givenMarks: 4.5, comment: null } },
      obtainedScore: 7.5,
      totalScore: 10,
      comment: "Good use of an example.",
    });
    // An evaluation alone (a grader still at work) shows nothing; the status says when results are received.
    expect(JSON.stringify((await data("a")).body)).not.toContain("givenMarks");
    await t.db.update(essayAttempts).set({ status: "resultsReceived" }).where(eq(essayAttempts.id, attempt.id));
    const results = (await data("a")).body as EssayBlock;
    expect(results).toMatchObject({
      attemptStatus: "resultsReceived",
      obtainedScore: 7.5,
      comment: "Good use of an example.",
      solutionDocument: "/files/demo/solution.pdf",
      referenceDocument: "/files/demo/reference.pdf",
      submittedAnswer: "My answer.",
    });
    expect(results.criteria.map((c) => [c.gradingCriteria, c.marks, c.givenMarks])).toEqual([
      ["Clarity", 4, 3],
      ["Accuracy", 6, 4.5],
    ]);
    expect((await state("a")).body).toMatchObject({ attemptStatus: "resultsReceived", obtainedScore: 7.5, totalScore: 10 });
    // Another learner sees none of it.
    expect(JSON.stringify((await data("b")).body)).not.toMatch(/solution|givenMarks|My answer/);
  });

  it("counts a submitted essay in the course card", async () => {
    await start("a");
    const before = (await t.call(listAllCourses, { token: tokens.a, query: {} })).body.results.find((c: { courseId: string }) => c.courseId === courseId);
    expect(before).toMatchObject({ completedSubjectiveCount: 0, totalSubjectiveCount: 1 });
    await submit("a", "done");
    const after = (await t.call(listAllCourses, { token: tokens.a, query: {} })).body.results.find((c: { courseId: string }) => c.courseId === courseId);
    expect(after).toMatchObject({ completedSubjectiveCount: 1, totalSubjectiveCount: 1 });
  });
});

describe("essay drafts", () => {
  it("goes up one version per save and refuses a save edited from an older version, keeping the newer draft", async () => {
    await start("a");
    const v1 = await save("a", "laptop draft", { baseDraftVersion: 0 });
    expect(v1.body).toMatchObject({ draftVersion: 1, submittedAnswer: "laptop draft", attemptStatus: "onProgress" });
    expect(v1.body.draftSavedAt).toEqual(expect.any(String));
    const v2 = await save("a", "laptop draft, longer", { baseDraftVersion: 1 });
    expect(v2.body.draftVersion).toBe(2);
    // A phone that loaded version 1 saves over it: refused, nothing overwritten.
    const stale = await save("a", "phone draft", { baseDraftVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("draft_conflict");
    expect(stale.body.message).toMatch(/another tab or device saved a newer draft/i);
    const ahead = await save("a", "phone draft", { baseDraftVersion: 7 });
    expect(ahead.status).toBe(409);
    expect(ahead.body.code).toBe("draft_conflict");
    // The browser reads /data to show both texts: the server's is the newer one.
    expect((await data("a")).body).toMatchObject({ submittedAnswer: "laptop draft, longer", draftVersion: 2 });
    // A final submission edited from the old version is refused the same way.
    const staleFinal = await submit("a", "phone final", { baseDraftVersion: 1 });
    expect(staleFinal.body.code).toBe("draft_conflict");
    expect(await attemptOf("a")).toMatchObject({ status: "onProgress", answer: "laptop draft, longer", draftVersion: 2 });
    // Without a base version the save is taken as the newest.
    expect((await save("a", "no base")).body.draftVersion).toBe(3);
  });

  it("applies a resent save once and answers it again", async () => {
    await start("a");
    const first = await save("a", "draft one", { baseDraftVersion: 0 }, "save-1");
    expect(first.body.draftVersion).toBe(1);
    const resent = await save("a", "draft one", { baseDraftVersion: 0 }, "save-1");
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ draftVersion: 1, submittedAnswer: "draft one" });
    // The key alone decides: a resend whose text differs is answered as the applied save.
    const byHeader = await t.call(submitEssayBlock, {
      token: tokens.a,
      headers: { "Idempotency-Key": "save-1" },
      body: { courseId, essayBlockId: blockId, essayAnswer: "something else", isFinalSubmission: false, baseDraftVersion: 0 },
    });
    expect(byHeader.body).toMatchObject({ draftVersion: 1, submittedAnswer: "draft one" });
    const attempt = (await attemptOf("a"))!;
    expect(attempt).toMatchObject({ answer: "draft one", draftVersion: 1 });
    expect(await t.db.select().from(essaySaveKeys).where(eq(essaySaveKeys.attemptId, attempt.id))).toEqual([
      expect.objectContaining({ idempotencyKey: "save-1", draftVersion: 1 }),
    ]);
    // A final submission resent after it was applied answers with the submitted essay, not attempt_closed.
    const final = await submit("a", "final", { baseDraftVersion: 1 }, "final-1");
    const finalAgain = await submit("a", "final", { baseDraftVersion: 1 }, "final-1");
    expect(finalAgain.status).toBe(200);
    expect(finalAgain.body).toMatchObject({ attemptStatus: "awaitingResults", submittedAnswer: "final", draftVersion: 2, submittedAt: final.body.submittedAt });
  });

  it("leaves one submission when two final submissions arrive at once", async () => {
    await start("a");
    await save("a", "draft", { baseDraftVersion: 0 });
    const results = await Promise.all([submit("a", "from tab one", { baseDraftVersion: 1 }), submit("a", "from tab two", { baseDraftVersion: 1 })]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.code).toBe("attempt_closed");
    const attempt = (await attemptOf("a"))!;
    expect(attempt).toMatchObject({ status: "awaitingResults", submissionSource: "manual", draftVersion: 2, answer: winner.body.submittedAnswer });
  });

  it("runs a bounded number of SQL statements per draft save", async () => {
    await start("a");
    const count = async (run: () => Promise<unknown>) => {
      statements = 0;
      await run();
      return statements;
    };
    const plain = await count(() => save("a", "one", { baseDraftVersion: 0 }, "count-1"));
    const attachment = (await upload("a", "scan.png", PNG)).body;
    const withFile = await count(() => save("a", "two", { baseDraftVersion: 1, submissionUploadedFileUrl: [attachment.url] }, "count-2"));
    const later = await count(() => save("a", "three", { baseDraftVersion: 2 }, "count-3"));
    console.log(`SQL statements per draft save: ${plain} (with an attachment: ${withFile})`);
    // Session; the attempt locked with its key; the update; the key; the essay's content; (the uploads).
    expect(plain).toBeLessThanOrEqual(7);
    expect(withFile).toBe(plain + 1);
    expect(later).toBe(plain);
    expect(await count(() => data("a"))).toBeLessThanOrEqual(10);
  });
});

describe("an essay's deadline", () => {
  it("counts a save sent before the deadline that arrives within the grace period, and refuses later ones", async () => {
    const started = (await start("a")).body as EssayBlock;
    await save("a", "v1", { baseDraftVersion: 0 });
    const deadline = new Date(started.endsAt!);
    t.advanceClock(60 * 60_000 + 10_000); // 10 s past the deadline, inside the grace period
    const inGrace = await save("a", "v2 sent in time", { baseDraftVersion: 1, sentAt: new Date(deadline.getTime() - 1000).toISOString() });
    expect(inGrace.status).toBe(200);
    expect(inGrace.body).toMatchObject({ draftVersion: 2, remainingTimeInSeconds: 0 });
    const sentAfter = await save("a", "v3 sent late", { baseDraftVersion: 2, sentAt: new Date(deadline.getTime() + 1000).toISOString() });
    expect(sentAfter.status).toBe(409);
    expect(sentAfter.body.code).toBe("time_up");
    const noSentAt = await save("a", "v3 no time", { baseDraftVersion: 2 });
    expect(noSentAt.body.code).toBe("time_up");
    expect(await attemptOf("a")).toMatchObject({ status: "onProgress", answer: "v2 sent in time", draftVersion: 2 });
    t.advanceClock(GRACE_SECONDS * 1000);
    const afterGrace = await save("a", "v3", { baseDraftVersion: 2, sentAt: new Date(deadline.getTime() - 1000).toISOString() });
    expect(afterGrace.status).toBe(409);
    expect(afterGrace.body.code).toBe("time_up");
    // The refused late save submitted the last draft saved in time.
    expect((await data("a")).body).toMatchObject({ attemptStatus: "awaitingResults", submissionSource: "timeOut", submittedAnswer: "v2 sent in time", submittedAt: started.endsAt });
  });

  it("is submitted with its last saved draft, source timeOut, on the next read once time and grace have run out", async () => {
    const started = (await start("a")).body as EssayBlock;
    await save("a", "what I had", { baseDraftVersion: 0 });
    t.advanceClock(60 * 60_000 + (GRACE_SECONDS - 1) * 1000);
    expect((await data("a")).body.attemptStatus).toBe("onProgress");
    t.advanceClock(2000);
    const read = (await state("a")).body;
    expect(read).toMatchObject({ attemptStatus: "awaitingResults", remainingTimeInSeconds: null });
    expect((await data("a")).body).toMatchObject({ attemptStatus: "awaitingResults", submissionSource: "timeOut", submittedAnswer: "what I had", submittedAt: started.endsAt, draftVersion: 1 });
  });

  it("is submitted by the sweep with no browser open, exactly once; an empty draft is recorded empty, with no score", async () => {
    const a = (await start("a")).body as EssayBlock;
    await save("a", "a's draft", { baseDraftVersion: 0 });
    await start("b");
    t.advanceClock(60 * 60_000 + (GRACE_SECONDS - 5) * 1000);
    expect((await closeOverdueAttempts(t.deps)).essay).toEqual([]); // still inside the grace period
    t.advanceClock(10_000);
    const [first, second] = await Promise.all([closeOverdueAttempts(t.deps), closeOverdueAttempts(t.deps)]);
    expect([...first.essay, ...second.essay]).toHaveLength(2);
    expect((await closeOverdueAttempts(t.deps)).essay).toEqual([]);
    expect(await attemptOf("a")).toMatchObject({ status: "awaitingResults", submissionSource: "timeOut", answer: "a's draft", submittedAt: new Date(a.endsAt!) });
    const empty = (await data("b")).body as EssayBlock;
    expect(empty).toMatchObject({ attemptStatus: "awaitingResults", submissionSource: "timeOut", submittedAnswer: "", obtainedScore: null, draftVersion: 0 });
    expect(empty.attachments).toEqual([]);
  });
});

describe("essay attachments", () => {
  it("types a file by its content, not its name, and stores it under a name the server makes", async () => {
    await start("a");
    const png = await upload("a", "scan.pdf", PNG);
    expect(png.status).toBe(200);
    expect(png.body).toMatchObject({ fileName: "scan.pdf", contentType: "image/png", sizeBytes: PNG.length });
    expect(png.body.url).toMatch(/^\/api\/files\/essays\/[0-9a-f-]{36}$/);
    const pdf = await upload("a", "notes", PDF);
    expect(pdf.body.contentType).toBe("application/pdf");
    const text = await upload("a", "answer.docx", Buffer.from("Plain words, naïve café.\n"));
    expect(text.body.contentType).toBe("text/plain; charset=utf-8");
    const docx = await upload("a", "essay.bin", Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(26), Buffer.from("[Content_Types].xml...word/document.xml")]));
    expect(docx.body.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    // A folder in the name is dropped: the name is only shown.
    expect((await upload("a", "../../etc/passwd.txt", Buffer.from("hello"))).body.fileName).toBe("passwd.txt");
    const names = storedFiles();
    expect(names).toHaveLength(5);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a program named .pdf, an empty file and a form without a file, storing nothing", async () => {
    await start("a");
    const exe = await upload("a", "essay.pdf", EXE);
    expect(exe.status).toBe(415);
    expect(exe.body.code).toBe("unsupported_file_type");
    expect(exe.body.message).toMatch(/^file: only PDF, PNG, JPEG/);
    expect((exe.body as { details?: unknown }).details).toEqual({ reason: "essay", types: "PDF, PNG, JPEG, DOCX, ZIP" });
    const empty = await upload("a", "empty.txt", new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^file:/);
    const form = new FormData();
    form.set("courseId", courseId);
    form.set("essayBlockId", blockId);
    const noFile = await t.call(uploadEssayFile, { token: tokens.a, body: form });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/^file:/);
    const json = await t.call(uploadEssayFile, { token: tokens.a, body: { courseId, essayBlockId: blockId } });
    expect(json.status).toBe(415);
    const badId = await upload("a", "scan.png", PNG, { essayBlockId: "" });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toMatch(/essayBlockId/);
    expect(await t.db.select().from(essayUploads)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a file over 10 MB and an eleventh file", async () => {
    await start("a");
    const limit = 10 * 1024 * 1024;
    const big = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length + 1)]);
    const tooBig = await upload("a", "big.png", big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe("file_too_large");
    expect(tooBig.body.message).toMatch(/^file: .*10 MB/);
    expect((tooBig.body as { details?: unknown }).details).toEqual({ reason: "essay", maxBytes: limit });
    // A body past the limit and the form's overhead is refused before it is read, with the same details.
    const huge = await upload("a", "huge.png", Buffer.concat([big, Buffer.alloc(1024 * 1024)]));
    expect([huge.status, huge.body.code]).toEqual([413, "file_too_large"]);
    expect((huge.body as { details?: unknown }).details).toEqual({ reason: "essay", maxBytes: limit });
    const atLimit = await upload("a", "limit.png", big.subarray(0, limit));
    expect(atLimit.status).toBe(200);
    for (let i = 2; i <= 10; i++) expect((await upload("a", `page-${i}.png`, PNG)).status).toBe(200);
    const eleventh = await upload("a", "page-11.png", PNG);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.code).toBe("too_many_files");
    expect(await t.db.select().from(essayUploads).where(eq(essayUploads.userId, ids.a))).toHaveLength(10);
    expect(storedFiles()).toHaveLength(10);
  });

  it("follows ESSAY_UPLOAD_MAX_BYTES", async () => {
    await start("a");
    t.deps.env.ESSAY_UPLOAD_MAX_BYTES = 100;
    try {
      const res = await upload("a", "scan.png", PNG);
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/^file: /);
    } finally {
      delete t.deps.env.ESSAY_UPLOAD_MAX_BYTES;
    }
  });

  it("attaches only the learner's own uploads for this essay, and names the field otherwise", async () => {
    await start("a");
    await start("b");
    const mine = (await upload("a", "one.pdf", PDF)).body;
    const second = (await upload("a", "two.png", PNG)).body;
    const theirs = (await upload("b", "theirs.png", PNG)).body;
    const saved = await save("a", "with files", { baseDraftVersion: 0, submissionUploadedFileUrl: [second.url, mine.url] });
    expect(saved.status).toBe(200);
    expect(saved.body.submissionUploadedFileUrl).toEqual([second.url, mine.url]);
    expect(saved.body.attachments.map((f: { fileName: string }) => f.fileName)).toEqual(["two.png", "one.pdf"]);
    for (const bad of [[mine.url, theirs.url], ["https://evil.example.com/x.pdf"], ["/api/files/essays/00000000-0000-4000-8000-000000000000"]]) {
      const res = await save("a", "stolen", { baseDraftVersion: 1, submissionUploadedFileUrl: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^submissionUploadedFileUrl\.\d: /);
    }
    expect(await attemptOf("a")).toMatchObject({ answer: "with files", draftVersion: 1, attachmentIds: [second.url.split("/").pop(), mine.url.split("/").pop()] });
    expect((await data("a")).body.attachments).toHaveLength(2);
    // A final submission may consist of files alone.
    expect((await submit("a", "", { baseDraftVersion: 1, submissionUploadedFileUrl: [mine.url] })).body).toMatchObject({ attemptStatus: "awaitingResults", submittedAnswer: "" });
  });

  it("serves a file only to its author and to graders, always as a download", async () => {
    await start("a");
    const file = (await upload("a", "My essay (final).pdf", PDF)).body;
    const author = await download(file.url, { authorization: `Bearer ${tokens.a}` });
    expect(author.status).toBe(200);
    expect(author.bytes.equals(PDF)).toBe(true);
    expect(author.headers.get("content-type")).toBe("application/pdf");
    expect(author.headers.get("content-disposition")).toMatch(/^attachment; filename="My essay \(final\)\.pdf"/);
    expect(author.headers.get("x-content-type-options")).toBe("nosniff");
    // A link in the page sends the session cookie instead of a header.
    const byCookie = await download(file.url, { cookie: `${sessionCookieName("dev")}=${tokens.a}` });
    expect(byCookie.status).toBe(200);
    const grader = await download(file.url, { authorization: `Bearer ${tokens.grader}` });
    expect(grader.status).toBe(200);
    expect(grader.headers.get("content-disposition")).toMatch(/^attachment/);
    expect((await download(file.url, { authorization: `Bearer ${tokens.b}` })).status).toBe(404);
    expect((await download(file.url)).status).toBe(401);
    // The storage path is not a way around the check.
    expect((await download(`/api/files/essays/${file.url.split("/").pop()}/x`, { authorization: `Bearer ${tokens.b}` })).status).toBe(404);
  });
});
