import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, countPrograms, listAllCourses, listBundledPrograms, getProgramCourses, listCoursesOnProgress } from "@/lib/contract/calls/catalogue";
import { getVideoTree } from "@/lib/contract/calls/learning";
import { getCourseDomains } from "@/lib/contract/calls/catalogue";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batches, courses, programs } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

let t: TestApi;
let token: string;
const course: Record<string, string> = {};

const names = (res: { body: { results: CourseCard[] } }) => res.body.results.map((c) => c.courseName);

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    users: [{ email: "cat@example.com", name: "Cat", plan: "Premium" }],
    courses: [
      // 2 videos of 2.5 h: 5 h.
      { ...generatedCourse({ key: "short", name: "Bridge Basics", domain: "Civil", chapters: 1, videosPerSubChapter: 2, durationSeconds: 9000, withChallenges: true }), description: "Trusses and loads" },
      // 3 videos of 5 h: 15 h.
      generatedCourse({ key: "medium", name: "Motor Drives", domain: "Electrical", chapters: 3, videosPerSubChapter: 1, durationSeconds: 18_000 }),
      // 5 videos of 5 h: 25 h.
      generatedCourse({ key: "long", name: "Antenna Design", domain: "Telecom", chapters: 5, videosPerSubChapter: 1, durationSeconds: 18_000 }),
      // Exactly 10 h: in "10 - 20 hours".
      generatedCourse({ key: "ten", name: "Concrete Mixes", domain: "Civil", chapters: 2, videosPerSubChapter: 1, durationSeconds: 18_000 }),
      generatedCourse({ key: "tiny", name: "Soil Tests", domain: "Civil", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600 }),
    ],
    programs: [
      {
        key: "civil-program",
        name: "Civil Engineer Program",
        description: "Structures from the ground up",
        domain: "Civil",
        courses: [{ course: "short" }, { course: "ten", courseType: "complimentary" }, { course: "tiny" }],
        batches: [{ key: "civil-batch", name: "Civil batch", enrollmentType: "System (Auto enroll)", members: ["cat@example.com"] }],
      },
      { key: "power-program", name: "Power Program", domain: "Electrical", courses: [{ course: "medium" }] },
    ],
  });
  for (const r of await t.db.select({ id: courses.id, key: courses.key }).from(courses)) course[r.key] = r.id;
  token = await t.signIn("cat@example.com");
});
afterAll(() => t.close());

describe("the catalogue", () => {
  it("lists every course with enrolled ones first, a page at a time", async () => {
    const page1 = await t.call(listAllCourses, { token, query: { pageNumber: "1", pageSize: "2" } });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ currentPageNumber: 1, currentPageSize: 2, totalItems: 5, totalPages: 3 });
    // The civil batch auto-enrolled the learner in its three courses on this first visit.
    expect(names(page1)).toEqual(["Bridge Basics", "Concrete Mixes"]);
    const page3 = await t.call(listAllCourses, { token, query: { pageNumber: "3", pageSize: "2" } });
    expect(names(page3)).toEqual(["Motor Drives"]);
    expect(page3.body.results[0].isEnrolled).toBe(false);
    const beyond = await t.call(listAllCourses, { token, query: { pageNumber: "9", pageSize: "2" } });
    expect(beyond.body.results).toEqual([]);
  });

  it("searches names and descriptions, case-insensitively", async () => {
    expect(names(await t.call(listAllCourses, { token, query: { searchText: "ANTENNA" } }))).toEqual(["Antenna Design"]);
    expect(names(await t.call(listAllCourses, { token, query: { searchText: "truss" } }))).toEqual(["Bridge Basics"]);
    expect((await t.call(listAllCourses, { token, query: { searchText: "nothing like this" } })).body.totalItems).toBe(0);
  });

  it("filters by domain and by total video duration", async () => {
    expect(names(await t.call(listAllCourses, { token, query: { domain: "Civil" } }))).toEqual(["Bridge Basics", "Concrete Mixes", "Soil Tests"]);
    expect(names(await t.call(listAllCourses, { token, query: { duration: "Less than 10 hours" } }))).toEqual(["Bridge Basics", "Soil Tests"]);
    expect(names(await t.call(listAllCourses, { token, query: { duration: "10 - 20 hours" } })).sort()).toEqual(["Concrete Mixes", "Motor Drives"]);
    expect(names(await t.call(listAllCourses, { token, query: { duration: "Greater than 20 hours" } }))).toEqual(["Antenna Design"]);
    expect(names(await t.call(listAllCourses, { token, query: { domain: "Civil", duration: "10 - 20 hours" } }))).toEqual(["Concrete Mixes"]);
    expect((await t.call(listAllCourses, { token, query: { duration: "forever" } })).status).toBe(400);
  });

  it("fills every card field from real data", async () => {
    const [card] = (await t.call(listAllCourses, { token, query: { searchText: "Bridge" } })).body.results as CourseCard[];
    const [batch] = await t.db.select().from(batches).where(eq(batches.key, "civil-batch"));
    const [program] = await t.db.select().from(programs).where(eq(programs.key, "civil-program"));
    expect(card).toMatchObject({
      courseId: course.short,
      courseName: "Bridge Basics",
      description: "Trusses and loads",
      slugId: "short",
      slug: "bridge-basics",
      domain: "Civil",
      videoTotalDurationInMinutes: 300,
      videoWatchedDurationInMinutes: 0,
      totalChaptersInCourse: 1,
      totalMcqCount: 1,
      completedMcqCount: 0,
      totalSubjectiveCount: 1,
      completedSubjectiveCount: 0,
      courseProgressInPercentage: 0,
      courseType: "mandatory",
      courseStatus: "all courses",
      enrollmentType: "System (Auto enroll)",
      enrollmentStartDate: null,
      isEnrolled: true,
      batchId: batch!.id,
      programId: program!.id,
    });
    expect(card!.versions).toBeUndefined();
    const [medium] = (await t.call(listAllCourses, { token, query: { searchText: "Motor" } })).body.results as CourseCard[];
    expect(medium).toMatchObject({ isEnrolled: false, batchId: null, programId: null, totalSubjectiveCount: null, completedSubjectiveCount: null, enrollmentType: "No Auto Enrollment" });
  });

  it("lists in progress the enrolled courses started and not completed, and counts the lists", async () => {
    let onProgress = await t.call(listCoursesOnProgress, { token, query: {} });
    expect(onProgress.body.totalItems).toBe(0);
    const tree = (await t.call(getVideoTree, { token, query: { id: course.tiny! } })).body as VideoCourseTree;
    const short = (await t.call(getVideoTree, { token, query: { id: course.short! } })).body as VideoCourseTree;
    // Soil Tests is watched to the end (completed); Bridge Basics only started.
    await t.call(recordVideoWatch, { token, body: { courseId: course.tiny, versionId: tree.versionId, videoId: tree.videoIds[0], watchDuration: { timeStamp: Array.from({ length: 601 }, (_, i) => i), totalDuration: 600 } } });
    await t.call(recordVideoWatch, { token, body: { courseId: course.short, versionId: short.versionId, videoId: short.videoIds[0], watchDuration: { timeStamp: Array.from({ length: 1201 }, (_, i) => i), totalDuration: 1200 } } });
    onProgress = await t.call(listCoursesOnProgress, { token, query: {} });
    expect(names(onProgress)).toEqual(["Bridge Basics"]);
    // Two 9000 s videos, a quiz and an essay: 1200 s watched fill 1200 / 18000 of the two video units out of four.
    expect(onProgress.body.results[0]).toMatchObject({ courseStatus: "in progress", videoWatchedDurationInMinutes: 20, videoWatchedDurationInSeconds: 1200, courseProgressInPercentage: 3 });
    const soil = (await t.call(listAllCourses, { token, query: { searchText: "Soil" } })).body.results[0];
    expect(soil).toMatchObject({ courseProgressInPercentage: 100, videoWatchedDurationInMinutes: 10 });
    expect((await t.call(listCoursesOnProgress, { token, query: { duration: "Greater than 20 hours" } })).body.totalItems).toBe(0);

    const count = await t.call(countPrograms, { token, query: {} });
    expect(count.body).toEqual({ onProgressCount: 1, allCount: 5, bundledCount: 2 });
    expect((await t.call(countPrograms, { token, query: { searchText: "civil" } })).body).toEqual({ onProgressCount: 0, allCount: 0, bundledCount: 1 });
  });

  it("counts each list with the filters it takes, as many as the list then shows", async () => {
    // Bridge Basics is in progress (the test before); the lists and their counts must agree for every filter.
    const filters = [
      {},
      { domain: "Civil" },
      { domain: "Electrical" },
      { duration: "10 - 20 hours" },
      { duration: "Less than 10 hours" },
      { domain: "Civil", duration: "Greater than 20 hours" },
      { domain: "Telecom", duration: "Greater than 20 hours", searchText: "antenna" },
    ] as const;
    for (const query of filters) {
      const { domain, duration, searchText } = query as { domain?: string; duration?: string; searchText?: string };
      const only = (q: Record<string, string | undefined>) => Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => e[1] !== undefined));
      const count = (await t.call(countPrograms, { token, query })).body;
      const shown = {
        onProgressCount: (await t.call(listCoursesOnProgress, { token, query: only({ searchText, duration }) })).body.totalItems,
        allCount: (await t.call(listAllCourses, { token, query })).body.totalItems,
        bundledCount: (await t.call(listBundledPrograms, { token, query: only({ searchText, domain }) })).body.length,
      };
      expect(count, JSON.stringify(query)).toEqual(shown);
    }
    expect((await t.call(countPrograms, { token, query: { domain: "Civil" } })).body).toEqual({ onProgressCount: 1, allCount: 3, bundledCount: 1 });
    expect((await t.call(countPrograms, { token, query: { duration: "10 - 20 hours" } })).body).toEqual({ onProgressCount: 0, allCount: 2, bundledCount: 2 });
    expect((await t.call(countPrograms, { token, query: { domain: "Civil", duration: "Greater than 20 hours" } })).body).toEqual({ onProgressCount: 0, allCount: 0, bundledCount: 1 });
    // A filter that is no domain is refused, naming the field.
    const bad = await t.call(countPrograms, { token, query: { domain: "Astrology" } as never });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/domain/);
  });

  it("shows other learners nothing of this learner's enrollments or progress", async () => {
    await t.createUser({ email: "dog@example.com", plan: "Premium" });
    const other = await t.signIn("dog@example.com");
    const all = await t.call(listAllCourses, { token: other, query: { pageSize: "50" } });
    expect(all.body.results.every((c: CourseCard) => !c.isEnrolled && c.courseProgressInPercentage === 0 && c.videoWatchedDurationInMinutes === 0 && c.batchId === null)).toBe(true);
    expect((await t.call(listCoursesOnProgress, { token: other, query: {} })).body.totalItems).toBe(0);
    await t.call(enrollInCourse, { token: other, body: { courseId: course.tiny } });
  });
});

describe("programs", () => {
  it("lists the programs, filtered by search and domain, with the learner's batch", async () => {
    const all = await t.call(listBundledPrograms, { token, query: {} });
    expect(all.body.map((p: { programName: string }) => p.programName)).toEqual(["Civil Engineer Program", "Power Program"]);
    const civil = all.body[0];
    // 5 h + 10 h + 10 min: 910 minutes, shown as "15 hrs 10 mins" wherever the program appears.
    expect(civil).toMatchObject({ totalCourses: 3, domain: "Civil", description: "Structures from the ground up", totalCourseDurationInHours: 15.2, totalCourseDurationInMinutes: 910 });
    expect(civil.batchId).toEqual(expect.any(String));
    expect(all.body[1].batchId).toBeNull();
    expect((await t.call(listBundledPrograms, { token, query: { domain: "Electrical" } })).body).toHaveLength(1);
    expect((await t.call(listBundledPrograms, { token, query: { searchText: "GROUND" } })).body).toHaveLength(1);
  });

  it("lists one program's courses in its order, as Master's Program cards", async () => {
    const [program] = await t.db.select().from(programs).where(eq(programs.key, "civil-program"));
    const res = await t.call(getProgramCourses, { token, query: { programId: program!.id, pageSize: "2" } });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Bridge Basics", "Concrete Mixes"]);
    expect(res.body).toMatchObject({ totalItems: 3, totalPages: 2, program: { programId: program!.id, totalCourses: 3 } });
    expect(res.body.results.map((c: CourseCard) => [c.courseStatus, c.courseType])).toEqual([
      ["Master's Program", "mandatory"],
      ["Master's Program", "complimentary"],
    ]);
    expect((await t.call(getProgramCourses, { token, query: { programId: program!.id, duration: "10 - 20 hours" } })).body.totalItems).toBe(1);
    expect((await t.call(getProgramCourses, { token, query: { programId: program!.id, batchId: "00000000-0000-4000-8000-000000000000" } })).status).toBe(403);
    expect((await t.call(getProgramCourses, { token, query: { programId: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
  });

  it("offers the domains that have courses as filters", async () => {
    const res = await t.call(getCourseDomains, { token });
    expect(res.body).toEqual([
      { domain: "Civil", courseCount: 3 },
      { domain: "Electrical", courseCount: 1 },
      { domain: "Telecom", courseCount: 1 },
    ]);
  });
});
