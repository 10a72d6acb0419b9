import { parse } from "csv-parse/sync";
import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { listCertificates } from "@/lib/contract/calls/certificates";
import { getCourseProgress } from "@/lib/contract/calls/learning";
import { commitScormItem, openScormItem } from "@/lib/contract/calls/scorm";
import { listReportLearners } from "@/lib/contract/calls/studio-reports";
import { importContent } from "@/lib/server/content/import-content";
import { courses, scormItems } from "@/lib/server/db/schema";
import { localFileStore } from "@/lib/server/storage/file-store";
import { reportCells } from "@/lib/studio-reports-cells";
import { createTestApi, type TestApi } from "../support/api";
import { oneVideoCourse } from "../support/courses";
import { learnerActions, videosOf } from "../support/learner-actions";
import { launchPage, manifest12, manifest2004, writeZip } from "../support/scorm-packages";

let t: TestApi;
const ids: Record<string, { courseId: string; itemId: string }> = {};

/** Imports a course of one video and one SCORM item (the 1.2 package has mastery score 80, the 2004 one 70 %). */
async function importCourses(root: string) {
  const dir = path.join(root, "content");
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  const packages = {
    p12: await writeZip([{ name: "imsmanifest.xml", text: manifest12("index.html") }, { name: "index.html", text: launchPage }], root),
    p2004: await writeZip([{ name: "imsmanifest.xml", text: manifest2004("4th") }, { name: "content/start.html", text: launchPage }], root),
  };
  for (const [name, file] of Object.entries(packages)) renameSync(file, path.join(dir, `courses/packages/${name}.zip`));
  const course = (key: string, pkg: string, passMark?: number) =>
    writeFileSync(
      path.join(dir, `courses/${key}.yaml`),
      YAML.stringify(oneVideoCourse(key, key, [{ scorm: { slugId: "lesson", title: "Safety lesson", package: `packages/${pkg}.zip`, ...(passMark === undefined ? {} : { passMark }) } }])),
    );
  course("safety12", "p12");
  course("safety2004", "p2004");
  course("authored", "p12", 50);
  await importContent(t.db, dir, { fileStore: localFileStore(t.deps.env.UPLOAD_DIR!) });
  for (const key of ["safety12", "safety2004", "authored"]) {
    const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    // The course's one SCORM item.
    const [item] = await t.db
      .execute(
        sql`select si.id from scorm_items si join sub_chapters s on s.id = si.sub_chapter_id join chapters c on c.id = s.chapter_id
        join course_versions v on v.id = c.version_id where v.course_id = ${courseId}`,
      )
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    ids[key] = { courseId, itemId: item!.id };
  }
}

beforeAll(async () => {
  t = await createTestApi();
  const root = mkdtempSync(path.join(os.tmpdir(), "scorm-runtime-"));
  t.deps.env.UPLOAD_DIR = path.join(root, "store");
  await importCourses(root);
  expect(await t.db.select().from(scormItems)).toHaveLength(3);
});
afterAll(() => t.close());

const commitKey = () => crypto.randomUUID();

async function enrolledLearner(email: string, key: string) {
  await t.createUser({ email, plan: "Premium" });
  const token = await t.signIn(email);
  expect((await t.call(enrollInCourse, { token, body: { courseId: ids[key]!.courseId } })).status).toBe(200);
  return token;
}

async function open(token: string, key: string) {
  const res = await t.call(openScormItem, { token, body: { itemId: ids[key]!.itemId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function commit(token: string, key: string, sessionId: string, sequence: number, cmi: Record<string, string>, sessionSeconds = 0, key2 = commitKey()) {
  const res = await t.call(commitScormItem, { token, headers: { "Idempotency-Key": key2 }, body: { itemId: ids[key]!.itemId, sessionId, sequence, cmi, sessionSeconds } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const progressOf = async (token: string, key: string) => (await t.call(getCourseProgress, { token, query: { courseId: ids[key]!.courseId } })).body;
const certificateOf = async (token: string, key: string) =>
  ((await t.call(listCertificates, { token })).body as { courseId: string; isCourseCompleted: boolean; certificateUID: string | null; stillNeeded?: { kind: string; message: string }[] }[]).find(
    (c) => c.courseId === ids[key]!.courseId,
  );

describe("the SCORM runtime's commits", () => {
  it("save the CMI data once, resume where the learner left off, and add each session's time once", async () => {
    const token = await enrolledLearner("resume@example.com", "safety12");
    const first = await open(token, "safety12");
    expect(first.launchUrl).toMatch(/^\/api\/scorm\/launch\/[A-Za-z0-9_-]{43}\/index\.html$/);
    expect(first.attempt).toMatchObject({ version: "1.2", suspendData: "", completionStatus: "not attempted", passMark: 80, isCompleted: false, sequence: 0 });
    expect(first.attempt.cmi).toMatchObject({ "cmi.core.entry": "ab-initio", "cmi.core.student_name": expect.any(String), "cmi.core.total_time": "0000:00:00.00" });

    const cmi = { "cmi.core.lesson_status": "incomplete", "cmi.core.lesson_location": "page-3", "cmi.suspend_data": "visited=1,2,3" };
    const key = commitKey();
    const saved = await commit(token, "safety12", first.sessionId, 10, cmi, 30, key);
    expect(saved.applied).toBe(true);
    expect(saved.attempt).toMatchObject({ lessonLocation: "page-3", suspendData: "visited=1,2,3", completionStatus: "incomplete", totalSeconds: 30, sequence: 10 });
    // The same commit again (a resend after a lost answer), and a late older one: nothing changes.
    expect((await commit(token, "safety12", first.sessionId, 10, cmi, 30, key)).applied).toBe(false);
    const late = await commit(token, "safety12", first.sessionId, 5, { "cmi.core.lesson_location": "page-1", "cmi.suspend_data": "" }, 99);
    expect(late.applied).toBe(false);
    expect(late.attempt).toMatchObject({ lessonLocation: "page-3", suspendData: "visited=1,2,3", totalSeconds: 30 });
    // A later commit of the same session replaces that session's time instead of adding to it.
    expect((await commit(token, "safety12", first.sessionId, 11, { "cmi.core.lesson_location": "page-4" }, 45)).attempt).toMatchObject({ totalSeconds: 45, lessonLocation: "page-4" });

    // A reload: a new session starts from what was saved, and its time adds up.
    const second = await open(token, "safety12");
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.attempt).toMatchObject({ lessonLocation: "page-4", suspendData: "visited=1,2,3", totalSeconds: 45 });
    // The package's page gets the saved data in its bridge, readable at once.
    const served = await t.api.request(`http://localhost${second.launchUrl}`);
    expect(await served.text()).toContain('"cmi.suspend_data":"visited=1,2,3"');
    expect(second.attempt.cmi).toMatchObject({ "cmi.suspend_data": "visited=1,2,3", "cmi.core.entry": "resume", "cmi.core.total_time": "0000:00:45.00" });
    expect((await commit(token, "safety12", second.sessionId, 12, {}, 20)).attempt.totalSeconds).toBe(65);
  });

  it("from two tabs: the newest commit's data wins and each tab's session time counts once", async () => {
    const token = await enrolledLearner("twotabs@example.com", "safety12");
    const tabA = await open(token, "safety12");
    const tabB = await open(token, "safety12");
    await commit(token, "safety12", tabA.sessionId, 100, { "cmi.core.lesson_location": "a-1", "cmi.suspend_data": "tab=a" }, 10);
    await commit(token, "safety12", tabB.sessionId, 200, { "cmi.core.lesson_location": "b-1", "cmi.suspend_data": "tab=b" }, 20);
    const last = await commit(token, "safety12", tabA.sessionId, 300, { "cmi.core.lesson_location": "a-2" }, 40);
    expect(last.attempt).toMatchObject({ lessonLocation: "a-2", suspendData: "tab=b", totalSeconds: 60 });
    // Tab B's resend of its commit, arriving late, changes nothing.
    expect((await commit(token, "safety12", tabB.sessionId, 200, { "cmi.core.lesson_location": "b-1" }, 20)).attempt).toMatchObject({ lessonLocation: "a-2", totalSeconds: 60 });
  });

  it("refuse a session that is not the learner's own, and an item of a course the learner has no access to", async () => {
    const owner = await enrolledLearner("owner@example.com", "safety12");
    const other = await enrolledLearner("other@example.com", "safety12");
    const { sessionId } = await open(owner, "safety12");
    const res = await t.call(commitScormItem, {
      token: other,
      headers: { "Idempotency-Key": commitKey() },
      body: { itemId: ids.safety12!.itemId, sessionId, sequence: 1, cmi: { "cmi.core.lesson_status": "passed" }, sessionSeconds: 1 },
    });
    expect(res.status).toBe(404);
    expect((await open(owner, "safety12")).attempt.sequence).toBe(0);
    expect((await t.call(openScormItem, { token: other, body: { itemId: ids.safety2004!.itemId } })).status).toBe(403);
  });
});

describe("a SCORM item in the one completion model", () => {
  it("makes a course whose other items are complete complete once the SCORM 1.2 package says passed with the mastery score", async () => {
    const token = await enrolledLearner("complete12@example.com", "safety12");
    const actions = learnerActions(t);
    const tree = await actions.tree(token, ids.safety12!.courseId);
    await actions.watch(token, tree, videosOf(tree)[0]!, 0, 60);

    // The video is complete, the SCORM item is not: the course is not.
    expect(await progressOf(token, "safety12")).toMatchObject({ isCourseCompleted: false, courseProgressInPercentage: 50, completedVideosCount: 1 });
    const before = await certificateOf(token, "safety12");
    expect(before).toMatchObject({ isCourseCompleted: false, certificateUID: null });
    expect(before!.stillNeeded).toEqual([expect.objectContaining({ kind: "scorm", message: "Pass “Safety lesson” (pass mark 80 %)." })]);

    expect(await actions.tree(token, ids.safety12!.courseId)).toMatchObject({ courseProgressInPercentage: 50 });
    const { sessionId } = await open(token, "safety12");
    // Passed by the package's word, but below its mastery score of 80: it does not count.
    const low = await commit(token, "safety12", sessionId, 1, { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "70" }, 10);
    expect(low.attempt).toMatchObject({ scorePercent: 70, isCompleted: false });
    expect((await progressOf(token, "safety12")).isCourseCompleted).toBe(false);
    expect((await certificateOf(token, "safety12"))!.stillNeeded![0]!.message).toBe("Pass “Safety lesson” (scored 70 %, pass mark 80 %).");

    const high = await commit(token, "safety12", sessionId, 2, { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "90" }, 20);
    expect(high.attempt).toMatchObject({ completionStatus: "completed", successStatus: "passed", scorePercent: 90, isCompleted: true });
    expect(await progressOf(token, "safety12")).toMatchObject({ isCourseCompleted: true, courseProgressInPercentage: 100 });
    // The course tree the learning page shows (kept between reads while the learner's state stands) moves too.
    expect(await actions.tree(token, ids.safety12!.courseId)).toMatchObject({ courseProgressInPercentage: 100, stillNeeded: [] });
    const after = await certificateOf(token, "safety12");
    expect(after).toMatchObject({ isCourseCompleted: true });
    expect(after!.stillNeeded ?? []).toEqual([]);
    expect(after!.certificateUID).toEqual(expect.any(String));
  });

  it("shows in the studio's report and its CSV: the learner who passed the package has the course at 100 % and completed", async () => {
    const token = await enrolledLearner("reported12@example.com", "safety12");
    const actions = learnerActions(t);
    const tree = await actions.tree(token, ids.safety12!.courseId);
    await actions.watch(token, tree, videosOf(tree)[0]!, 0, 60);
    const { sessionId } = await open(token, "safety12");
    await commit(token, "safety12", sessionId, 1, { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "95" }, 10);

    await t.createUser({ email: "scorm-reports@example.com", role: "admin" });
    const admin = await t.signIn("scorm-reports@example.com");
    const query = { course: ids.safety12!.courseId, limit: "200" };
    const page = await t.call(listReportLearners, { token: admin, query });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const row = page.body.rows.find((r: { email: string }) => r.email === "reported12@example.com");
    expect(row).toMatchObject({ progressPercent: 100, completedAt: expect.any(String) });
    // The CSV (on PostgreSQL: the whole report in one statement) says the same.
    const csv = await t.request("GET", "/studio/reports/learners.csv", { token: admin, query: { course: ids.safety12!.courseId } });
    expect(csv.status).toBe(200);
    const parsed: string[][] = parse(String(csv.body), { bom: true });
    expect(parsed.find((cells) => cells[1] === "reported12@example.com")).toEqual(reportCells(row!));
  });

  it("counts a SCORM 2004 item by completion, success and scaled score against the package's minimum measure", async () => {
    const token = await enrolledLearner("complete2004@example.com", "safety2004");
    const actions = learnerActions(t);
    const tree = await actions.tree(token, ids.safety2004!.courseId);
    await actions.watch(token, tree, videosOf(tree)[0]!, 0, 60);
    const { sessionId, attempt } = await open(token, "safety2004");
    expect(attempt).toMatchObject({ version: "2004-4th", passMark: 70 });

    const incomplete = await commit(token, "safety2004", sessionId, 1, { "cmi.completion_status": "incomplete", "cmi.success_status": "unknown", "cmi.score.scaled": "0.9", "cmi.location": "q2" });
    expect(incomplete.attempt).toMatchObject({ completionStatus: "incomplete", scorePercent: 90, lessonLocation: "q2", isCompleted: false });
    expect((await progressOf(token, "safety2004")).isCourseCompleted).toBe(false);

    const done = await commit(token, "safety2004", sessionId, 2, { "cmi.completion_status": "completed", "cmi.success_status": "passed", "cmi.score.scaled": "0.75" });
    expect(done.attempt).toMatchObject({ completionStatus: "completed", successStatus: "passed", scorePercent: 75, isCompleted: true });
    expect((await progressOf(token, "safety2004")).isCourseCompleted).toBe(true);
    expect((await certificateOf(token, "safety2004"))!.isCourseCompleted).toBe(true);
  });

  it("follows the author's pass mark over the package's mastery score", async () => {
    const token = await enrolledLearner("authored@example.com", "authored");
    const { sessionId, attempt } = await open(token, "authored");
    expect(attempt.passMark).toBe(50);
    const res = await commit(token, "authored", sessionId, 1, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "60" });
    // The package failed the learner by its own 80, but the author asks for 50.
    expect(res.attempt).toMatchObject({ successStatus: "failed", scorePercent: 60, isCompleted: true });
  });
});
