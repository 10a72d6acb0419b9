import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlCountFixture } from "@/bench/fixtures";
import type { CallDef } from "@/lib/contract";
import { getCareerServices, getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import {
  listContinueLearning,
  getBatchDetails,
  getDashboardStats,
  listGroupSessions,
  listEnrolledPrograms,
  listPurchasedCourses,
} from "@/lib/contract/calls/dashboard";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import { getUserProfile } from "@/lib/contract/calls/sign-in";
import { courseVersions, users } from "@/lib/server/db/schema";
import type { TestApi } from "../support/api";
import { sqlCountApi, type SqlCountApi } from "../support/sql-count";

/**
 * The dashboard's calls run a fixed number of SQL statements whatever the number of courses: the
 * bench's learner enrolled in 200 courses (one of 500 videos) against a learner enrolled in 2 of the
 * same courses, both with watch records. /dashboard/getDashboardCoursesDetails stays within the
 * budget of 10 statements (DESIGN.md).
 */
let t: TestApi;
let fixture: SqlCountFixture;
let api: SqlCountApi;
const tokens: Record<"many" | "few", string> = {} as never;

/** Every call the /dashboard page prefetches when it is rendered, with the query it sends. */
const pageCalls: [CallDef, Record<string, string>][] = [
  [getUserProfile, {}],
  [getDashboardStats, { timeZone: "Asia/Kolkata" }],
  [listContinueLearning, {}],
  [getBatchDetails, {}],
  [listPurchasedCourses, { pageNumber: "1", pageSize: "6" }],
  [listEnrolledPrograms, {}],
  [listGroupSessions, {}],
];

const statements = (call: CallDef, who: keyof typeof tokens, query: Record<string, string> = {}) => api.statements(call, who, query);

async function watchSome(token: string, place: { courseId: string; videoId: string }) {
  const [version] = await t.db.select({ id: courseVersions.id }).from(courseVersions).where(eq(courseVersions.courseId, place.courseId));
  const res = await t.call(recordVideoWatch, {
    token,
    body: { courseId: place.courseId, versionId: version!.id, videoId: place.videoId, watchDuration: { timeStamp: [0, 2, 4, 6, 8, 10], totalDuration: 10 } },
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  api = await sqlCountApi({
    few: { hasCareerServicesAccess: true },
    fewInTwoCourses: true,
    prepare: async (t, fixture) => {
      await t.db.update(users).set({ hasCareerServicesAccess: true }).where(eq(users.email, fixture.email));
    },
  });
  ({ t, fixture } = api);
  Object.assign(tokens, api.tokens);
  for (const who of ["many", "few"] as const) {
    await watchSome(tokens[who], fixture.small);
    await watchSome(tokens[who], fixture.large);
  }
}, 180_000);
afterAll(() => t.close());

describe("SQL statements of the dashboard", () => {
  it("has the learners it claims", async () => {
    expect((await statements(getDashboardStats, "many")).body.coursesEnrolled).toBe(200);
    expect((await statements(getDashboardStats, "few")).body.coursesEnrolled).toBe(2);
  });

  it("answers /dashboard/getDashboardCoursesDetails for 200 courses within 10 statements, as many as for 2", async () => {
    const many = await statements(getDashboardStats, "many", { timeZone: "Pacific/Auckland" });
    const few = await statements(getDashboardStats, "few", { timeZone: "Pacific/Auckland" });
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
