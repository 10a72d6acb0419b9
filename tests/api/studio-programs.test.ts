import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCourseBundleProgress, getLearningPathProgress } from "@/lib/contract/calls/learning-paths";
import { createProgram, deleteProgram, getProgram, listProgramCourseChoices, listPrograms, updateProgram } from "@/lib/contract/calls/studio-programs";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoData, recordVideoWatch } from "@/lib/contract/calls/learning";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { batches, batchMembers, courses, enrollments, programCourses, programs, studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { itemsOf, learnerActions, videosOf } from "../support/learner-actions";

let t: TestApi;
let admin: string;
let otherAdmin: string;
let adminId: string;
let learner: string;
let learnerId: string;
const course: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApi();
  adminId = (await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" })).id;
  await t.createUser({ email: "admin2@example.com", name: "Bo Admin", role: "admin" });
  learnerId = (await t.createUser({ email: "lee@example.com", name: "Lee", plan: "Premium" })).id;
  admin = await t.signIn("admin@example.com");
  otherAdmin = await t.signIn("admin2@example.com");
  learner = await t.signIn("lee@example.com");
  await importFiles(t, {
    courses: ["first", "second", "third", "fourth"].map((key) => generatedCourse({ key, name: key[0]!.toUpperCase() + key.slice(1), chapters: 1, videosPerSubChapter: 1, durationSeconds: 60 })),
    programs: [{ key: "imported", name: "Imported Program", image: "/covers/cad.svg", courses: [{ course: "first" }] }],
  });
  for (const r of await t.db.select({ id: courses.id, key: courses.key }).from(courses)) course[r.key] = r.id;
}, 60_000);
afterAll(() => t.close());

const auditOf = (action: string) => t.db.select().from(studioAudit).where(eq(studioAudit.action, action)).orderBy(asc(studioAudit.createdAt));
const make = (body: Record<string, unknown>) => t.call(createProgram, { token: admin, body });
const three = () => [
  { courseId: course.first, courseType: "mandatory" },
  { courseId: course.second, courseType: "mandatory" },
  { courseId: course.third, courseType: "nonMandatory" },
];

describe("POST /studio/programs", () => {
  it("makes a program with its courses in order and records it in the audit log", async () => {
    const res = await make({ key: "data-path", name: "Data Path", description: "Three courses.", courses: three() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.program).toMatchObject({
      key: "data-path",
      slug: "data-path",
      name: "Data Path",
      description: "Three courses.",
      image: null,
      sequential: false,
      lockedMessage: "",
      revision: 0,
      batchCount: 0,
      courses: [
        { courseId: course.first, name: "First", courseType: "mandatory" },
        { courseId: course.second, name: "Second", courseType: "mandatory" },
        { courseId: course.third, name: "Third", courseType: "nonMandatory" },
      ],
    });
    const [row] = await auditOf("program.create");
    expect(row).toMatchObject({ userId: adminId, before: null, after: { key: "data-path", courses: [{ course: "first" }, { course: "second" }, { course: "third", courseType: "nonMandatory" }] } });
  });

  it("refuses a taken key with 409 naming it, and writes nothing", async () => {
    const res = await make({ key: "data-path", name: "Again" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "program_key_taken", details: { key: "data-path" } });
    expect(res.body.message).toContain("data-path");
    expect(await auditOf("program.create")).toHaveLength(1);
  });

  it("refuses an empty name, a bad key, an unknown course and a course listed twice, naming each", async () => {
    const empty = await make({ key: "p1", name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name must not be empty/);
    const badKey = await make({ key: "bad key!", name: "Bad" });
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toMatch(/key may only hold/);
    const unknown = await make({ key: "p2", name: "Unknown", courses: [{ courseId: course.first }, { courseId: "00000000-0000-4000-8000-000000000000" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "unknown_course", details: { reason: "program", field: "courses.1.courseId", course: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.body.message).toContain("courses.1.courseId");
    const twice = await make({ key: "p3", name: "Twice", courses: [{ courseId: course.first }, { courseId: course.first }] });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ code: "duplicate_course", details: { field: "courses.1.courseId", course: course.first } });
    expect(twice.body.message).toContain("courses.1.courseId");
    expect((await t.db.select().from(programs).where(eq(programs.key, "p2"))).length).toBe(0);
    expect(await auditOf("program.create")).toHaveLength(1);
  });

  it("refuses a cover that is not an image uploaded in the studio", async () => {
    const res = await make({ key: "p4", name: "Cover", image: "https://example.com/x.png" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^image must be null or the address of an image uploaded in the studio/);
  });
});

describe("GET /studio/programs, /studio/programs/courses and /studio/program", () => {
  it("lists programs with counts, the courses to choose from, and one program", async () => {
    const list = await t.call(listPrograms, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.programs.map((p: { key: string }) => p.key)).toEqual(["data-path", "imported"]);
    expect(list.body.programs[0]).toMatchObject({ courseCount: 3, batchCount: 0, sequential: false });
    const choices = await t.call(listProgramCourseChoices, { token: admin });
    expect(choices.body.courses.map((c: { name: string }) => c.name)).toEqual(["First", "Fourth", "Second", "Third"]);
    const id = list.body.programs[0].id;
    const one = await t.call(getProgram, { token: admin, query: { id } });
    expect(one.body.program.key).toBe("data-path");
    const missing = await t.call(getProgram, { token: admin, query: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "program_not_found" });
  });
});

describe("PATCH /studio/program", () => {
  const dataPath = async () => (await t.db.select().from(programs).where(eq(programs.key, "data-path")))[0]!;

  it("reorders the courses, enforces the order and records only what changed", async () => {
    const p = await dataPath();
    const res = await t.call(updateProgram, {
      token: admin,
      body: {
        id: p.id,
        revision: 0,
        sequential: true,
        lockedMessage: "Finish the course before this one first.",
        courses: [three()[1], three()[0], three()[2]],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.program).toMatchObject({ sequential: true, revision: 1, lockedMessage: "Finish the course before this one first." });
    expect(res.body.program.courses.map((c: { name: string }) => c.name)).toEqual(["Second", "First", "Third"]);
    const [row] = await auditOf("program.update");
    expect(row!.before).toEqual({ key: "data-path", sequential: false, lockedMessage: "", courses: [{ course: "first", courseType: "mandatory" }, { course: "second", courseType: "mandatory" }, { course: "third", courseType: "nonMandatory" }] });
    expect(Object.keys(row!.after as object).sort()).toEqual(["courses", "key", "lockedMessage", "sequential"]);
  });

  it("refuses a change based on an older revision with 409, keeping the other administrator's change", async () => {
    const p = await dataPath();
    const theirs = await t.call(updateProgram, { token: otherAdmin, body: { id: p.id, revision: 1, courses: [...[three()[1], three()[0], three()[2]], { courseId: course.fourth, courseType: "nonMandatory" }] } });
    expect(theirs.status).toBe(200);
    const mine = await t.call(updateProgram, { token: admin, body: { id: p.id, revision: 1, courses: [three()[0], three()[1]] } });
    expect(mine.status).toBe(409);
    expect(mine.body).toMatchObject({ code: "stale_program_revision", details: { currentRevision: 2 } });
    expect(mine.body.message).toContain("Bo Admin");
    expect(mine.body.details).toMatchObject({ yourRevision: 1, currentRevision: 2, changedBy: "Bo Admin", changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(mine.body.details.program.courses).toHaveLength(4);
    const now = await t.call(getProgram, { token: admin, query: { id: p.id } });
    expect(now.body.program.courses.map((c: { name: string }) => c.name)).toEqual(["Second", "First", "Third", "Fourth"]);
  });

  it("refuses a duplicate or unknown course and an empty name, and changes nothing", async () => {
    const p = await dataPath();
    const twice = await t.call(updateProgram, { token: admin, body: { id: p.id, revision: 2, courses: [{ courseId: course.first }, { courseId: course.first }] } });
    expect(twice.body).toMatchObject({ code: "duplicate_course" });
    const unknown = await t.call(updateProgram, { token: admin, body: { id: p.id, revision: 2, courses: [{ courseId: "00000000-0000-4000-8000-000000000000" }] } });
    expect(unknown.body).toMatchObject({ code: "unknown_course" });
    const empty = await t.call(updateProgram, { token: admin, body: { id: p.id, revision: 2, name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name must not be empty/);
    expect((await dataPath()).revision).toBe(2);
  });

  it("keeps an imported program's picture when its other settings are saved, and writes nothing for no change", async () => {
    const [imported] = await t.db.select().from(programs).where(eq(programs.key, "imported"));
    const res = await t.call(updateProgram, { token: admin, body: { id: imported!.id, revision: 0, image: "/covers/cad.svg", name: "Imported Program" } });
    expect(res.status).toBe(200);
    expect(res.body.program).toMatchObject({ image: "/covers/cad.svg", revision: 0 });
  });
});

describe("a learner in a program that enforces its order", () => {
  it("sees a course after an incomplete mandatory course locked with the program's message, until that course is complete", async () => {
    const p = (await t.db.select().from(programs).where(eq(programs.key, "data-path")))[0]!;
    const [batch] = await t.db.insert(batches).values({ key: "data-batch", name: "Data batch", programId: p.id, enrollmentType: "System (Auto enroll)" }).returning();
    await t.db.insert(batchMembers).values({ batchId: batch!.id, userId: learnerId });
    const read = async (): Promise<ProgramProgress> => {
      const res = await t.call(getCourseBundleProgress, { token: learner, query: { bundleId: p.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    let progress = await read();
    expect(progress.isSequential).toBe(true);
    expect(progress.courses.map((c) => [c.courseName, c.isLocked, c.lockedMessage])).toEqual([
      ["Second", false, null],
      ["First", true, "Finish the course before this one first."],
      ["Third", true, "Finish the course before this one first."],
      ["Fourth", true, "Finish the course before this one first."],
    ]);
    const path = await t.call(getLearningPathProgress, { token: learner, query: { programId: p.id } });
    expect(path.body.learningPathProgress.courses[1]).toMatchObject({ isLocked: true, lockedMessage: "Finish the course before this one first." });

    // The locked course's own calls agree: its tree, its video's page and its writes are closed, with the message.
    const act = learnerActions(t);
    const closed = async (courseId: string) => {
      const tree = await act.tree(learner, courseId);
      const video = videosOf(tree)[0]!;
      const data = await t.call(getVideoData, { token: learner, query: { id: video.id, type: "video", courseId } });
      expect(data.status, JSON.stringify(data.body)).toBe(200);
      const watch = await t.call(recordVideoWatch, {
        token: learner,
        body: { courseId, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp: [0, 2], totalDuration: 2 } },
      });
      return { tree, data: data.body, watch };
    };
    let first = await closed(course.first!);
    expect(itemsOf(first.tree).every((i) => i.isLocked)).toBe(true);
    expect(first.data).toMatchObject({ isClassLocked: true, videoLink: null, lockedReason: "programOrder", lockedMessage: "Finish the course before this one first." });
    expect(first.watch.status).toBe(403);
    expect(first.watch.body).toMatchObject({ message: "Finish the course before this one first." });

    // Completing the first mandatory course (the one completion model) opens the next.
    const tree = await act.tree(learner, course.second!);
    expect(itemsOf(tree).some((i) => i.isLocked)).toBe(false);
    await act.watch(learner, tree, videosOf(tree)[0]!, 0, 60);
    progress = await read();
    expect(progress.courses.map((c) => [c.courseName, c.isCompleted, c.isLocked])).toEqual([
      ["Second", true, false],
      ["First", false, false],
      ["Third", false, true],
      ["Fourth", false, true],
    ]);
    first = await closed(course.first!);
    expect(itemsOf(first.tree).some((i) => i.isLocked)).toBe(false);
    expect(first.data).toMatchObject({ isClassLocked: false, lockedReason: null, lockedMessage: null });
    expect(first.watch.status).toBe(200);
    const third = await closed(course.third!);
    expect(third.data).toMatchObject({ lockedReason: "programOrder", lockedMessage: "Finish the course before this one first." });

    // Someone who does not take the program, enrolled in a course of it alone, is not held by its order.
    await t.createUser({ email: "solo@example.com", name: "Solo" });
    const solo = await t.signIn("solo@example.com");
    expect((await t.call(enrollInCourse, { token: solo, body: { courseId: course.third } })).status).toBe(200);
    const soloTree = await act.tree(solo, course.third!);
    expect(itemsOf(soloTree).some((i) => i.isLocked)).toBe(false);
  });

  it("shows nothing locked once the order is no longer enforced", async () => {
    const p = (await t.db.select().from(programs).where(eq(programs.key, "data-path")))[0]!;
    expect((await t.call(updateProgram, { token: admin, body: { id: p.id, revision: p.revision, sequential: false } })).status).toBe(200);
    const res = await t.call(getCourseBundleProgress, { token: learner, query: { bundleId: p.id } });
    expect(res.body.isSequential).toBe(false);
    expect(res.body.courses.every((c: { isLocked?: boolean }) => c.isLocked === undefined)).toBe(true);
  });
});

describe("POST /studio/program/delete", () => {
  it("deletes a program nobody takes with its course list, keeps the courses, and records it", async () => {
    const made = await make({ key: "mistake-path", name: "Mistake path", courses: three() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.program.id as string;
    const res = await t.call(deleteProgram, { token: admin, body: { id } });
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);
    expect(await t.db.select().from(programs).where(eq(programs.id, id))).toHaveLength(0);
    expect(await t.db.select().from(programCourses).where(eq(programCourses.programId, id))).toHaveLength(0);
    expect(await t.db.select().from(courses).where(eq(courses.id, course.first!))).toHaveLength(1);
    const [audit] = await auditOf("program.delete");
    expect(audit).toMatchObject({ userId: adminId, summary: "Deleted the program mistake-path", after: null });
    expect(audit!.before).toMatchObject({ key: "mistake-path", courses: [{ course: "first" }, { course: "second" }, { course: "third" }] });
    const again = await t.call(deleteProgram, { token: admin, body: { id } });
    expect([again.status, again.body.code]).toEqual([404, "program_not_found"]);
  });

  it("refuses with 409 a program with enrolled learners or a batch taking it, naming why, and keeps it", async () => {
    const made = await make({ key: "busy-path", name: "Busy path", courses: three() });
    const id = made.body.program.id as string;
    const [batch] = await t.db.insert(batches).values({ key: "busy-batch", name: "Busy batch", programId: id, enrollmentType: "No Auto Enrollment" }).returning();
    const withBatch = await t.call(deleteProgram, { token: admin, body: { id } });
    expect(withBatch.status).toBe(409);
    expect(withBatch.body).toMatchObject({ code: "program_in_use", message: "The program busy-path is in use: 1 batch takes it (busy-batch). Only a program nobody takes can be deleted." });
    expect(withBatch.body.details).toEqual({ key: "busy-path", learners: 0, batches: "busy-batch", batchCount: 1 });

    // The batch is gone, but a learner was enrolled in a course through the program.
    await t.db.delete(batches).where(eq(batches.id, batch!.id));
    const tree = await learnerActions(t).tree(learner, course.fourth!);
    await t.db.insert(enrollments).values({ userId: learnerId, courseId: course.fourth!, versionId: tree.versionId, programId: id }).onConflictDoNothing();
    await t.db.update(enrollments).set({ programId: id }).where(eq(enrollments.courseId, course.fourth!));
    const withLearner = await t.call(deleteProgram, { token: admin, body: { id } });
    expect(withLearner.status).toBe(409);
    expect(withLearner.body.message).toBe("The program busy-path is in use: 1 learner is enrolled in it. Only a program nobody takes can be deleted.");
    expect(withLearner.body.details).toEqual({ key: "busy-path", learners: 1, batches: "", batchCount: 0 });
    expect(await t.db.select().from(programs).where(eq(programs.id, id))).toHaveLength(1);
    expect((await auditOf("program.delete")).map((r) => r.summary)).not.toContain("Deleted the program busy-path");
  });
});
