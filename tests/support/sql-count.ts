import { and, eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import { loadSqlCountFixture, type SqlCountFixture } from "@/bench/fixtures";
import type { CallDef } from "@/lib/contract";
import { courses, courseVersions, enrollments, users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "./api";

/**
 * The API on PGlite, recording the SQL statements it runs, with the bench's learner enrolled in 200
 * courses (one of 500 videos) as "many", and a learner "few" (few@example.com), signed in both.
 * Statement counts of a call for both must be equal: a statement per course shows as a difference.
 */
export interface SqlCountApi {
  t: TestApi;
  fixture: SqlCountFixture;
  tokens: Record<"many" | "few", string>;
  /** Runs one request and gives the statements it ran with its answer, which must be a 200. */
  recorded<B = any>(run: () => Promise<{ status: number; body: B }>): Promise<{ sql: string[]; body: B }>;
  /** Makes a GET of the contract as "many" or "few" and gives its statements and answer. */
  statements(call: CallDef, who: "many" | "few", query?: Record<string, string>): Promise<{ sql: string[]; body: any }>;
}

export async function sqlCountApi(options: {
  /** What the "few" learner's row holds besides its e-mail. */
  few?: Partial<typeof users.$inferInsert>;
  /** Enrolls "few" in the fixture's 5-video and 500-video courses. */
  fewInTwoCourses?: boolean;
  /** Runs before anyone signs in (more content, programs, batches). */
  prepare?: (t: TestApi, fixture: SqlCountFixture) => Promise<void>;
}): Promise<SqlCountApi> {
  let recording: string[] | null = null;
  const t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  const fixture = await loadSqlCountFixture(t.database, 200);
  const few = await t.createUser({ email: "few@example.com", plan: "Premium", ...options.few });
  if (options.fewInTwoCourses) {
    const two = await t.db
      .select({ courseId: courseVersions.courseId, versionId: courseVersions.id })
      .from(courseVersions)
      .innerJoin(courses, eq(courses.id, courseVersions.courseId))
      .where(and(eq(courseVersions.isCurrent, true), inArray(courses.id, [fixture.small.courseId, fixture.large.courseId])));
    await t.db.insert(enrollments).values(two.map((v) => ({ userId: few.id, courseId: v.courseId, versionId: v.versionId })));
  }
  await options.prepare?.(t, fixture);
  const tokens = { many: await t.signIn(fixture.email), few: await t.signIn("few@example.com") };

  async function recorded<B>(run: () => Promise<{ status: number; body: B }>) {
    const sql: string[] = [];
    recording = sql;
    try {
      const res = await run();
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return { sql, body: res.body };
    } finally {
      recording = null;
    }
  }
  return {
    t,
    fixture,
    tokens,
    recorded,
    statements: (call, who, query = {}) => recorded(() => t.call(call, { token: tokens[who], query })),
  };
}
