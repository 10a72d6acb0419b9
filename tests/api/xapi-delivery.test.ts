import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEssayBlock } from "@/lib/contract/calls/challenges";
import { evaluateSubmission } from "@/lib/contract/calls/grading";
import { exportXapiStatements, listXapiStatements, XAPI_EXPORT_MAX } from "@/lib/contract/calls/xapi";
import type { EssayBlock } from "@/lib/contract/entities/challenges";
import { courses, essayAttempts, xapiStatements } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { itemsOf, learnerActions } from "../support/learner-actions";
import { startTinyLrs } from "../support/tiny-lrs";
import { statementProblems } from "../support/xapi-statement-rules";

/*
 * A learner takes a course to its end and the LRS hears of each step once. The tiny LRS checks the
 * Basic credentials and is down (503) for its first calls: the statements it turned away reach it
 * later, each exactly once, and each follows the xAPI statement rules.
 */

const question = (n: number) => ({ question: `Question ${n}?`, mark: 1, options: [{ value: `right ${n}`, correct: true }, { value: `wrong ${n}` }] });
const surveying = oneVideoCourse("surveying", "Surveying", [
  { mcq: { slugId: "levels", title: "Levels quiz", durationInMinutes: 10, questions: [1, 2].map(question) } },
  { essay: { slugId: "report", title: "Field report", question: "Describe the site.", durationInMinutes: 60, passMark: 50, criteria: [{ gradingCriteria: "Clarity", marks: 10 }] } },
]);

const LEARNER = "mira@example.com";
let t: TestApi;
let lrs: Awaited<ReturnType<typeof startTinyLrs>>;
let sweeps = 0;

beforeAll(async () => {
  lrs = await startTinyLrs({ username: "platform-key", password: "s3cret:with:colons", unavailableFor: 3 });
  t = await createTestApi({ env: { XAPI_LRS_ENDPOINT: lrs.endpoint, XAPI_LRS_USERNAME: "platform-key", XAPI_LRS_PASSWORD: "s3cret:with:colons" } });
  await t.createUser({ email: LEARNER, name: "Mira Sen", plan: "Premium" });
  await t.createUser({ email: "gita@example.com", name: "Gita", role: "grader" });
  await importFiles(t, {
    courses: [surveying],
    programs: [{ key: "site", name: "Site work", courses: [{ course: "surveying" }], batches: [{ key: "s1", name: "S1", enrollmentType: "System (Auto enroll)", members: [LEARNER] }] }],
  });
});
afterAll(async () => {
  await t.close();
  await lrs.close();
});

/** The minute sweep, run now, and every send it queues; sends waiting out their backoff are run at once, until none waits. */
async function deliverAll() {
  for (let round = 0; round < 10; round += 1) {
    await t.deps.jobs.send("xapi-sweep", `sweep-${(sweeps += 1)}`, {});
    await t.deps.settle();
    const waiting = await t.deps.jobs.list({ queue: "xapi-statement", state: "retry", limit: 200 });
    if (!waiting.length) return;
    for (const job of waiting) await t.deps.jobs.retry(job.id);
    await t.deps.settle();
  }
}

const statementsOf = (verb: string) => lrs.arrivals.filter((s) => (s.verb as { display: Record<string, string> }).display["en-US"] === verb);

describe("xAPI statements to the LRS", () => {
  it("sends one statement per event, each once, after the LRS comes back, each valid xAPI 1.0.3", async () => {
    const act = learnerActions(t);
    const mira = await t.signIn(LEARNER);
    const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "surveying")))[0]!.id;
    const tree = await act.tree(mira, courseId);
    const [video, quiz, essay] = itemsOf(tree);
    await act.watch(mira, tree, video!, 0, 60);
    // Watched again: the video was completed once, and is told once.
    await act.watch(mira, tree, video!, 0, 60);
    await act.startQuiz(mira, tree, quiz!);
    await act.submitQuiz(mira, tree, quiz!);
    await act.startEssay(mira, tree, essay!);
    await act.submitEssay(mira, tree, essay!);

    // The grader fails the essay, then corrects the grade to a pass: the course is complete.
    const gita = await t.signIn("gita@example.com");
    const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.blockId, essay!.id));
    const block = (await t.call(getEssayBlock, { token: mira, query: { courseId, essayBlockId: essay!.id } })).body as EssayBlock;
    for (const givenMarks of [4, 6]) {
      const graded = await t.call(evaluateSubmission, { token: gita, body: { submissionId: attempt!.id, criteria: [{ criterionId: block.criteria[0]!.id, givenMarks }] } });
      expect(graded.status, JSON.stringify(graded.body)).toBe(200);
      t.advanceClock(1000);
    }

    await deliverAll();

    // The LRS turned the first three tries away; every statement still arrived, and none twice.
    expect(lrs.requests.filter((r) => r.status === 503)).toHaveLength(3);
    expect(lrs.requests.every((r) => r.status !== 401)).toBe(true);
    const ids = lrs.arrivals.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const verbs = lrs.arrivals.map((s) => (s.verb as { display: Record<string, string> }).display["en-US"]).sort();
    expect(verbs).toEqual(["answered", "completed", "completed", "completed", "earned", "earned", "scored", "scored"]);
    for (const statement of lrs.arrivals) expect(statementProblems(statement), JSON.stringify(statement)).toEqual([]);

    // What each says.
    const site = "http://localhost:3000";
    const actor = lrs.arrivals[0]!.actor as { account: { homePage: string; name: string }; name: string };
    expect(actor).toMatchObject({ name: "Mira Sen", account: { homePage: site } });
    expect(lrs.arrivals.every((s) => JSON.stringify(s.actor) === JSON.stringify(actor))).toBe(true);
    const completed = statementsOf("completed").map((s) => (s.object as { id: string }).id).sort();
    expect(completed).toEqual([`${site}/xapi/activities/course/${courseId}`, `${site}/xapi/activities/quiz/${quiz!.id}`, `${site}/xapi/activities/video/${video!.id}`].sort());
    const quizStatement = statementsOf("completed").find((s) => (s.object as { id: string }).id.includes("/quiz/"))!;
    expect(quizStatement.result).toEqual({ score: { raw: 0, min: 0, max: 2, scaled: 0 }, success: true, completion: true });
    const scores = statementsOf("scored").map((s) => s.result).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(scores).toEqual([
      { score: { raw: 4, min: 0, max: 10, scaled: 0.4 }, success: false },
      { score: { raw: 6, min: 0, max: 10, scaled: 0.6 }, success: true },
    ]);
    expect(statementsOf("earned").map((s) => (s.object as { id: string }).id).every((id) => id.startsWith(`${site}/certificates/`))).toBe(true);

    // Each is recorded as sent; nothing is left waiting, and sending again sends nothing more.
    const rows = await t.db.select().from(xapiStatements);
    expect(rows.map((r) => r.state)).toEqual(rows.map(() => "sent"));
    const before = lrs.requests.length;
    await deliverAll();
    expect(lrs.requests.length).toBe(before);
  });

  it("lets an administrator see each statement's delivery and export a date range's statements as JSON, exactly as the LRS got them", async () => {
    await t.createUser({ email: "admin@example.com", role: "admin" });
    const admin = await t.signIn("admin@example.com");
    const listed = await t.call(listXapiStatements, { token: admin, query: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.lrs.endpoint).toBe(lrs.endpoint);
    expect(listed.body.statements).toHaveLength(8);
    expect(listed.body.statements.every((s: { state: string; learner: { email: string } }) => s.state === "sent" && s.learner.email === LEARNER)).toBe(true);
    expect(listed.body.statements.map((s: { object: string }) => s.object)).toContain("Field report");

    const today = new Date().toISOString().slice(0, 10);
    const exported = await t.call(exportXapiStatements, { token: admin, query: { from: today, to: today } });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const byId = (list: { id: unknown }[]) => [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(byId(exported.body.statements)).toEqual(byId(lrs.arrivals as { id: unknown }[]));

    const before = await t.call(exportXapiStatements, { token: admin, query: { from: "2020-01-01", to: "2020-01-31" } });
    expect(before.body.statements).toEqual([]);
    const reversed = await t.call(exportXapiStatements, { token: admin, query: { from: today, to: "2020-01-01" } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain("to must be on or after from");
    const tooLong = await t.call(exportXapiStatements, { token: admin, query: { from: "2020-01-01", to: "2022-01-01" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("at most 366 days");

    // A day holding more statements than one export carries: refused, with the range and the counts in its details.
    const [someone] = await t.db.select({ id: xapiStatements.userId }).from(xapiStatements).limit(1);
    await t.db.execute(sql`insert into xapi_statements (id, event_key, verb, user_id, statement, occurred_at, state)
      select gen_random_uuid(), 'bulk:' || g, 'completed', ${someone!.id}::uuid, '{}'::jsonb, '2020-02-01T10:00:00Z'::timestamptz, 'sent' from generate_series(1, ${XAPI_EXPORT_MAX + 1}) g`);
    try {
      const tooMany = await t.call(exportXapiStatements, { token: admin, query: { from: "2020-02-01", to: "2020-02-01" } });
      expect([tooMany.status, tooMany.body.code]).toEqual([413, "export_too_large"]);
      expect(tooMany.body.details).toEqual({ from: "2020-02-01", to: "2020-02-01", total: XAPI_EXPORT_MAX + 1, max: XAPI_EXPORT_MAX });
    } finally {
      await t.db.execute(sql`delete from xapi_statements where event_key like 'bulk:%'`);
    }
  });

  it("keeps a statement the LRS refuses (4xx) as failed, with the LRS's answer, and does not send it again", async () => {
    const refusing = await startTinyLrs({ username: "k", password: "p", refuse: () => ({ status: 400, body: "verb not allowed by this LRS's profile" }) });
    const other = await createTestApi({ env: { XAPI_LRS_ENDPOINT: refusing.endpoint, XAPI_LRS_USERNAME: "k", XAPI_LRS_PASSWORD: "p" } });
    try {
      await other.createUser({ email: LEARNER, name: "Mira Sen" });
      await importFiles(other, {
        courses: [surveying],
        programs: [{ key: "site", name: "Site work", courses: [{ course: "surveying" }], batches: [{ key: "s1", name: "S1", enrollmentType: "System (Auto enroll)", members: [LEARNER] }] }],
      });
      const act = learnerActions(other);
      const mira = await other.signIn(LEARNER);
      const courseId = (await other.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "surveying")))[0]!.id;
      const tree = await act.tree(mira, courseId);
      await act.watch(mira, tree, itemsOf(tree)[0]!, 0, 60);
      await other.deps.jobs.send("xapi-sweep", "once", {});
      await other.deps.settle();
      await other.deps.jobs.send("xapi-sweep", "twice", {});
      await other.deps.settle();

      const [row] = await other.db.select().from(xapiStatements);
      expect(row).toMatchObject({ state: "failed", tries: 1, lastAnswer: { status: 400, body: "verb not allowed by this LRS's profile" } });
      expect(refusing.requests).toHaveLength(1);
      expect(refusing.arrivals).toHaveLength(0);
    } finally {
      await other.close();
      await refusing.close();
    }
  });
});
