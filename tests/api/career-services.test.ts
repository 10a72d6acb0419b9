import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getCareerServices, getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import { recordVideoWatch, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { ContentError } from "@/lib/server/content/import-content";
import { careerServiceRecords, courses } from "@/lib/server/db/schema";
import { CSET_DEFAULT_ATTEMPTS } from "@/lib/server/services/career-services/career-services-figures";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/*
 * Three learners: "placed" has career services and takes the Placement program (course "core" is
 * mandatory in it, "extra" is not); "no-access" takes the same program without career services;
 * "solo" has career services but no program. The operator's file gives "placed" one failed attempt
 * out of 3, 4 mock interviews (1 used), 2 client interviews and 2 offers.
 */

let t: TestApi;
const tokens: Record<"placed" | "noAccess" | "solo", string> = {} as never;

const record = (overrides: Record<string, unknown> = {}) => ({
  email: "placed@example.com",
  csetAttemptsAllowed: 3,
  csetAttempts: [{ takenAt: "2025-01-18T10:00:00Z", result: "fail" }],
  mockInterviews: { granted: 4, used: 1 },
  clientInterviews: { granted: 2, used: 0 },
  offers: [
    { company: "Acme Motors", role: "Design Engineer", receivedAt: "2025-02-01" },
    { company: "Volt Labs", role: "Firmware Engineer", receivedAt: "2025-03-05" },
  ],
  ...overrides,
});

const statistics = async (who: keyof typeof tokens) => t.call(getCareerServicesStatistics, { token: tokens[who] });

async function importProblems(entries: unknown[]): Promise<string[]> {
  const err = await importFiles(t, { "career-services": entries }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ContentError);
  return (err as ContentError).problems;
}

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "placed@example.com", plan: "Premium", hasCareerServicesAccess: true });
  await t.createUser({ email: "no-access@example.com", plan: "Basic" });
  await t.createUser({ email: "solo@example.com", plan: "Premium", hasCareerServicesAccess: true });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "core", name: "Core Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: 120 }),
      generatedCourse({ key: "extra", name: "Extra Course", chapters: 1, videosPerSubChapter: 1, durationSeconds: 120 }),
    ],
    programs: [
      {
        key: "placement",
        name: "Placement Program",
        courses: [
          { course: "core", courseType: "mandatory" },
          { course: "extra", courseType: "nonMandatory" },
        ],
        batches: [
          { key: "placement-1", name: "Placement 1", enrollmentType: "System (Auto enroll)", members: ["placed@example.com", "no-access@example.com"] },
        ],
      },
    ],
    "career-services": [record()],
  });
  tokens.placed = await t.signIn("placed@example.com");
  tokens.noAccess = await t.signIn("no-access@example.com");
  tokens.solo = await t.signIn("solo@example.com");
});
afterAll(() => t.close());

describe("who sees career services", () => {
  it("refuses the figures to a user without career-services access", async () => {
    const res = await statistics("noAccess");
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("career_services_required");
    expect(res.body.message).toMatch(/not part of your account/);
  });

  it("tells a user without access what the services are, all locked, with how to get them", async () => {
    const res = await t.call(getCareerServices, { token: tokens.noAccess });
    expect(res.status).toBe(200);
    expect(res.body.hasCareerServicesAccess).toBe(false);
    expect(res.body.services.map((s: { id: string }) => s.id)).toEqual(["cset", "mock-interviews", "client-interviews"]);
    for (const service of res.body.services) {
      expect(service.isAvailable).toBe(false);
      expect(service.lockedReason).toMatch(/program coordinator/);
      expect(service.lockedCode).toBe("noAccess");
    }
  });
});

describe("the figures of a learner with career services", () => {
  it("reads the operator's record and the mandatory courses: not eligible before the mandatory course is completed", async () => {
    const res = await statistics("placed");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      csetExamResult: "fail",
      totalAttemptsLeft: 2,
      availableMockInterviewCount: 3,
      availableClientInterview: 0,
      offersReceived: 2,
      isAllMandatoryCoursesCompleted: false,
      csetEligibility: false,
    });
    expect(res.body.offers.map((o: { company: string }) => o.company)).toEqual(["Volt Labs", "Acme Motors"]);
    const services = await t.call(getCareerServices, { token: tokens.placed });
    expect(services.body.mandatoryCourses.map((c: { courseName: string; isCompleted: boolean }) => [c.courseName, c.isCompleted])).toEqual([["Core Course", false]]);
    expect(services.body.services[0]).toMatchObject({ id: "cset", isAvailable: false, lockedReason: "Complete your mandatory courses first (0 of 1 done).", lockedCode: "mandatoryPending" });
    expect(services.body.services[1]).toMatchObject({ id: "mock-interviews", isAvailable: true, lockedReason: null, lockedCode: null });
  });

  it("makes the learner eligible once the mandatory course is completed, whatever the optional one", async () => {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "core")))[0]!.id;
    expect((await t.call(enrollInCourse, { token: tokens.placed, body: { courseId: id } })).status).toBe(200);
    const tree = (await t.call(getVideoTree, { token: tokens.placed, query: { id } })).body as VideoCourseTree;
    const timeStamp = Array.from({ length: 121 }, (_, i) => i);
    const watched = await t.call(recordVideoWatch, {
      token: tokens.placed,
      body: { courseId: id, versionId: tree.versionId, videoId: tree.videoIds[0]!, watchDuration: { timeStamp, totalDuration: 120 } },
    });
    expect(watched.body.completed).toBe(true);

    expect((await statistics("placed")).body).toMatchObject({ isAllMandatoryCoursesCompleted: true, csetEligibility: true });
    const services = await t.call(getCareerServices, { token: tokens.placed });
    expect(services.body.mandatoryCourses[0]).toMatchObject({ isCompleted: true, courseProgressInPercentage: 100 });
    expect(services.body.services[0]).toMatchObject({ id: "cset", isAvailable: true, lockedReason: null });
  });

  it("follows a new import: a passed test ends eligibility and opens client interviews", async () => {
    await importFiles(t, {
      "career-services": [record({ csetAttempts: [{ takenAt: "2025-01-18T10:00:00Z", result: "fail" }, { takenAt: "2025-04-02T10:00:00Z", result: "pass" }] })],
    });
    expect((await statistics("placed")).body).toMatchObject({ csetExamResult: "pass", totalAttemptsLeft: 1, csetEligibility: false, availableClientInterview: 2 });
    const services = await t.call(getCareerServices, { token: tokens.placed });
    expect(services.body.services[2]).toMatchObject({ id: "client-interviews", isAvailable: true });
  });

  it("gives a learner with access but no record every attempt, and no eligibility without a program", async () => {
    const res = await statistics("solo");
    expect(res.body).toMatchObject({
      csetExamResult: "yetToStart",
      totalAttemptsLeft: CSET_DEFAULT_ATTEMPTS,
      availableMockInterviewCount: 0,
      offersReceived: 0,
      isAllMandatoryCoursesCompleted: false,
      csetEligibility: false,
    });
    const services = await t.call(getCareerServices, { token: tokens.solo });
    expect(services.body.mandatoryCourses).toEqual([]);
    expect(services.body.services[0].lockedReason).toMatch(/Enroll in a program/);
  });
});

describe("the operator's career-services file", () => {
  it("is idempotent: importing the same file again rewrites nothing", async () => {
    const file = [record({ csetAttempts: [{ takenAt: "2025-01-18T10:00:00Z", result: "fail" }] })];
    await importFiles(t, { "career-services": file });
    const [before] = await t.db.select().from(careerServiceRecords);
    await importFiles(t, { "career-services": file });
    const rows = await t.db.select().from(careerServiceRecords);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBe(before!.updatedAt.getTime());
    expect((await statistics("placed")).body).toMatchObject({ csetExamResult: "fail", totalAttemptsLeft: 2 });
  });

  it("names the file and the field of each mistake, and writes nothing", async () => {
    const problems = await importProblems([
      record({ mockInterviews: { granted: 1, used: 2 } }),
      record({ email: "nobody@example.com", csetAttempts: [{ takenAt: "yesterday", result: "passed" }] }),
      record({ email: "solo@example.com", csetAttemptsAllowed: 1, csetAttempts: [{ takenAt: "2025-01-01", result: "fail" }, { takenAt: "2025-02-01", result: "fail" }] }),
      record({ email: "solo@example.com", offers: [{ company: "", role: "Engineer", receivedAt: "2025-01-01" }], salary: 10 }),
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "career-services.json: 0.mockInterviews.used: must not be more than granted",
        expect.stringMatching(/^career-services\.json: 1\.csetAttempts\.0\.takenAt: "yesterday" is not an ISO date/),
        "career-services.json: 1.csetAttempts.0.result: must be pass or fail",
        "career-services.json: 2.csetAttempts: holds 2 attempts but csetAttemptsAllowed is 1",
        "career-services.json: 3.offers.0.company: must not be empty",
        expect.stringMatching(/^career-services\.json: 3: .*salary/),
      ]),
    );
    const [row] = await t.db.select().from(careerServiceRecords);
    expect(row!.mockInterviewsUsed).toBe(1);
  });

  it("refuses a learner it does not know, and an e-mail listed twice", async () => {
    const problems = await importProblems([record({ email: "nobody@example.com" }), record(), record()]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'career-services.json: 0.email: unknown learner "nobody@example.com" (not in users.yaml nor in the database)',
        expect.stringMatching(/^career-services\.json: 2\.email: duplicate e-mail "placed@example.com"/),
      ]),
    );
  });
});
