import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getReportSummary, listReportLearners } from "@/lib/contract/calls/studio-reports";
import { reportCells, reportHeader, type ReportRow } from "@/lib/studio-reports-cells";
import { getReportLearnersCsv } from "@/lib/server/services/studio-reports/get-report-learners-csv";
import { REPORT_CHUNK } from "@/lib/server/services/studio-reports/report-chunks";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

// A whole report is read a chunk of learners at a time, the next chunk read while one is written:
// across chunk boundaries every learner comes once, in the report's order.

let t: TestApi;
let admin: string;
const LEARNERS = 2 * REPORT_CHUNK + 37;

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "big", name: "Big Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: 60 }),
      generatedCourse({ key: "second", name: "Second Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: 90 }),
    ],
  });
  // Names repeat (ten of each), so the order falls back on the id across chunk boundaries too.
  await t.db.execute(sql`insert into users (email, name) select 'chunk' || g || '@example.com', 'Learner ' || lpad((g / 10)::text, 4, '0') from generate_series(1, ${LEARNERS}) g`);
  await t.db.execute(sql`
    insert into enrollments (user_id, course_id, version_id, created_at)
    select u.id, v.course_id, v.id, now() - (row_number() over (order by u.email)) * interval '1 minute'
    from users u cross join course_versions v join courses c on c.id = v.course_id and c.key = 'big'
    where v.is_current and u.email like 'chunk%'`);
  // Every learner but one is in a second course too: a report of all courses has two rows of figures
  // for each of them, so its chunks' boundaries fall between a learner's courses as well.
  await t.db.execute(sql`
    insert into enrollments (user_id, course_id, version_id)
    select u.id, v.course_id, v.id from users u cross join course_versions v join courses c on c.id = v.course_id and c.key = 'second'
    where v.is_current and u.email like 'chunk%' and u.email <> 'chunk1@example.com'`);
  // Some learners watched (a third, half of them to the end) and some are in a batch, so the rows
  // across chunk boundaries carry figures, dates and batches, not only names.
  await t.db.execute(sql`
    insert into video_progress (user_id, video_id, course_id, version_id, watched_ranges, watched_seconds, last_position_seconds, completed_at, created_at)
    select e.user_id, v.id, e.course_id, e.version_id, '[[0, 60]]'::jsonb, 30 + (n % 2) * 30, 30 + (n % 2) * 30,
      case when n % 2 = 1 then now() - n * interval '1 second' end, now() - n * interval '2 seconds'
    from (select e.*, row_number() over (order by e.user_id) as n from enrollments e join users u on u.id = e.user_id and u.email like 'chunk%') e
      join sub_chapters s on true join chapters c on c.id = s.chapter_id and c.version_id = e.version_id join videos v on v.sub_chapter_id = s.id
    where e.n % 3 = 0`);
  await t.db.execute(sql`insert into batches (key, name) values ('chunk-a', 'Chunk A'), ('chunk-b', 'Chunk B')`);
  await t.db.execute(sql`
    insert into batch_members (batch_id, user_id)
    select b.id, u.id from users u join batches b on b.key = case when length(u.email) % 2 = 0 then 'chunk-a' else 'chunk-b' end
    where u.email like 'chunk%' and length(u.email) % 3 <> 0`);
  await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" });
  admin = await t.signIn("admin@example.com");
}, 120_000);
afterAll(() => t.close());

describe("a report of more learners than a chunk", () => {
  it("streams every learner once, in the report's order, for each sort", async () => {
    for (const query of [{}, { sort: "email", order: "desc" }, { sort: "enrolled", order: "asc" }] as Record<string, string>[]) {
      const res = await t.request("GET", "/studio/reports/learners.csv", { token: admin, query });
      expect(res.status).toBe(200);
      const [, ...rows]: string[][] = parse(String(res.body), { bom: true });
      expect(rows).toHaveLength(LEARNERS);
      const emails = rows.map((r) => r[1]!);
      expect(new Set(emails).size).toBe(LEARNERS);
      if (query.sort === "email") expect(emails).toEqual([...emails].sort().reverse());
      if (!query.sort) {
        const names = rows.map((r) => r[0]!);
        expect(names).toEqual([...names].sort());
      }
    }
  }, 120_000);

  it("holds the table's rows, all its pages one after the other, across chunk boundaries", async () => {
    for (const query of [{}, { sort: "enrolled", order: "desc" }] as Record<string, string>[]) {
      const res = await t.request("GET", "/studio/reports/learners.csv", { token: admin, query });
      expect(res.status).toBe(200);
      const parsed: string[][] = parse(String(res.body), { bom: true });
      const table: ReportRow[] = [];
      let columns: unknown;
      let cursor: string | undefined;
      do {
        const page = await t.call(listReportLearners, { token: admin, query: { ...query, limit: "200", ...(cursor ? { cursor } : {}) } as never });
        expect(page.status).toBe(200);
        const body = page.body as { columns: unknown; rows: ReportRow[]; nextCursor: string | null };
        columns = body.columns;
        table.push(...body.rows);
        cursor = body.nextCursor ?? undefined;
      } while (cursor);
      expect(table).toHaveLength(LEARNERS);
      expect(table.filter((r) => r.completedVideos > 0).length).toBeGreaterThan(0);
      expect(table.filter((r) => r.batches.length > 0).length).toBeGreaterThan(0);
      expect(parsed).toEqual([reportHeader(columns as never), ...table.map((row) => reportCells(row))]);
    }
  }, 120_000);

  it("lets a download stopped part way go: nothing stays open, and the next download is whole", async () => {
    const { stream } = await getReportLearnersCsv(t.deps, { sort: "name", order: "asc" });
    const reader = stream.getReader();
    await reader.read();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    if (t.database.kind === "postgres") {
      // The cursor's transaction was rolled back and its connection given back to the pool.
      const open = await t.database.raw("select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'");
      expect(open[0]!.n).toBe(0);
    }
    const res = await t.request("GET", "/studio/reports/learners.csv", { token: admin });
    const [, ...rows]: string[][] = parse(String(res.body), { bom: true });
    expect(rows).toHaveLength(LEARNERS);
  }, 60_000);

  it("counts every learner in the summary", async () => {
    const res = await t.call(getReportSummary, { token: admin, query: {} });
    expect(res.body.learners).toBe(LEARNERS);
  }, 60_000);
});
