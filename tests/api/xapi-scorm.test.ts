import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { commitScormItem, openScormItem } from "@/lib/contract/calls/scorm";
import { importContent } from "@/lib/server/content/import-content";
import { courses, xapiStatements } from "@/lib/server/db/schema";
import { localFileStore } from "@/lib/server/storage/file-store";
import { createTestApi, type TestApi } from "../support/api";
import { oneVideoCourse } from "../support/courses";
import { launchPage, manifest12, writeZip } from "../support/scorm-packages";
import { startTinyLrs } from "../support/tiny-lrs";
import { statementProblems } from "../support/xapi-statement-rules";

/*
 * A learner plays a SCORM item: each commit that changes its outcome (failed, then passed) or its
 * score (failed at 40, then at 60) is told to the LRS once, however often the package commits or
 * resends; the statements follow the xAPI rules.
 */

let t: TestApi;
let lrs: Awaited<ReturnType<typeof startTinyLrs>>;
let courseId = "";
let itemId = "";

beforeAll(async () => {
  lrs = await startTinyLrs({ username: "k", password: "p" });
  t = await createTestApi({ env: { XAPI_LRS_ENDPOINT: lrs.endpoint, XAPI_LRS_USERNAME: "k", XAPI_LRS_PASSWORD: "p" } });
  const root = mkdtempSync(path.join(os.tmpdir(), "xapi-scorm-"));
  t.deps.env.UPLOAD_DIR = path.join(root, "store");
  const dir = path.join(root, "content");
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  const zip = await writeZip([{ name: "imsmanifest.xml", text: manifest12("index.html") }, { name: "index.html", text: launchPage }], root);
  renameSync(zip, path.join(dir, "courses/packages/p12.zip"));
  writeFileSync(path.join(dir, "courses/safety.yaml"), YAML.stringify(oneVideoCourse("safety", "Safety", [{ scorm: { slugId: "lesson", title: "Safety lesson", package: "packages/p12.zip" } }])));
  await importContent(t.db, dir, { fileStore: localFileStore(t.deps.env.UPLOAD_DIR) });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "safety")))[0]!.id;
  const rows = await t.db.execute(
    sql`select si.id from scorm_items si join sub_chapters s on s.id = si.sub_chapter_id join chapters c on c.id = s.chapter_id
      join course_versions v on v.id = c.version_id where v.course_id = ${courseId}`,
  );
  itemId = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
});
afterAll(async () => {
  await t.close();
  await lrs.close();
});

async function deliverAll(tag: string) {
  await t.deps.jobs.send("xapi-sweep", tag, {});
  await t.deps.settle();
}

describe("xAPI statements of a SCORM item", () => {
  it("tells the LRS once of each commit that changes the item's outcome or score, with completion, success and the scaled score", async () => {
    await t.createUser({ email: "ana@example.com", name: "Ana Ruiz", plan: "Premium" });
    const token = await t.signIn("ana@example.com");
    expect((await t.call(enrollInCourse, { token, body: { courseId } })).status).toBe(200);
    const opened = await t.call(openScormItem, { token, body: { itemId } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const sessionId = opened.body.sessionId as string;
    const commit = async (sequence: number, cmi: Record<string, string>, key = crypto.randomUUID()) => {
      const res = await t.call(commitScormItem, { token, headers: { "Idempotency-Key": key }, body: { itemId, sessionId, sequence, cmi, sessionSeconds: sequence } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { applied: boolean };
    };

    // Started: no outcome yet, nothing is told.
    await commit(1, { "cmi.core.lesson_status": "incomplete" });
    expect(await t.db.select().from(xapiStatements)).toHaveLength(0);
    // Failed at 40: one statement; the same commit sent again, and a commit that changes only the bookmark, add none.
    const failKey = crypto.randomUUID();
    await commit(2, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "40" }, failKey);
    expect((await commit(2, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "40" }, failKey)).applied).toBe(false);
    await commit(3, { "cmi.core.lesson_location": "page-2" });
    expect(await t.db.select().from(xapiStatements)).toHaveLength(1);
    // Failed again, now at 60: the LRS learns the newer score. Sent again, or followed by a commit that
    // restates the same result with only a new bookmark and time, it adds none.
    t.advanceClock(1000);
    const retryKey = crypto.randomUUID();
    await commit(4, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "60" }, retryKey);
    expect((await commit(4, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "60" }, retryKey)).applied).toBe(false);
    await commit(5, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "60", "cmi.core.lesson_location": "page-3", "cmi.core.session_time": "00:05:00" });
    expect(await t.db.select().from(xapiStatements)).toHaveLength(2);
    // Passed at 90 on the next try.
    t.advanceClock(1000);
    await commit(6, { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "90" });
    await commit(7, { "cmi.suspend_data": "done" });

    await deliverAll("first");
    await deliverAll("again");
    const site = "http://localhost:3000";
    const arrivals = [...lrs.arrivals].sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)));
    const verbs = "http://adlnet.gov/expapi/verbs";
    expect(arrivals.map((s) => (s.verb as { id: string }).id)).toEqual([`${verbs}/failed`, `${verbs}/failed`, `${verbs}/passed`]);
    expect(new Set(lrs.arrivals.map((s) => s.id)).size).toBe(3);
    for (const statement of lrs.arrivals) expect(statementProblems(statement), JSON.stringify(statement)).toEqual([]);
    const [failed, failedAgain, passed] = arrivals;
    expect(failed!.result).toEqual({ score: { raw: 40, min: 0, max: 100, scaled: 0.4 }, success: false, completion: true });
    expect(failedAgain!.result).toEqual({ score: { raw: 60, min: 0, max: 100, scaled: 0.6 }, success: false, completion: true });
    expect(passed!.result).toEqual({ score: { raw: 90, min: 0, max: 100, scaled: 0.9 }, success: true, completion: true });
    expect(passed!.object).toEqual({
      objectType: "Activity",
      id: `${site}/xapi/activities/scorm/${itemId}`,
      definition: { type: "http://adlnet.gov/expapi/activities/lesson", name: { "en-US": "Safety lesson" } },
    });
    expect(passed!.actor).toMatchObject({ name: "Ana Ruiz", account: { homePage: site } });
    expect((passed!.context as { contextActivities: { parent: { id: string }[] } }).contextActivities.parent[0]!.id).toBe(`${site}/xapi/activities/course/${courseId}`);
    expect((await t.db.select().from(xapiStatements)).map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
  });

  it("does not tell again a score that is not a round figure when later commits keep it", async () => {
    const user = await t.createUser({ email: "bo@example.com", name: "Bo Lind", plan: "Premium" });
    const token = await t.signIn("bo@example.com");
    expect((await t.call(enrollInCourse, { token, body: { courseId } })).status).toBe(200);
    const opened = await t.call(openScormItem, { token, body: { itemId } });
    const sessionId = opened.body.sessionId as string;
    const commit = async (sequence: number, cmi: Record<string, string>) => {
      const res = await t.call(commitScormItem, { token, headers: { "Idempotency-Key": crypto.randomUUID() }, body: { itemId, sessionId, sequence, cmi, sessionSeconds: sequence } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const statements = async () => (await t.db.select().from(xapiStatements).where(eq(xapiStatements.userId, user.id))).map((r) => r.statement as { result: unknown });

    // Two of three: 66.67 %.
    await commit(1, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "2", "cmi.core.score.max": "3" });
    await commit(2, { "cmi.core.lesson_location": "page-2" });
    await commit(3, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "2", "cmi.core.score.max": "3", "cmi.suspend_data": "x" });
    const told = await statements();
    expect(told).toHaveLength(1);
    expect(told[0]!.result).toMatchObject({ score: { raw: 66.67, max: 100 }, success: false });
  });
});
