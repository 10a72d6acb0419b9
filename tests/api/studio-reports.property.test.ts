import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getCourseBundleProgress } from "@/lib/contract/calls/learning-paths";
import { getReportLearner, listReportLearners } from "@/lib/contract/calls/studio-reports";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { batchMembers, batches, courses, programs } from "@/lib/server/db/schema";
import type { ReportRow } from "@/lib/studio-reports-cells";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { courseHistory, everythingDone, programHistory, type CourseHistory } from "../support/learner-history";
import { itemsOf, learnerActions, videosOf } from "../support/learner-actions";

/*
 * The report tells what the learner's own pages tell. Each run is a new learner of a program's batch
 * with a random history (courses enrolled in, stretches of videos watched, videos marked complete,
 * quizzes and essays started or submitted, a free preview watched without enrolling); then the
 * administrator's report rows, for each course and for the program, are compared with the learner's
 * own answers (the program's progress, course by course, which the learning path and the dashboard
 * share) and with the history itself: who is a row, whether they started, and the quiz and essay cells.
 */

const SEGMENT = 10;
const VIDEO_SECONDS = 10 * SEGMENT;
const COURSES = ["q1", "q2", "q3"] as const;
type CourseKey = (typeof COURSES)[number];

let t: TestApi;
let admin: string;
let programId: string;
let batchId: string;
const courseIds = {} as Record<CourseKey, string>;
let runs = 0;

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "q1", chapters: 1, videosPerSubChapter: 2, durationSeconds: VIDEO_SECONDS, withChallenges: true }),
      generatedCourse({ key: "q2", chapters: 1, videosPerSubChapter: 3, durationSeconds: VIDEO_SECONDS }),
      generatedCourse({ key: "q3", chapters: 2, videosPerSubChapter: 1, durationSeconds: VIDEO_SECONDS, withChallenges: true, freePreviewFirst: true }),
    ],
    programs: [
      {
        key: "qprog",
        name: "Report Property Program",
        courses: COURSES.map((course) => ({ course, courseType: "nonMandatory" })),
        batches: [{ key: "qprog-batch", name: "Report property batch", enrollmentType: "Customer (Scheduled and Optional)", allowManualVideoCompletion: true, startsAt: "2024-01-01" }],
      },
    ],
  });
  programId = (await t.db.select().from(programs).where(eq(programs.key, "qprog")))[0]!.id;
  batchId = (await t.db.select().from(batches).where(eq(batches.key, "qprog-batch")))[0]!.id;
  for (const key of COURSES) courseIds[key] = (await t.db.select().from(courses).where(eq(courses.key, key)))[0]!.id;
  await t.createUser({ email: "report-admin@example.com", role: "admin" });
  admin = await t.signIn("report-admin@example.com");
}, 60_000);
afterAll(() => t.close());

const history = programHistory(COURSES, courseHistory({ maxWatches: 4, challengeStates: ["none", "started", "submitted"] }));
type History = Record<CourseKey, CourseHistory>;

const nothing: CourseHistory = { enrolled: true, watches: [], marks: [], challenges: ["none", "none", "none", "none"] };
const examples: [History][] = [
  [{ q1: everythingDone(true, 2), q2: everythingDone(true, 3), q3: everythingDone(true, 2) }],
  [{ q1: nothing, q2: everythingDone(false, 0), q3: { ...nothing, enrolled: false, watches: [[0, 0, 9]] } }],
  [{ q1: { ...everythingDone(true, 2), challenges: ["started", "submitted", "none", "none"] }, q2: nothing, q3: everythingDone(true, 1) }],
];

/** Plays one course's history through the learner's calls; returns what it did there while enrolled. */
async function play(token: string, key: CourseKey, h: CourseHistory) {
  const act = learnerActions(t);
  if (h.enrolled) expect((await t.call(enrollInCourse, { token, body: { courseId: courseIds[key] } })).status).toBe(200);
  const tree: VideoCourseTree = await act.tree(token, courseIds[key]);
  const videos = videosOf(tree);
  const challenges = itemsOf(tree).filter((i) => i.type !== "video");
  const watchable = h.enrolled ? videos : videos.filter((v) => !v.isLocked);
  let acted = false;
  for (const [v, a, b] of h.watches) {
    const video = videos[v % videos.length]!;
    if (!watchable.includes(video)) continue;
    const [from, to] = a <= b ? [a, b] : [b, a];
    await act.watch(token, tree, video, from * SEGMENT, (to + 1) * SEGMENT);
    acted = true;
  }
  const quiz: ("none" | "started" | "submitted")[] = [];
  const essay: ("notStarted" | "onProgress" | "awaitingResults")[] = [];
  if (h.enrolled) {
    for (const v of h.marks) {
      await act.markComplete(token, tree, videos[v % videos.length]!);
      acted = true;
    }
    for (const [i, block] of challenges.entries()) {
      const state = h.challenges[i]!;
      if (block.type === "mcqBlock") quiz.push(state);
      else essay.push(state === "none" ? "notStarted" : state === "started" ? "onProgress" : "awaitingResults");
      if (state === "none") continue;
      acted = true;
      if (block.type === "mcqBlock") await act.startQuiz(token, tree, block);
      else await act.startEssay(token, tree, block);
      if (state !== "submitted") continue;
      if (block.type === "mcqBlock") await act.submitQuiz(token, tree, block);
      else await act.submitEssay(token, tree, block);
    }
  }
  return { acted: h.enrolled && acted, quiz, essay };
}

async function reportRowOf(userId: string, query: Record<string, string>): Promise<ReportRow | undefined> {
  const rows: ReportRow[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { rows: ReportRow[]; nextCursor: string | null } } = await t.call(listReportLearners, { token: admin, query: { ...query, batch: "qprog-batch", limit: "200", ...(cursor ? { cursor } : {}) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.rows);
    cursor = res.body.nextCursor;
  } while (cursor);
  return rows.find((r) => r.userId === userId);
}

describe("the learner report", () => {
  it("tells each learner's progress as their own pages do, whatever they did", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const email = `report-prop-${++runs}@example.com`;
        const user = await t.createUser({ email });
        await t.db.insert(batchMembers).values({ batchId, userId: user.id });
        const token = await t.signIn(email);
        const played = {} as Record<CourseKey, Awaited<ReturnType<typeof play>>>;
        for (const key of COURSES) played[key] = await play(token, key, h[key]);

        const own: ProgramProgress = (await t.call(getCourseBundleProgress, { token, query: { bundleId: programId } })).body;
        const detail = (await t.call(getReportLearner, { token: admin, query: { id: user.id } })).body;
        for (const key of COURSES) {
          const mine = own.courses.find((c) => c.courseId === courseIds[key])!;
          const row = await reportRowOf(user.id, { course: courseIds[key] });
          if (!h[key].enrolled) {
            expect(row, key).toBeUndefined();
            continue;
          }
          expect(row, key).toBeDefined();
          expect({ progress: row!.progressPercent, videos: row!.completedVideos, of: row!.totalVideos, completed: row!.completedAt !== null }, key).toEqual({
            progress: mine.courseProgressInPercentage,
            videos: mine.completedVideosCount,
            of: mine.totalVideosCount,
            completed: mine.isCompleted,
          });
          expect(row!.startedAt !== null, `${key} started`).toBe(played[key].acted);
          expect(row!.mcq.filter((m) => m.passed).length + row!.essays.filter((e) => e.passed).length, key).toBe(mine.completedChallengesCount);
          expect(row!.mcq.map((m) => (m.scorePercent !== null ? "submitted" : m.attempts ? "started" : "none")), key).toEqual(played[key].quiz);
          expect(row!.essays.map((e) => e.status), key).toEqual(played[key].essay);
          expect(detail.courses.find((c: { courseId: string }) => c.courseId === courseIds[key])).toMatchObject({
            progressPercent: mine.courseProgressInPercentage,
            isCompleted: mine.isCompleted,
          });
        }
        const programRow = await reportRowOf(user.id, { program: programId });
        if (!COURSES.some((k) => h[k].enrolled)) expect(programRow).toBeUndefined();
        else {
          expect(programRow!.progressPercent).toBe(own.progressInPercentage);
          expect(programRow!.completedAt !== null).toBe(own.completedCourses === COURSES.length);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), examples, endOnFailure: true },
    );
  }, 300_000);
});
