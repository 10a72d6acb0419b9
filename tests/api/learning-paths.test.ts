import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, enrollInProgram } from "@/lib/contract/calls/catalogue";
import { getCourseBundleProgress, getLearningPathProgress, getFirstProgram } from "@/lib/contract/calls/learning-paths";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import type { LearningPath, ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { batches, courses, programs } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { itemsOf, learnerActions, videosOf } from "../support/learner-actions";

/*
 * Programs offered, and what Ada has done, with every figure computed by hand:
 *
 *   Path Program (Mechanical): one (mandatory), two (nonMandatory), three (complimentary).
 *     Ada's evening batch (scheduled, started 2024-03-01); Cy is in it too.
 *   Applied Program (Civil): two, solo. Ada's weekend batch (started 2024-09-01).
 *   Zeta Program (Telecom): solo. Only Eve takes it, in a batch that starts in 2099.
 *   Auto Program (Embedded): auto. Dan's batch enrolls automatically.
 *
 *   one: two videos of 600 s, a quiz and an essay. Ada watched video 1 whole and video 2 to 300 s,
 *     submitted the quiz and the essay: of 4 units, the videos fill 2 x 900/1200 = 1.5 and the
 *     challenges 2, so 87.5%, shown 87 (rounded down); not completed.
 *   two: one video of 1200 s, watched whole: 100%, completed.
 *   three: one video of 300 s; Ada is not enrolled: 0%, not completed.
 *   solo: one video of 600 s; auto: one video of 60 s.
 *
 *   Ada in Path: 1 of 3 courses, 33%; video (1200 + 1200 + 300) s = 0.75 h, shown 0.8 h.
 *   Ada in Applied: two is completed (enrolled through Path's batch, it counts here too): 1 of 2, 50%.
 *   Ada's first program is Path (its batch started first), though Applied comes first by name.
 *   Bob takes no program: the sample path has (3 + 2 + 1 + 1) / 4 = 1.75, shown 2 courses, and
 *   (2700 + 1800 + 600 + 60) / 4 s = 21.5 min, shown 22 min.
 */

let t: TestApi;
const token = {} as Record<"ada" | "bob" | "cy" | "dan" | "eve", string>;
const id = {} as Record<"path" | "applied" | "zeta" | "auto" | "evening" | "weekend", string>;
const courseId = {} as Record<"one" | "two" | "three" | "solo" | "auto", string>;

const bundle = (who: keyof typeof token, query: Record<string, string>) => t.call(getCourseBundleProgress, { token: token[who], query });
const path = (who: keyof typeof token, query: Record<string, string> = {}) => t.call(getLearningPathProgress, { token: token[who], query });

beforeAll(async () => {
  t = await createTestApi();
  for (const who of ["ada", "bob", "cy", "dan", "eve"] as const) await t.createUser({ email: `${who}@example.com`, plan: "Premium" });
  const batch = (key: string, startsAt: string, members: string[], enrollmentType = "Customer (Scheduled and Optional)") => ({
    key,
    name: key,
    enrollmentType,
    startsAt,
    members: members.map((m) => `${m}@example.com`),
  });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "one", name: "One", chapters: 1, videosPerSubChapter: 2, durationSeconds: 600, withChallenges: true }),
      generatedCourse({ key: "two", name: "Two", chapters: 1, videosPerSubChapter: 1, durationSeconds: 1200 }),
      generatedCourse({ key: "three", name: "Three", chapters: 1, videosPerSubChapter: 1, durationSeconds: 300 }),
      generatedCourse({ key: "solo", name: "Solo", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600 }),
      generatedCourse({ key: "auto", name: "Auto", chapters: 1, videosPerSubChapter: 1, durationSeconds: 60 }),
    ],
    programs: [
      {
        key: "path",
        name: "Path Program",
        description: "Three courses in order.",
        domain: "Mechanical",
        courses: [
          { course: "one", courseType: "mandatory" },
          { course: "two", courseType: "nonMandatory" },
          { course: "three", courseType: "complimentary" },
        ],
        batches: [batch("evening", "2024-03-01", ["ada", "cy"])],
      },
      { key: "applied", name: "Applied Program", domain: "Civil", courses: [{ course: "two" }, { course: "solo" }], batches: [batch("weekend", "2024-09-01", ["ada"])] },
      { key: "zeta", name: "Zeta Program", domain: "Telecom", courses: [{ course: "solo" }], batches: [batch("next-year", "2099-01-01", ["eve"])] },
      { key: "auto", name: "Auto Program", domain: "Embedded", courses: [{ course: "auto" }], batches: [batch("auto-batch", "2024-01-01", ["dan"], "System (Auto enroll)")] },
    ],
  });
  for (const p of ["path", "applied", "zeta", "auto"] as const) id[p] = (await t.db.select().from(programs).where(eq(programs.key, p)))[0]!.id;
  for (const b of ["evening", "weekend"] as const) id[b] = (await t.db.select().from(batches).where(eq(batches.key, b)))[0]!.id;
  for (const c of ["one", "two", "three", "solo", "auto"] as const) courseId[c] = (await t.db.select().from(courses).where(eq(courses.key, c)))[0]!.id;
  for (const who of ["ada", "bob", "cy", "dan", "eve"] as const) token[who] = await t.signIn(`${who}@example.com`);

  const act = learnerActions(t);
  for (const c of ["one", "two"] as const) expect((await t.call(enrollInCourse, { token: token.ada, body: { courseId: courseId[c] } })).status).toBe(200);
  const one: VideoCourseTree = await act.tree(token.ada, courseId.one);
  const two: VideoCourseTree = await act.tree(token.ada, courseId.two);
  await act.watch(token.ada, one, videosOf(one)[0]!, 0, 600);
  await act.watch(token.ada, one, videosOf(one)[1]!, 0, 300);
  const quiz = itemsOf(one).find((i) => i.type === "mcqBlock")!;
  const essay = itemsOf(one).find((i) => i.type === "essayBlock")!;
  await act.startQuiz(token.ada, one, quiz);
  await act.submitQuiz(token.ada, one, quiz);
  await act.startEssay(token.ada, one, essay);
  await act.submitEssay(token.ada, one, essay);
  await act.watch(token.ada, two, videosOf(two)[0]!, 0, 1200);
});
afterAll(() => t.close());

describe("a learner's progress in a program", () => {
  it("counts the completed courses of the program, course by course in order", async () => {
    const res = await bundle("ada", { bundleId: id.path });
    expect(res.status).toBe(200);
    const body: ProgramProgress = res.body;
    expect(body).toMatchObject({
      programId: id.path,
      programName: "Path Program",
      batchId: id.evening,
      completedCourses: 1,
      totalCourses: 3,
      progressInPercentage: 33,
      domain: "Mechanical",
      description: "Three courses in order.",
      totalCourseDurationInHours: 0.8,
      // 20 + 20 + 5 minutes: the pages show "45 mins", where 0.8 hours would read "48 mins".
      totalCourseDurationInMinutes: 45,
    });
    expect(body.courses).toEqual([
      {
        courseId: courseId.one,
        courseName: "One",
        courseType: "mandatory",
        order: 1,
        courseProgressInPercentage: 87,
        isCompleted: false,
        slugId: "one",
        isEnrolled: true,
        enrollmentStartDate: null,
        videoTotalDurationInMinutes: 20,
        completedVideosCount: 1,
        totalVideosCount: 2,
        completedChallengesCount: 2,
        totalChallengesCount: 2,
      },
      expect.objectContaining({ courseId: courseId.two, order: 2, courseType: "nonMandatory", courseProgressInPercentage: 100, isCompleted: true, isEnrolled: true }),
      expect.objectContaining({
        courseId: courseId.three,
        order: 3,
        courseType: "complimentary",
        courseProgressInPercentage: 0,
        isCompleted: false,
        isEnrolled: false,
        videoTotalDurationInMinutes: 5,
        completedVideosCount: 0,
        totalVideosCount: 1,
      }),
    ]);
  });

  it("counts a course completed through another program in every program holding it", async () => {
    const body: ProgramProgress = (await bundle("ada", { bundleId: id.applied })).body;
    expect(body).toMatchObject({ batchId: id.weekend, completedCourses: 1, totalCourses: 2, progressInPercentage: 50 });
    expect(body.courses.map((c) => [c.courseName, c.isCompleted])).toEqual([
      ["Two", true],
      ["Solo", false],
    ]);
  });

  it("accepts the learner's own batch of the program and refuses another", async () => {
    expect((await bundle("ada", { bundleId: id.path, batchId: id.evening })).body.batchId).toBe(id.evening);
    const other = await bundle("ada", { bundleId: id.path, batchId: id.weekend });
    expect(other.status).toBe(403);
    expect((await bundle("bob", { bundleId: id.path, batchId: id.evening })).status).toBe(403);
  });

  it("shows another learner the program without anything of Ada's", async () => {
    const body: ProgramProgress = (await bundle("bob", { bundleId: id.path })).body;
    expect(body).toMatchObject({ batchId: null, completedCourses: 0, progressInPercentage: 0 });
    expect(body.courses.every((c) => !c.isEnrolled && c.courseProgressInPercentage === 0 && c.completedVideosCount === 0 && c.completedChallengesCount === 0)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(id.evening);
  });

  it("enrolls a member of an auto-enrolling batch before answering, as the catalogue does", async () => {
    const body: ProgramProgress = (await bundle("dan", { bundleId: id.auto })).body;
    expect(body.courses).toEqual([expect.objectContaining({ courseId: courseId.auto, isEnrolled: true })]);
  });

  it("answers 400 naming the field for a missing program, and 404 for one that does not exist", async () => {
    const missing = await bundle("ada", {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain("bundleId");
    expect((await bundle("ada", { bundleId: "not-a-program" })).status).toBe(404);
    expect((await bundle("ada", { bundleId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await bundle("ada", { bundleId: id.path, batchId: "" })).status).toBe(400);
  });
});

describe("the learning path", () => {
  it("is the learner's first program, the one whose batch started first, with the others after", async () => {
    const body: LearningPath = (await path("ada")).body;
    expect(body).toMatchObject({ isDummyLearningPath: false, dummyLearningPathCourseCount: null, dummyLearningPathCourseDurationInMinutes: null });
    expect(body.learningPathProgress).toMatchObject({ programId: id.path, progressInPercentage: 33, completedCourses: 1 });
    // Ada's other program first, then the others by name.
    expect(body.otherLearningPath.map((p) => [p.programName, p.batchId, p.totalCourses, p.totalCourseDurationInHours])).toEqual([
      ["Applied Program", id.weekend, 2, 0.5],
      ["Auto Program", null, 1, 0],
      ["Zeta Program", null, 1, 0.2],
    ]);
  });

  it("agrees with /program/programId on the learner's first program", async () => {
    expect((await t.call(getFirstProgram, { token: token.ada })).body).toEqual({ programId: id.path, programName: "Path Program", batchId: id.evening });
  });

  it("is the program asked for, with the same figures as its progress", async () => {
    const body: LearningPath = (await path("ada", { programId: id.applied })).body;
    expect(body.learningPathProgress).toEqual((await bundle("ada", { bundleId: id.applied })).body);
    expect(body.otherLearningPath.map((p) => p.programName)).toEqual(["Path Program", "Auto Program", "Zeta Program"]);
  });

  it("is a sample path with a typical program's size for a learner who takes none, and every program offered", async () => {
    const body: LearningPath = (await path("bob")).body;
    expect(body).toMatchObject({ isDummyLearningPath: true, learningPathProgress: null, dummyLearningPathCourseCount: 2, dummyLearningPathCourseDurationInMinutes: 22 });
    expect(body.otherLearningPath.map((p) => p.programName)).toEqual(["Applied Program", "Auto Program", "Path Program", "Zeta Program"]);
    expect(body.otherLearningPath.every((p) => p.batchId === null)).toBe(true);
    expect((await t.call(getFirstProgram, { token: token.bob })).body).toEqual({ programId: null, programName: null, batchId: null });
  });

  it("shows a learner who takes no program the program they ask for, with their own progress only", async () => {
    const body: LearningPath = (await path("bob", { programId: id.path })).body;
    expect(body.isDummyLearningPath).toBe(false);
    expect(body.learningPathProgress).toMatchObject({ programId: id.path, batchId: null, completedCourses: 0 });
  });

  it("answers 400 for an empty program id and 404 for one that names no program", async () => {
    const empty = await path("ada", { programId: "" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("programId");
    expect((await path("ada", { programId: "'; drop table programs; --" })).status).toBe(404);
    expect((await path("ada", { programId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });
});

describe("enrolling in a program from its path", () => {
  it("enrolls a member of the program's batch in every course, which the progress then shows", async () => {
    const before: ProgramProgress = (await bundle("cy", { bundleId: id.path })).body;
    expect(before.batchId).toBe(id.evening);
    // The batch's mandatory course is enrolled for its members already (docs/enrollment.md); the others wait for the program's enrollment.
    expect(before.courses.map((c) => c.isEnrolled)).toEqual([true, false, false]);
    const res = await t.call(enrollInProgram, { token: token.cy, body: { batchId: before.batchId, bundleId: id.path } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after: ProgramProgress = (await bundle("cy", { bundleId: id.path })).body;
    expect(after.courses.map((c) => c.isEnrolled)).toEqual([true, true, true]);
    expect(after).toMatchObject({ completedCourses: 0, progressInPercentage: 0 });
    expect(after.courses.every((c) => c.enrollmentStartDate === null)).toBe(true);
  });

  it("gives the opening date of a batch that starts later", async () => {
    const zeta = id.zeta;
    const batchId = (await bundle("eve", { bundleId: zeta })).body.batchId;
    expect((await t.call(enrollInProgram, { token: token.eve, body: { batchId, bundleId: zeta } })).status).toBe(200);
    const after: ProgramProgress = (await bundle("eve", { bundleId: zeta })).body;
    expect(after.courses).toEqual([expect.objectContaining({ isEnrolled: true, enrollmentStartDate: "2099-01-01T00:00:00.000Z", isCompleted: false })]);
  });
});
