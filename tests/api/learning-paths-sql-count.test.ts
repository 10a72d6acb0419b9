import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBenchProgram } from "@/bench/fixtures";
import type { CallDef } from "@/lib/contract";
import { getCourseBundleProgress, getLearningPathProgress, getFirstProgram } from "@/lib/contract/calls/learning-paths";
import { batches } from "@/lib/server/db/schema";
import type { TestApi } from "../support/api";
import { importFiles } from "../support/courses";
import { sqlCountApi, type SqlCountApi } from "../support/sql-count";

/**
 * The learning-path calls run a fixed number of SQL statements whatever the size of the program:
 * the bench's learner, enrolled in all 200 courses (one of 500 videos), in a program of all of them,
 * against a learner in a program of 2 of the same courses; each within the budget of 10 (DESIGN.md).
 */
let t: TestApi;
let api: SqlCountApi;
const program: Record<"many" | "few", string> = {} as never;
const tokens: Record<"many" | "few", string> = {} as never;

const statements = (call: CallDef, who: keyof typeof tokens, query: Record<string, string> = {}) => api.statements(call, who, query);

beforeAll(async () => {
  api = await sqlCountApi({
    prepare: async (t) => {
      program.many = await addBenchProgram(t.database, 200);
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
    },
  });
  t = api.t;
  Object.assign(tokens, api.tokens);
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
      [getFirstProgram, () => ({})],
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
