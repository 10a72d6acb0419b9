import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { listEnrolledPrograms } from "@/lib/contract/calls/dashboard";
import { getCourseBundleProgress, getLearningPathProgress } from "@/lib/contract/calls/learning-paths";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import type { EnrolledProgram } from "@/lib/contract/entities/dashboard";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { batchMembers, batches, courses, programs } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { courseHistory, everythingDone, programHistory, type CourseHistory } from "../support/learner-history";
import { itemsOf, learnerActions, videosOf } from "../support/learner-actions";

/*
 * A program's progress equals a full recomputation from the learner's records. Each run is a new
 * learner of the program's batch with a random history: the courses they enrolled in, stretches of
 * videos watched (in 10-second segments), videos marked complete, quizzes and essays started or
 * submitted, and the free preview of a course they are not enrolled in. The test recomputes the
 * progress from that history alone, with the product's rules written out independently:
 *
 *   a video is complete when marked complete, or when 90% of it (9 of its 10 segments) was watched;
 *   a quiz counts once submitted, an essay once submitted; a course is completed when the learner
 *   is enrolled and every video, quiz and essay counts; its percent counts every video and challenge
 *   as one unit, the videos' units filled by watched time (a complete video in full), a challenge
 *   once submitted, rounded down, and 100 only when completed; the program's percent is completed
 *   courses over all its courses. The program's courses are optional for its batch, so what the
 *   learner is enrolled in is what the history says (a batch's mandatory courses are enrolled for its
 *   members: tests/api/enrollment-rules.test.ts).
 */

const SEGMENT = 10;
const VIDEO_SECONDS = 10 * SEGMENT;
const COURSES = ["p1", "p2", "p3"] as const;
type CourseKey = (typeof COURSES)[number];

let t: TestApi;
let programId: string;
let batchId: string;
const courseIds = {} as Record<CourseKey, string>;
let runs = 0;

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [
      // p1: 2 videos, a quiz, an essay. p2: 3 videos. p3: 2 chapters of a video, a quiz and an essay; its first video is a free preview.
      generatedCourse({ key: "p1", chapters: 1, videosPerSubChapter: 2, durationSeconds: VIDEO_SECONDS, withChallenges: true }),
      generatedCourse({ key: "p2", chapters: 1, videosPerSubChapter: 3, durationSeconds: VIDEO_SECONDS }),
      generatedCourse({ key: "p3", chapters: 2, videosPerSubChapter: 1, durationSeconds: VIDEO_SECONDS, withChallenges: true, freePreviewFirst: true }),
    ],
    programs: [
      {
        key: "prop",
        name: "Property Program",
        courses: COURSES.map((course) => ({ course, courseType: "nonMandatory" })),
        batches: [{ key: "prop-batch", name: "Property batch", enrollmentType: "Customer (Scheduled and Optional)", allowManualVideoCompletion: true, startsAt: "2024-01-01" }],
      },
    ],
  });
  programId = (await t.db.select().from(programs).where(eq(programs.key, "prop")))[0]!.id;
  batchId = (await t.db.select().from(batches).where(eq(batches.key, "prop-batch")))[0]!.id;
  for (const key of COURSES) courseIds[key] = (await t.db.select().from(courses).where(eq(courses.key, key)))[0]!.id;
}, 60_000);
afterAll(() => t.close());

const history = programHistory(COURSES, courseHistory({ maxWatches: 5, challengeStates: ["none", "started", "submitted", "submitted"] }));
type History = Record<CourseKey, CourseHistory>;

/** Histories always tried besides the random ones: every course done; two of three done (66%, rounded down); a free preview watched without enrolling. */
const examples: [History][] = [
  [{ p1: everythingDone(true, 2), p2: everythingDone(true, 3), p3: everythingDone(true, 2) }],
  [{ p1: everythingDone(true, 2), p2: { ...everythingDone(true, 3), watches: [[0, 0, 9], [1, 0, 8], [2, 0, 7]], marks: [2] }, p3: { ...everythingDone(true, 2), challenges: ["submitted", "submitted", "submitted", "started"] } }],
  [{ p1: { ...everythingDone(true, 2), watches: [[0, 0, 9], [1, 1, 9]] }, p2: everythingDone(false, 0), p3: everythingDone(false, 2) }],
];

/** Plays the history through the API; returns, per course, what the learner's records hold, in plain sets. */
async function play(token: string, key: CourseKey, h: CourseHistory) {
  const act = learnerActions(t);
  if (h.enrolled) expect((await t.call(enrollInCourse, { token, body: { courseId: courseIds[key] } })).status).toBe(200);
  const tree: VideoCourseTree = await act.tree(token, courseIds[key]);
  const videos = videosOf(tree);
  const challenges = itemsOf(tree).filter((i) => i.type !== "video");
  // Without enrollment, only the free preview may be watched (p3's first video); nothing else is recorded.
  const watchable = h.enrolled ? videos : videos.filter((v) => !v.isLocked);
  const segments = videos.map(() => new Set<number>());
  const marked = new Set<number>();
  for (const [v, a, b] of h.watches) {
    const video = videos[v % videos.length]!;
    if (!watchable.includes(video)) continue;
    const [from, to] = a <= b ? [a, b] : [b, a];
    await act.watch(token, tree, video, from * SEGMENT, (to + 1) * SEGMENT);
    for (let s = from; s <= to; s++) segments[videos.indexOf(video)]!.add(s);
  }
  const submitted = new Set<string>();
  if (h.enrolled) {
    for (const v of h.marks) {
      await act.markComplete(token, tree, videos[v % videos.length]!);
      marked.add(v % videos.length);
    }
    for (const [i, block] of challenges.entries()) {
      const state = h.challenges[i]!;
      if (state === "none") continue;
      if (block.type === "mcqBlock") await act.startQuiz(token, tree, block);
      else await act.startEssay(token, tree, block);
      if (state !== "submitted") continue;
      if (block.type === "mcqBlock") await act.submitQuiz(token, tree, block);
      else await act.submitEssay(token, tree, block);
      submitted.add(block.id);
    }
  }
  return { videos: videos.length, segments, marked, challenges: challenges.length, submitted };
}

/** The expected progress, from the played records only. */
function recompute(records: Record<CourseKey, Awaited<ReturnType<typeof play>>>, enrolled: Record<CourseKey, boolean>) {
  const perCourse = COURSES.map((key) => {
    const r = records[key];
    const isComplete = (s: Set<number>, i: number) => r.marked.has(i) || s.size * SEGMENT >= 0.9 * VIDEO_SECONDS;
    const completeVideos = r.segments.filter(isComplete).length;
    const done = completeVideos + r.submitted.size;
    const items = r.videos + r.challenges;
    const creditedSeconds = r.segments.reduce((sum, s, i) => sum + (isComplete(s, i) ? VIDEO_SECONDS : s.size * SEGMENT), 0);
    const videoUnits = (r.videos * creditedSeconds) / (r.videos * VIDEO_SECONDS);
    const percent = done === items ? 100 : Math.min(99, Math.floor((100 * (videoUnits + r.submitted.size)) / items));
    return {
      courseId: courseIds[key],
      isEnrolled: enrolled[key],
      completedVideosCount: enrolled[key] ? completeVideos : 0,
      completedChallengesCount: r.submitted.size,
      courseProgressInPercentage: enrolled[key] ? percent : 0,
      isCompleted: enrolled[key] && done === items,
    };
  });
  const completedCourses = perCourse.filter((c) => c.isCompleted).length;
  return { completedCourses, progressInPercentage: Math.floor((100 * completedCourses) / COURSES.length), courses: perCourse };
}

describe("a program's progress", () => {
  it("equals a recomputation from the learner's records, whatever they did", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const email = `prop-${++runs}@example.com`;
        const user = await t.createUser({ email, plan: "Basic" });
        await t.db.insert(batchMembers).values({ batchId, userId: user.id });
        const token = await t.signIn(email);
        const records = {} as Record<CourseKey, Awaited<ReturnType<typeof play>>>;
        for (const key of COURSES) records[key] = await play(token, key, h[key]);
        const expected = recompute(records, { p1: h.p1.enrolled, p2: h.p2.enrolled, p3: h.p3.enrolled });

        const served: ProgramProgress = (await t.call(getCourseBundleProgress, { token, query: { bundleId: programId } })).body;
        expect({
          completedCourses: served.completedCourses,
          progressInPercentage: served.progressInPercentage,
          courses: served.courses.map((c) => ({
            courseId: c.courseId,
            isEnrolled: c.isEnrolled,
            completedVideosCount: c.completedVideosCount,
            completedChallengesCount: c.completedChallengesCount,
            courseProgressInPercentage: c.courseProgressInPercentage,
            isCompleted: c.isCompleted,
          })),
        }).toEqual(expected);
        // The learning path and the dashboard's programs tell the same.
        const path = (await t.call(getLearningPathProgress, { token })).body;
        expect(path.learningPathProgress).toEqual(served);
        const listed: EnrolledProgram[] = (await t.call(listEnrolledPrograms, { token })).body;
        expect(listed.map((p) => [p.programId, p.completedCourses, p.progressInPercentage])).toEqual([[programId, expected.completedCourses, expected.progressInPercentage]]);
      }),
      // A failure is reported as found (shrinking a history replays it through the API many times).
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 15), examples, endOnFailure: true },
    );
  }, 300_000);
});
