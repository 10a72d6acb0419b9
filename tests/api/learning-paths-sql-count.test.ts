import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBenchProgram, loadSqlCountFixture, type SqlCountFixture } from "@/bench/fixtures";
import type { CallDef } from "@/lib/contract";
import { getCourseBundleProgress, getLearningPathProgress, getProgramProgramId } from "@/lib/contract/calls/learning-paths";
import { batches } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles } from "../support/courses";

/**
 * The learning-path calls run a fixed number of SQL statements whatever the size of the program:
 * the bench's learner, enrolled in all 200 courses (one of 500 videos), in a program of all of them,
 * against a learner in a program of 2 of the same courses; each within the budget of 10 (DESIGN.md).
 */
let t: TestApi;
let recording: string[] | null = null;
let fixture: SqlCountFixture;
const program: Record<"many" | "few", string> = {} as never;
const tokens: Record<"many" | "few", string> = {} as never;

async function statements(call: CallDef, who: keyof typeof tokens, query: Record<string, string> = {}) {
  const sql: string[] = [];
  recording = sql;
  const res = await t.call(call, { token: tokens[who], query });
  recording = null;
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return { sql, body: res.body };
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  fixture = await loadSqlCountFixture(t.database, 200);
  program.many = await addBenchProgram(t.database, 200);
  await t.createUser({ email: "few@example.com", plan: "Premium" });
  await importFiles(t, {
    programs: [
      {
        key: "few-program",
        name: "Few Program",
        courses: [{ course: "bench-large" }, { course: "bench-small-001" }],
        batches: [{ key: "few-batch", name: "Few batch", enrollmentType: "System (Auto enroll)", members: ["few@example.com"] }],
      },
    ],
  });
  program.few = (await t.db.select({ programId: batches.programId }).from(batches).where(eq(batches.key, "few-batch")))[0]!.programId!;
  tokens.many = await t.signIn(fixture.email);
  tokens.few = await t.signIn("few@example.com");
}, 180_000);
afterAll(() => t.close());

describe("SQL statements of the learning-path calls", () => {
  it("has the programs it claims", async () => {
    expect((await statements(getCourseBundleProgress, "many", { bundleId: program.many })).body.totalCourses).toBe(200);
    expect((await statements(getCourseBundleProgress, "few", { bundleId: program.few })).body.totalCourses).toBe(2);
  });

  it("runs as many statements for a program of 200 courses as for one of 2, within 10", async () => {
    const report: string[] = [];
    const calls: [CallDef, (who: "many" | "few") => Record<string, string>][] = [
      [getCourseBundleProgress, (who) => ({ bundleId: program[who] })],
      [getLearningPathProgress, () => ({})],
      [getLearningPathProgress, (who) => ({ programId: program[who] })],
      [getProgramProgramId, () => ({})],
    ];
    for (const [call, query] of calls) {
      const many = await statements(call, "many", query("many"));
      const few = await statements(call, "few", query("few"));
      report.push(`${call.method} ${call.group}${call.path}${Object.keys(query("few")).length ? ` (${Object.keys(query("few")).join(", ")})` : ""}: ${many.sql.length} (200 courses) / ${few.sql.length} (2 courses)`);
      expect(many.sql.length, `${call.path}\n${many.sql.join("\n")}`).toBe(few.sql.length);
      expect(many.sql.length, call.path).toBeLessThanOrEqual(10);
    }
    console.info(report.join("\n"));
  });
});
