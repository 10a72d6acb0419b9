import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getReportLearner, getReportLearnersCsv, getReportSummary, listReportFilters, listReportLearners } from "@/lib/contract/calls/studio-reports";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batchMembers, batches, courses, programs } from "@/lib/server/db/schema";
import { reportCells, reportHeader, type ReportRow } from "@/lib/studio-reports-cells";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { itemsOf, learnerActions, videosOf } from "../support/learner-actions";

const VIDEO = 100;
let t: TestApi;
let admin: string;
let recording: string[] | null = null;
const ids = { course: "", other: "", program: "", batch: "", asha: "", vikram: "", idle: "" };

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "rep1", name: "Report Course", chapters: 1, videosPerSubChapter: 2, durationSeconds: VIDEO, withChallenges: true }),
      generatedCourse({ key: "rep2", name: "Second Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: VIDEO }),
    ],
    programs: [
      {
        key: "rep-prog",
        name: "Report Program",
        courses: [{ course: "rep1", courseType: "nonMandatory" }, { course: "rep2", courseType: "nonMandatory" }],
        batches: [{ key: "rep-batch", name: "Report batch", enrollmentType: "Customer (Scheduled and Optional)", startsAt: "2024-01-01" }],
      },
    ],
  });
  ids.course = (await t.db.select().from(courses).where(eq(courses.key, "rep1")))[0]!.id;
  ids.other = (await t.db.select().from(courses).where(eq(courses.key, "rep2")))[0]!.id;
  ids.program = (await t.db.select().from(programs).where(eq(programs.key, "rep-prog")))[0]!.id;
  ids.batch = (await t.db.select().from(batches).where(eq(batches.key, "rep-batch")))[0]!.id;
  await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" });
  admin = await t.signIn("admin@example.com");

  const act = learnerActions(t);
  // Asha: watches the first video whole and half of the second, submits the quiz. In the batch.
  const asha = await t.createUser({ email: "asha@example.com", name: "Rao, Asha" });
  ids.asha = asha.id;
  await t.db.insert(batchMembers).values({ batchId: ids.batch, userId: asha.id });
  const ashaToken = await t.signIn("asha@example.com");
  await t.call(enrollInCourse, { token: ashaToken, body: { courseId: ids.course } });
  const tree: VideoCourseTree = await act.tree(ashaToken, ids.course);
  const [v1, v2] = videosOf(tree);
  await act.watch(ashaToken, tree, v1!, 0, VIDEO);
  await act.watch(ashaToken, tree, v2!, 0, VIDEO / 2);
  const quiz = itemsOf(tree).find((i) => i.type === "mcqBlock")!;
  await act.startQuiz(ashaToken, tree, quiz);
  await act.submitQuiz(ashaToken, tree, quiz);
  // Vikram: a name with quotes; enrolled in both courses, completes the second.
  const vikram = await t.createUser({ email: "vikram@example.com", name: 'Vikram "Vik" Iyer' });
  ids.vikram = vikram.id;
  const vikToken = await t.signIn("vikram@example.com");
  await t.call(enrollInCourse, { token: vikToken, body: { courseId: ids.course } });
  await t.call(enrollInCourse, { token: vikToken, body: { courseId: ids.other } });
  const tree2: VideoCourseTree = await act.tree(vikToken, ids.other);
  await act.watch(vikToken, tree2, videosOf(tree2)[0]!, 0, VIDEO);
  // Idle: enrolled, never started.
  const idle = await t.createUser({ email: "idle@example.com", name: "Idle Learner" });
  ids.idle = idle.id;
  const idleToken = await t.signIn("idle@example.com");
  await t.call(enrollInCourse, { token: idleToken, body: { courseId: ids.course } });
  // Never enrolled: not in any report.
  await t.createUser({ email: "nobody@example.com", name: "Nobody" });
}, 120_000);
afterAll(() => t.close());

const rows = async (query: Record<string, string>) => {
  const res = await t.call(listReportLearners, { token: admin, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { columns: { scope: string; mcqBlocks: { title: string }[]; essays: { title: string }[] }; rows: ReportRow[]; hasMore: boolean; nextCursor: string | null };
};

describe("GET /studio/reports/learners", () => {
  it("shows each enrolled learner of a course with their progress, quiz score and essay state; one never started is enrolled, not started", async () => {
    const page = await rows({ course: ids.course });
    expect(page.columns).toEqual({ scope: "course", mcqBlocks: [{ slugId: "c1-quiz", title: "Quiz 1" }], essays: [{ slugId: "c1-essay", title: "Essay 1" }] });
    expect(page.rows.map((r) => r.email)).toEqual(["idle@example.com", "asha@example.com", "vikram@example.com"]);
    const [idle, asha, vikram] = page.rows;
    expect(idle).toMatchObject({ name: "Idle Learner", startedAt: null, progressPercent: 0, completedVideos: 0, totalVideos: 2, completedAt: null });
    expect(idle!.enrolledAt).toMatch(/^\d{4}-/);
    // Two videos and two challenges are 4 units: 1.5 videos by watched time and the quiz make 2.5 of 4.
    expect(asha).toMatchObject({ batches: ["rep-batch"], progressPercent: 62, completedVideos: 1, totalVideos: 2, watchedMinutes: 3, completedAt: null });
    expect(asha!.startedAt).not.toBeNull();
    expect(asha!.mcq).toEqual([{ slugId: "c1-quiz", scorePercent: 0, attempts: 1, passed: true }]);
    expect(asha!.essays).toEqual([{ slugId: "c1-essay", status: "notStarted", obtainedMarks: null, totalMarks: null, passed: false }]);
    expect(vikram).toMatchObject({ startedAt: null, progressPercent: 0 });
  });

  it("a program counts its courses: progress is completed courses over all of them", async () => {
    const page = await rows({ program: ids.program, sort: "email" });
    expect(page.columns).toEqual({ scope: "program", mcqBlocks: [], essays: [] });
    expect(page.rows.map((r) => [r.email, r.progressPercent, r.completedVideos, r.totalVideos])).toEqual([
      ["asha@example.com", 0, 1, 2],
      ["idle@example.com", 0, 0, 2],
      ["vikram@example.com", 50, 1, 3],
    ]);
    expect(page.rows.every((r) => r.mcq.length === 0 && r.essays.length === 0)).toBe(true);
  });

  it("a batch keeps its members, and its program's courses", async () => {
    const page = await rows({ batch: "rep-batch" });
    expect(page.columns.scope).toBe("program");
    expect(page.rows.map((r) => r.email)).toEqual(["asha@example.com"]);
    expect((await rows({ batch: "rep-batch", course: ids.other })).rows).toEqual([]);
  });

  it("sorts and walks the pages by cursor without repeating or losing a learner", async () => {
    for (const [sort, order] of [["name", "asc"], ["email", "desc"], ["enrolled", "asc"], ["enrolled", "desc"]] as const) {
      const all = (await rows({ sort, order, limit: "100" })).rows.map((r) => r.email);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await rows({ sort, order, limit: "1", ...(cursor ? { cursor } : {}) });
        walked.push(...page.rows.map((r) => r.email));
        cursor = page.nextCursor;
        expect(page.hasMore).toBe(cursor !== null);
      } while (cursor);
      expect(walked, `${sort} ${order}`).toEqual(all);
      expect(new Set(all).size).toBe(3);
    }
    expect((await rows({ sort: "email", order: "desc" })).rows.map((r) => r.email)).toEqual(["vikram@example.com", "idle@example.com", "asha@example.com"]);
  });

  it("refuses a bad filter, naming it", async () => {
    const bad = async (query: Record<string, string>, code: string, named: string) => {
      const res = await t.call(listReportLearners, { token: admin, query });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toContain(named);
    };
    await bad({ program: "not-an-id" }, "bad_request", "program");
    await bad({ course: "12" }, "bad_request", "course");
    await bad({ program: "00000000-0000-4000-8000-000000000000" }, "unknown_program", "program");
    await bad({ course: "00000000-0000-4000-8000-000000000000" }, "unknown_course", "course");
    await bad({ batch: "no-such-batch" }, "unknown_batch", "batch");
    // The value refused, for a page to word.
    const course = await t.call(listReportLearners, { token: admin, query: { course: "00000000-0000-4000-8000-000000000000" } });
    expect(course.body).toMatchObject({ details: { reason: "report", course: "00000000-0000-4000-8000-000000000000" } });
    const batch = await t.call(listReportLearners, { token: admin, query: { batch: "no-such-batch" } });
    expect(batch.body).toMatchObject({ details: { field: "batch", keys: '"no-such-batch"', count: 1 } });
    await bad({ sort: "progress" }, "bad_request", "sort");
    await bad({ limit: "0" }, "bad_request", "limit");
    await bad({ sort: "email", cursor: Buffer.from('["name","asc","x","00000000-0000-4000-8000-000000000000"]').toString("base64url") }, "bad_request", "cursor");
  });
});

describe("GET /studio/reports/learners.csv", () => {
  const csv = async (query: Record<string, string>) => {
    const res = await t.request("GET", "/studio/reports/learners.csv", { token: admin, query });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="learners-\d{4}-\d{2}-\d{2}\.csv"/);
    return String(res.body);
  };

  it("holds exactly the table's header and cells, row for row, for the same filters and sort", async () => {
    for (const query of [{ course: ids.course }, { program: ids.program, sort: "email", order: "desc" }, {}] as Record<string, string>[]) {
      const text = await csv(query);
      const parsed: string[][] = parse(text, { bom: true });
      const page = await rows({ ...query, limit: "200" });
      expect(parsed).toEqual([reportHeader(page.columns as never), ...page.rows.map((row) => reportCells(row))]);
    }
  });

  it("quotes names with commas and quotes", async () => {
    const text = await csv({ course: ids.course });
    expect(text).toContain('"Rao, Asha"');
    expect(text).toContain('"Vikram ""Vik"" Iyer"');
    // (The byte-order mark that leads the file is read away by the text decoder.)
    expect(text.split("\r\n")[0]).toBe("Name,E-mail,Batches,Enrolled,Started,Progress,Videos complete,Minutes watched,Quiz: Quiz 1,Essay: Essay 1,Completed,Certificates");
  });

  it("refuses a bad filter before the file starts", async () => {
    const res = await t.call(getReportLearnersCsv, { token: admin, query: { batch: "nope" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("unknown_batch");
  });
});

describe("GET /studio/reports/summary", () => {
  it("counts the funnel of the same learners", async () => {
    const res = await t.call(getReportSummary, { token: admin, query: { course: ids.course } });
    expect(res.body).toEqual({ learners: 3, funnel: { enrolled: 3, started: 1, halfway: 1, completed: 0 }, averageProgressPercent: 20, certificates: 0 });
    const all = await t.call(getReportSummary, { token: admin, query: {} });
    expect(all.body.funnel).toMatchObject({ enrolled: 3, started: 2 });
  });
});

describe("GET /studio/reports/learner", () => {
  it("gives the learner's courses and their timeline in time order", async () => {
    const res = await t.call(getReportLearner, { token: admin, query: { id: ids.asha } });
    expect(res.status).toBe(200);
    expect(res.body.learner).toEqual({ id: ids.asha, name: "Rao, Asha", email: "asha@example.com", batches: ["rep-batch"] });
    expect(res.body.courses).toMatchObject([{ courseId: ids.course, progressPercent: 62, completedVideos: 1, totalVideos: 2, isCompleted: false }]);
    const kinds = res.body.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds[0]).toBe("enrolled");
    for (const k of ["videoStarted", "videoCompleted", "mcqStarted", "mcqCompleted"]) expect(kinds).toContain(k);
    // A video watched whole in one record is started and completed at one moment: started comes first.
    expect(kinds.indexOf("videoStarted")).toBeLessThan(kinds.indexOf("videoCompleted"));
    expect(kinds.indexOf("mcqStarted")).toBeLessThan(kinds.indexOf("mcqCompleted"));
    const times = res.body.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(res.body.timeline.find((e: { kind: string }) => e.kind === "mcqCompleted")).toMatchObject({ title: "Quiz 1", courseName: "Report Course", detail: "0% (attempt 1)" });
  });

  it("answers 404 for an unknown learner", async () => {
    const res = await t.call(getReportLearner, { token: admin, query: { id: "00000000-0000-4000-8000-000000000000" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("person_not_found");
  });

  it("lists the filters' choices", async () => {
    const res = await t.call(listReportFilters, { token: admin });
    expect(res.body.programs).toEqual([{ id: ids.program, name: "Report Program" }]);
    expect(res.body.batches).toEqual([{ key: "rep-batch", name: "Report batch", programId: ids.program }]);
    expect(res.body.courses.map((c: { name: string }) => c.name)).toEqual(["Report Course", "Second Course"]);
  });
});

describe("statements per call", () => {
  const counted = async (run: () => Promise<unknown>) => {
    const sql: string[] = [];
    recording = sql;
    await run();
    recording = null;
    return sql.length;
  };

  it("a page, the summary, the CSV and a learner stay within 10 statements, however many learners", async () => {
    // Forty more learners of the course, each having watched a little.
    const act = learnerActions(t);
    for (let i = 0; i < 40; i++) {
      const email = `bulk-${String(i).padStart(2, "0")}@example.com`;
      await t.createUser({ email, name: `Bulk ${i}` });
      const token = await t.signIn(email);
      await t.call(enrollInCourse, { token, body: { courseId: ids.course } });
      if (i % 4 === 0) {
        const tree: VideoCourseTree = await act.tree(token, ids.course);
        await act.watch(token, tree, videosOf(tree)[0]!, 0, 20);
      }
    }
    for (const query of [{ course: ids.course, limit: "50" }, { program: ids.program, limit: "5" }, {}] as Record<string, string>[]) {
      expect(await counted(() => t.call(listReportLearners, { token: admin, query })), JSON.stringify(query)).toBeLessThanOrEqual(10);
      expect(await counted(() => t.call(getReportSummary, { token: admin, query: { ...query, limit: undefined } as never })), JSON.stringify(query)).toBeLessThanOrEqual(10);
      expect(await counted(() => t.request("GET", "/studio/reports/learners.csv", { token: admin, query: { ...query, limit: undefined } as never }))).toBeLessThanOrEqual(10);
    }
    expect(await counted(() => t.call(getReportLearner, { token: admin, query: { id: ids.asha } }))).toBeLessThanOrEqual(10);
    expect((await rows({ course: ids.course, limit: "200" })).rows).toHaveLength(43);
  }, 120_000);
});
