import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import { getEssayBlock, startEssayBlock, submitEssayBlock, uploadEssayFile } from "@/lib/contract/calls/challenges";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { courses, courseVersions, enrollments, essayAttempts, essayEvaluations } from "@/lib/server/db/schema";
import { changeCourseVersion } from "@/lib/server/services/catalogue/change-course-version";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles } from "../support/courses";

const essay = (slugId: string, criteria: string[]) => ({
  essay: {
    slugId,
    title: `Essay ${slugId}`,
    question: `Question of ${slugId}`,
    solutionDocument: `/files/demo/${slugId}-solution.pdf`,
    durationInMinutes: 60,
    criteria: criteria.map((gradingCriteria, i) => ({ gradingCriteria, marks: 5 + i })),
  },
});
const version = (name: string, releasedAt: string, current: boolean, items: unknown[]) => ({
  name,
  releasedAt,
  current,
  chapters: [{ slugId: "c1", title: "Chapter 1", subChapters: [{ slugId: "c1-s1", title: "Part 1", items }] }],
});

/**
 * Version 1 has four essays; version 2 keeps "kept" and "graded" (same slugIds, criteria reworded)
 * and drops "dropped" and "old-done".
 */
const versionedCourse = {
  key: "versioned",
  slugId: "versioned",
  name: "Versioned course",
  description: "Two versions",
  domain: "Civil",
  isPremium: false,
  versions: [
    version("v1", "2024-01-01", true, [essay("kept", ["Clarity", "Depth"]), essay("dropped", ["Clarity"]), essay("graded", ["Clarity", "Depth"]), essay("old-done", ["Clarity"])]),
    version("v2", "2024-06-01", false, [essay("graded", ["Clarity of writing", "Depth of thought"]), essay("kept", ["Clarity", "Depth"]), essay("new", ["Clarity"])]),
  ],
};

let t: TestApi;
let token: string;
let userId: string;
let courseId: string;
let v1: Record<string, string>;
let v2: Record<string, string>;
let v2Id: string;

const essayIds = (tree: VideoCourseTree) =>
  Object.fromEntries(tree.chapters[0]!.subChapters[0]!.items.map((i) => [i.title.replace("Essay ", ""), i.id])) as Record<string, string>;
const body = (essayBlockId: string) => ({ courseId, essayBlockId });
const start = (essayBlockId: string) => t.call(startEssayBlock, { token, body: body(essayBlockId) });
const save = (essayBlockId: string, essayAnswer: string, extra: Record<string, unknown> = {}) =>
  t.call(submitEssayBlock, { token, body: { ...body(essayBlockId), essayAnswer, isFinalSubmission: false, ...extra } });
const data = (essayBlockId: string) => t.call(getEssayBlock, { token, query: body(essayBlockId) });
const attemptAt = async (blockId: string) => (await t.db.select().from(essayAttempts).where(and(eq(essayAttempts.userId, userId), eq(essayAttempts.blockId, blockId))))[0];

beforeAll(async () => {
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = mkdtempSync(path.join(os.tmpdir(), "essay-migration-"));
  await importFiles(t, { courses: [versionedCourse] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "versioned")))[0]!.id;
  userId = (await t.createUser({ email: "mover@example.com", plan: "Premium" })).id;
  token = await t.signIn("mover@example.com");
  await t.call(enrollInCourse, { token, body: { courseId } });
  v1 = essayIds((await t.call(getVideoTree, { token, query: { id: courseId } })).body);
  v2Id = (await t.db.select().from(courseVersions).where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.versionName, "v2"))))[0]!.id;
});
afterAll(() => t.close());

describe("moving a learner to a newer version of a course", () => {
  it("submits running essays the new version drops, carries the others, and keeps grades", async () => {
    // kept: running with a draft and a file; dropped: running with a draft; graded: graded; old-done: submitted.
    const kept = (await start(v1.kept!)).body as EssayBlock;
    const form = new FormData();
    form.set("courseId", courseId);
    form.set("essayBlockId", v1.kept!);
    form.set("file", new Blob([new TextEncoder().encode("notes for the kept essay")]), "notes.txt");
    const file = (await t.call(uploadEssayFile, { token, body: form })).body;
    await save(v1.kept!, "kept draft", { baseDraftVersion: 0, submissionUploadedFileUrl: [file.url] });
    await start(v1.dropped!);
    await save(v1.dropped!, "dropped draft", { baseDraftVersion: 0 });
    await start(v1.graded!);
    await save(v1.graded!, "graded answer", { isFinalSubmission: true });
    const graded = (await attemptAt(v1.graded!))!;
    const oldCriteria = ((await data(v1.graded!)).body as EssayBlock).criteria;
    const grader = await t.createUser({ email: "grader@example.com", role: "grader" });
    await t.db.insert(essayEvaluations).values({
      attemptId: graded.id,
      graderId: grader.id,
      marks: { [oldCriteria[0]!.id]: { givenMarks: 4, comment: null }, [oldCriteria[1]!.id]: { givenMarks: 2, comment: "thin" } },
      obtainedScore: 6,
      totalScore: 11,
      comment: "Fine.",
    });
    await t.db.update(essayAttempts).set({ status: "resultsReceived" }).where(eq(essayAttempts.id, graded.id));
    await start(v1["old-done"]!);
    await save(v1["old-done"]!, "old answer", { isFinalSubmission: true });
    t.advanceClock(5 * 60_000);

    const movedAt = t.deps.now();
    const result = await changeCourseVersion(t.db, { userId, courseId, versionId: v2Id, now: movedAt });
    expect(result.submittedOnMigration).toEqual([(await attemptAt(v1.dropped!))!.id]);
    expect(result.carriedRunning).toHaveLength(1);
    expect(result.migrated).toEqual([graded.id]);
    expect(result.timedOut).toEqual([]);

    v2 = essayIds((await t.call(getVideoTree, { token, query: { id: courseId } })).body);
    expect(Object.keys(v2).sort()).toEqual(["graded", "kept", "new"]);

    // The dropped essay was submitted with its last draft and stays with version 1.
    expect(await attemptAt(v1.dropped!)).toMatchObject({ status: "awaitingResults", submissionSource: "submittedOnMigration", answer: "dropped draft", submittedAt: movedAt });
    // The kept essay runs on in version 2 with its deadline, draft and file.
    const carried = (await data(v2.kept!)).body as EssayBlock;
    expect(carried).toMatchObject({ attemptStatus: "onProgress", submittedAnswer: "kept draft", draftVersion: 1, endsAt: kept.endsAt });
    // The test clock moves with real time too: a slow machine may have spent a second or two since.
    expect(carried.remainingTimeInSeconds).toBeGreaterThan(55 * 60 - 5);
    expect(carried.remainingTimeInSeconds).toBeLessThanOrEqual(55 * 60);
    expect(carried.attachments.map((a) => a.fileName)).toEqual(["notes.txt"]);
    const next = await save(v2.kept!, "kept draft, continued", { baseDraftVersion: 1, submissionUploadedFileUrl: [file.url] });
    expect(next.status).toBe(200);
    expect(next.body.draftVersion).toBe(2);
    // The graded essay is in version 2 with its grade, marks following the criteria by order.
    const moved = (await data(v2.graded!)).body as EssayBlock;
    expect(moved).toMatchObject({ attemptStatus: "resultsReceived", submissionSource: "migrated", submittedAnswer: "graded answer", obtainedScore: 6, comment: "Fine." });
    expect(moved.criteria.map((c) => [c.gradingCriteria, c.givenMarks])).toEqual([
      ["Clarity of writing", 4],
      ["Depth of thought", 2],
    ]);
    // The submitted essay version 2 dropped stays as it was.
    expect(await attemptAt(v1["old-done"]!)).toMatchObject({ status: "awaitingResults", submissionSource: "manual", answer: "old answer" });
    // The course card counts the version-2 essays: graded is done, kept runs, new is untouched.
    const card = (await t.call(listAllCourses, { token, query: {} })).body.results.find((c: { courseId: string }) => c.courseId === courseId);
    expect(card).toMatchObject({ completedSubjectiveCount: 1, totalSubjectiveCount: 3 });

    // Running it again changes nothing.
    const before = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, userId));
    expect(await changeCourseVersion(t.db, { userId, courseId, versionId: v2Id, now: t.deps.now() })).toEqual({ submittedOnMigration: [], carriedRunning: [], migrated: [], timedOut: [] });
    expect(await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, userId))).toEqual(before);
  });

  it("submits an overdue running essay as timed out, and refuses a version of another course without changing anything", async () => {
    const v1Id = (await t.db.select().from(courseVersions).where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.versionName, "v1"))))[0]!.id;
    const other = await t.createUser({ email: "late@example.com", plan: "Premium" });
    const lateToken = await t.signIn("late@example.com");
    await t.call(enrollInCourse, { token: lateToken, body: { courseId } });
    const started = (await t.call(startEssayBlock, { token: lateToken, body: body(v1.dropped!) })).body as EssayBlock;
    const wrong = changeCourseVersion(t.db, { userId: other.id, courseId, versionId: "00000000-0000-4000-8000-000000000000", now: t.deps.now() });
    await expect(wrong).rejects.toMatchObject({ status: 404 });
    expect((await t.db.select().from(enrollments).where(eq(enrollments.userId, other.id)))[0]!.versionId).toBe(v1Id);
    t.advanceClock(2 * 60 * 60_000);
    const result = await changeCourseVersion(t.db, { userId: other.id, courseId, versionId: v2Id, now: t.deps.now() });
    expect(result).toMatchObject({ timedOut: [expect.any(String)], submittedOnMigration: [] });
    const [row] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, other.id));
    expect(row).toMatchObject({ status: "awaitingResults", submissionSource: "timeOut", answer: "", submittedAt: new Date(started.endsAt!) });
  });
});
