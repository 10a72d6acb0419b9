import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSqlCountFixture, type SqlCountFixture } from "@/bench/fixtures";
import type { CallDef } from "@/lib/contract";
import { getCareerServices, getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import {
  getContinueLearning,
  getCourseOrProgramDetails,
  getDashboardCoursesDetails,
  getDashboardGroupSessions,
  getPrograms,
  getPurchasedAll,
} from "@/lib/contract/calls/dashboard";
import { addVideoWatchRecord } from "@/lib/contract/calls/learning";
import { getUserInfo } from "@/lib/contract/calls/sign-in";
import { courses, courseVersions, enrollments, users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";

/**
 * The dashboard's calls run a fixed number of SQL statements whatever the number of courses: the
 * bench's learner enrolled in 200 courses (one of 500 videos) against a learner enrolled in 2 of the
 * same courses, both with watch records. /dashboard/getDashboardCoursesDetails stays within the
 * budget of 10 statements (DESIGN.md).
 */
let t: TestApi;
let recording: string[] | null = null;
let fixture: SqlCountFixture;
const tokens: Record<"many" | "few", string> = {} as never;

/** Every call the /dashboard page prefetches when it is rendered, with the query it sends. */
const pageCalls: [CallDef, Record<string, string>][] = [
  [getUserInfo, {}],
  [getDashboardCoursesDetails, { timeZone: "Asia/Kolkata" }],
  [getContinueLearning, {}],
  [getCourseOrProgramDetails, {}],
  [getPurchasedAll, { pageNumber: "1", pageSize: "6" }],
  [getPrograms, {}],
  [getDashboardGroupSessions, {}],
];

async function statements(call: CallDef, who: keyof typeof tokens, query: Record<string, string> = {}) {
  const sql: string[] = [];
  recording = sql;
  const res = await t.call(call, { token: tokens[who], query });
  recording = null;
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return { sql, body: res.body };
}

async function watchSome(token: string, place: { courseId: string; videoId: string }) {
  const [version] = await t.db.select({ id: courseVersions.id }).from(courseVersions).where(eq(courseVersions.courseId, place.courseId));
  const res = await t.call(addVideoWatchRecord, {
    token,
    body: { courseId: place.courseId, versionId: version!.id, videoId: place.videoId, watchDuration: { timeStamp: [0, 2, 4, 6, 8, 10], totalDuration: 10 } },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  fixture = await loadSqlCountFixture(t.database, 200);
  await t.db.update(users).set({ hasCareerServicesAccess: true }).where(eq(users.email, fixture.email));
  const few = await t.createUser({ email: "few@example.com", plan: "Premium", hasCareerServicesAccess: true });
  const two = await t.db
    .select({ courseId: courseVersions.courseId, versionId: courseVersions.id })
    .from(courseVersions)
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courseVersions.isCurrent, true), inArray(courses.id, [fixture.small.courseId, fixture.large.courseId])));
  await t.db.insert(enrollments).values(two.map((v) => ({ userId: few.id, courseId: v.courseId, versionId: v.versionId })));
  tokens.many = await t.signIn(fixture.email);
  tokens.few = await t.signIn("few@example.com");
  for (const who of ["many", "few"] as const) {
    await watchSome(tokens[who], fixture.small);
    await watchSome(tokens[who], fixture.large);
  }
}, 180_000);
afterAll(() => t.close());

describe("SQL statements of the dashboard", () => {
  it("has the learners it claims", async () => {
    expect((await statements(getDashboardCoursesDetails, "many")).body.coursesEnrolled).toBe(200);
    expect((await statements(getDashboardCoursesDetails, "few")).body.coursesEnrolled).toBe(2);
  });

  it("answers /dashboard/getDashboardCoursesDetails for 200 courses within 10 statements, as many as for 2", async () => {
    const many = await statements(getDashboardCoursesDetails, "many", { timeZone: "Pacific/Auckland" });
    const few = await statements(getDashboardCoursesDetails, "few", { timeZone: "Pacific/Auckland" });
    console.info(`GET /dashboard/getDashboardCoursesDetails: ${many.sql.length} statements for 200 courses, ${few.sql.length} for 2`);
    expect(many.sql.length, many.sql.join("\n")).toBeLessThanOrEqual(10);
    expect(many.sql.length).toBe(few.sql.length);
  });

  it("runs as many statements for each call of the page, and for the career-services page, whatever the number of courses", async () => {
    const report: string[] = [];
    let pageTotal = 0;
    for (const [call, query] of [...pageCalls, [getCareerServicesStatistics, {}], [getCareerServices, {}]] as [CallDef, Record<string, string>][]) {
      const many = await statements(call, "many", query);
      const few = await statements(call, "few", query);
      report.push(`${call.method} ${call.group}${call.path}: ${many.sql.length} (200 courses) / ${few.sql.length} (2 courses)`);
      expect(many.sql.length, `${call.path}\n${many.sql.join("\n")}`).toBe(few.sql.length);
      expect(many.sql.length, call.path).toBeLessThanOrEqual(10);
      if (pageCalls.some(([c]) => c === call)) pageTotal += many.sql.length;
    }
    console.info([...report, `/dashboard page render: ${pageTotal} statements`].join("\n"));
  });
});
