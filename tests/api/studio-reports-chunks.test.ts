import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getReportSummary } from "@/lib/contract/calls/studio-reports";
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
  await importFiles(t, { courses: [generatedCourse({ key: "big", name: "Big Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: 60 })] });
  // Names repeat (ten of each), so the order falls back on the id across chunk boundaries too.
  await t.db.execute(sql`insert into users (email, name) select 'chunk' || g || '@example.com', 'Learner ' || lpad((g / 10)::text, 4, '0') from generate_series(1, ${LEARNERS}) g`);
  await t.db.execute(sql`
    insert into enrollments (user_id, course_id, version_id, created_at)
    select u.id, v.course_id, v.id, now() - (row_number() over (order by u.email)) * interval '1 minute'
    from users u cross join course_versions v join courses c on c.id = v.course_id and c.key = 'big'
    where v.is_current and u.email like 'chunk%'`);
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

  it("counts every learner in the summary", async () => {
    const res = await t.call(getReportSummary, { token: admin, query: {} });
    expect(res.body.learners).toBe(LEARNERS);
  }, 60_000);
});
