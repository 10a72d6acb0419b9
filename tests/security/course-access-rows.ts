import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import { enrollInCourse, countPrograms, listAllCourses, listBundledPrograms, getProgramCourses, listCoursesOnProgress, autoEnrollInProgram, enrollInProgram, removeDuplicateEnrollments, scheduleProgramEnrollment } from "@/lib/contract/calls/catalogue";
import { getLastVisitedNode, getVideoCompleteStatus, getManualCompletion, getNodeBreadcrumbs, navigateNode, getRedirectionNodeKey, getTreeStats, getVideoBreadcrumb, getVideoData, getVideoLike, getCourseOffer, navigateVideo, getVideoPlaylist, getCourseProgress, resolveCourseSlugs, getVideoTimestamps, getVideoTree, setVideoLike, markVideoComplete, recordPurchaseIntent } from "@/lib/contract/calls/learning";
import { getCourseDomains } from "@/lib/contract/calls/catalogue";
import { listContinueLearning } from "@/lib/contract/calls/dashboard";
import { getNodeData, getNodeTree } from "@/lib/contract/calls/learning";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batches, courses, enrollments, programs, purchaseIntents, videoProgress } from "@/lib/server/db/schema";
import { generatedCourse, importFiles } from "../support/courses";
import type { AccessCtx as Ctx, AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the course calls. learnerA is a member of an auto-enrolling batch of a paid
 * course and has progress, a like and a completed video in it; learnerB is in no batch, so every
 * row where learnerB names that course, batch or its videos asks for "other" data: it must be refused,
 * or answered without anything of learnerA's.
 */

export const fx = {
  courseId: "",
  versionId: "",
  chapterId: "",
  previewVideo: "",
  watchedVideo: "",
  lockedVideo: "",
  mcqId: "",
  essayId: "",
  batchId: "",
  programId: "",
};

/** Imports the course, program and batch of these rows and gives learnerA progress in them. */
export async function prepareCourseAccess(ctx: Ctx) {
  const { t } = ctx;
  await importFiles(t, {
    courses: [generatedCourse({ key: "acm-course", name: "Access Matrix Course", chapters: 2, videosPerSubChapter: 2, price: 999, withChallenges: true, freePreviewFirst: true })],
    programs: [
      {
        key: "acm-program",
        name: "Access Matrix Program",
        courses: [{ course: "acm-course" }],
        batches: [{ key: "acm-auto", name: "Access batch", enrollmentType: "System (Auto enroll)", allowManualVideoCompletion: true, members: [ctx.emails.learnerA] }],
      },
    ],
  });
  fx.batchId = (await t.db.select().from(batches).where(eq(batches.key, "acm-auto")))[0]!.id;
  fx.programId = (await t.db.select().from(programs).where(eq(programs.key, "acm-program")))[0]!.id;
  const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "acm-course")))[0]!.id;
  const tree = (await t.call(getVideoTree, { token: ctx.tokens.learnerA, query: { id: courseId } })).body as VideoCourseTree;
  expect(tree.isEnrolled).toBe(true);
  const items = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
  Object.assign(fx, {
    courseId,
    versionId: tree.versionId,
    chapterId: tree.chapters[1]!.id,
    previewVideo: tree.videoIds[0],
    watchedVideo: tree.videoIds[1],
    lockedVideo: tree.videoIds[2],
    mcqId: items.find((i) => i.type === "mcqBlock")!.id,
    essayId: items.find((i) => i.type === "essayBlock")!.id,
  });
  const record = await t.call(recordVideoWatch, {
    token: ctx.tokens.learnerA,
    body: { courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: Array.from({ length: 601 }, (_, i) => i), totalDuration: 600 } },
  });
  expect(record.body.completed).toBe(true);
  expect((await t.call(setVideoLike, { token: ctx.tokens.learnerA, body: { courseId, videoNodeId: fx.watchedVideo, isLiked: true } })).status).toBe(200);
}

const progressOfA = async (ctx: Ctx) =>
  ctx.t.db.select().from(videoProgress).where(and(eq(videoProgress.userId, ctx.ids.learnerA), eq(videoProgress.videoId, fx.watchedVideo)));

const courseQ = () => ({ query: { courseId: fx.courseId } });
const anonymous = (call: CallDef, input?: Row["input"]): Row => ({ call, as: "anonymous", owner: "other", input, status: 401 });
const nothingOfA = (body: unknown) => {
  const text = JSON.stringify(body);
  expect(text).not.toContain('"completed"');
  expect(text).not.toContain('"isLastVisited":true');
  expect(text).not.toContain('"doesNodeHaveLastVisitedVideo":true');
};

export const courseAccessRows: Row[] = [
  // ---------- catalogue: always the caller's own view ----------
  { call: countPrograms, as: "learnerA", owner: "own", status: 200, check: (_c, body) => expect(body.onProgressCount).toBe(1) },
  { call: countPrograms, as: "learnerB", owner: "own", status: 200, check: (_c, body) => expect(body.onProgressCount).toBe(0) },
  anonymous(countPrograms),
  {
    call: listCoursesOnProgress,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_c, body) => expect(body.results.map((c: { courseId: string }) => c.courseId)).toEqual([fx.courseId]),
  },
  { call: listCoursesOnProgress, as: "learnerB", owner: "other", status: 200, check: (_c, body) => expect(body.results).toEqual([]) },
  anonymous(listCoursesOnProgress),
  {
    call: listAllCourses,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { searchText: "Access Matrix" } }),
    status: 200,
    check: (_c, body) => expect(body.results[0]).toMatchObject({ courseId: fx.courseId, isEnrolled: false, courseProgressInPercentage: 0, videoWatchedDurationInMinutes: 0, batchId: null }),
  },
  {
    call: listAllCourses,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { searchText: "Access Matrix" } }),
    status: 200,
    check: (_c, body) => expect(body.results[0]).toMatchObject({ isEnrolled: true, batchId: fx.batchId }),
  },
  anonymous(listAllCourses),
  { call: listBundledPrograms, as: "learnerA", owner: "own", status: 200, check: (_c, body) => expect(body.find((p: { programId: string }) => p.programId === fx.programId).batchId).toBe(fx.batchId) },
  { call: listBundledPrograms, as: "learnerB", owner: "other", status: 200, check: (_c, body) => expect(body.find((p: { programId: string }) => p.programId === fx.programId).batchId).toBeNull() },
  anonymous(listBundledPrograms),
  { call: getProgramCourses, as: "learnerA", owner: "own", input: () => ({ query: { programId: fx.programId, batchId: fx.batchId } }), status: 200 },
  { call: getProgramCourses, as: "learnerB", owner: "other", input: () => ({ query: { programId: fx.programId, batchId: fx.batchId } }), status: 403 },
  anonymous(getProgramCourses, () => ({ query: { programId: fx.programId } })),
  { call: getCourseDomains, as: "learnerB", owner: "own", status: 200 },
  anonymous(getCourseDomains),
  // Continue learning lists the caller's own courses only: learnerB has none of learnerA's progress.
  {
    call: listContinueLearning,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.map((c: { courseId: string }) => c.courseId)).toContain(fx.courseId),
  },
  { call: listContinueLearning, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  anonymous(listContinueLearning),

  // ---------- enrollment: only oneself, only through one's own batches ----------
  { call: enrollInCourse, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId } }), status: 200 },
  {
    call: enrollInCourse,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId } }),
    status: 403,
    check: async (ctx) => expect(await ctx.t.db.select().from(enrollments).where(eq(enrollments.userId, ctx.ids.learnerB))).toEqual([]),
  },
  anonymous(enrollInCourse, () => ({ body: { courseId: fx.courseId } })),
  ...[autoEnrollInProgram, scheduleProgramEnrollment].flatMap((call): Row[] => [
    {
      call,
      as: "learnerB",
      owner: "other",
      input: () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } }),
      status: 403,
      check: async (ctx) => expect(await ctx.t.db.select().from(enrollments).where(eq(enrollments.userId, ctx.ids.learnerB))).toEqual([]),
    },
    anonymous(call, () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } })),
  ]),
  { call: autoEnrollInProgram, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } }), status: 200 },
  { call: scheduleProgramEnrollment, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } }), status: 409 },
  { call: enrollInProgram, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } }), status: 200 },
  { call: enrollInProgram, as: "learnerB", owner: "other", input: () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } }), status: 403 },
  anonymous(enrollInProgram, () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } })),
  { call: removeDuplicateEnrollments, as: "learnerA", owner: "own", input: () => ({ body: [fx.courseId] }), status: 200, check: (_c, body) => expect(body.courseIds).toEqual([]) },
  {
    call: removeDuplicateEnrollments,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: [fx.courseId] }),
    status: 200,
    check: async (ctx, body) => {
      expect(body.courseIds).toEqual([fx.courseId]);
      expect(await ctx.t.db.select().from(enrollments).where(eq(enrollments.userId, ctx.ids.learnerA))).toHaveLength(1);
    },
  },
  anonymous(removeDuplicateEnrollments, () => ({ body: [fx.courseId] })),

  // ---------- the learning page: the structure is shown to all, progress and links only to the learner ----------
  {
    call: getVideoTree,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { id: fx.courseId } }),
    status: 200,
    check: (_c, body) => expect(JSON.stringify(body)).toContain('"isLastVisited":true'),
  },
  {
    call: getVideoTree,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { id: fx.courseId } }),
    status: 200,
    check: (_c, body) => {
      nothingOfA(body);
      expect(body.isEnrolled).toBe(false);
    },
  },
  anonymous(getVideoTree, () => ({ query: { id: fx.courseId } })),
  {
    call: getVideoData,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { id: fx.lockedVideo, type: "video", courseId: fx.courseId } }),
    status: 200,
    check: (_c, body) => expect(body.videoLink).toMatch(/^https:\/\/www\.youtube\.com\//),
  },
  {
    call: getVideoData,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { id: fx.watchedVideo, type: "video", courseId: fx.courseId } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ videoLink: null, isClassLocked: true, videoCompletionState: "notCompleted", resumeAtSeconds: 0 }),
  },
  anonymous(getVideoData, () => ({ query: { id: fx.lockedVideo, type: "video", courseId: fx.courseId } })),
  ...[getVideoBreadcrumb, navigateVideo].flatMap((call): Row[] => [
    { call, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } }), status: 200 },
    {
      call,
      as: "learnerB",
      owner: "other",
      input: () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } }),
      status: 200,
      check: (_c, body) => (call === navigateVideo ? expect(body.target.isLocked).toBe(true) : undefined),
    },
    anonymous(call, () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } })),
  ]),
  ...[getNodeBreadcrumbs, navigateNode].flatMap((call): Row[] => [
    { call, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo, direction: "prev" } }), status: 200 },
    {
      call,
      as: "learnerB",
      owner: "other",
      input: () => ({ query: { courseId: fx.courseId, nodeId: fx.lockedVideo, nodeType: "video", direction: "prev" } }),
      status: 200,
      check: (_c, body) =>
        call === navigateNode
          ? expect(body.target).toMatchObject({ nodeId: fx.watchedVideo, videoCompletionState: "notCompleted", progressInPercentage: 0, isLocked: true })
          : undefined,
    },
    anonymous(call, () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo, direction: "prev" } })),
  ]),
  {
    call: resolveCourseSlugs,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { videoCourseSlugId: "acm-course" } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ batchId: fx.batchId, isEnrolled: true }),
  },
  {
    call: resolveCourseSlugs,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { videoCourseSlugId: "acm-course", batchId: fx.batchId } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ batchId: null, isEnrolled: false }),
  },
  anonymous(resolveCourseSlugs, () => ({ query: { videoCourseSlugId: "acm-course" } })),
  { call: getVideoPlaylist, as: "learnerA", owner: "own", input: () => ({ query: { videoCourseId: fx.courseId } }), status: 200 },
  {
    call: getVideoPlaylist,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { videoCourseId: fx.courseId } }),
    status: 200,
    check: (_c, body) => expect(body.videos.every((v: { videoCompletionState: string }) => v.videoCompletionState === "notCompleted")).toBe(true),
  },
  anonymous(getVideoPlaylist, () => ({ query: { videoCourseId: fx.courseId } })),
  { call: getLastVisitedNode, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.nodeId).toBe(fx.watchedVideo) },
  { call: getLastVisitedNode, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body).toMatchObject({ isFirstVisit: true, nodeId: fx.previewVideo }) },
  anonymous(getLastVisitedNode, courseQ),
  { call: getRedirectionNodeKey, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId, nodeType: "all" } }), status: 201 },
  {
    call: getRedirectionNodeKey,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, nodeType: "all" } }),
    status: 201,
    check: (_c, body) => expect(body.redirectionNodeKey).toBe(fx.previewVideo),
  },
  anonymous(getRedirectionNodeKey, () => ({ body: { courseId: fx.courseId, nodeType: "all" } })),
  { call: getTreeStats, as: "learnerB", owner: "other", input: courseQ, status: 200 },
  anonymous(getTreeStats, courseQ),
  { call: getNodeTree, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId } }), status: 200, check: (_c, body) => expect(body.progressInPercentage).toBeGreaterThan(0) },
  { call: getNodeTree, as: "learnerB", owner: "other", input: () => ({ query: { courseId: fx.courseId } }), status: 200, check: (_c, body) => expect(body.progressInPercentage).toBe(0) },
  anonymous(getNodeTree, () => ({ query: { courseId: fx.courseId } })),
  { call: getNodeData, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, nodeId: fx.mcqId } }), status: 200, check: (_c, body) => expect(body.data.isChallengeLocked).toBe(false) },
  {
    call: getNodeData,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo } }),
    status: 200,
    check: (_c, body) => expect(body.data).toMatchObject({ videoLink: null, isClassLocked: true, videoCompletionState: "notCompleted" }),
  },
  anonymous(getNodeData, () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo } })),

  // ---------- progress: recorded for the caller only, and only where they may watch ----------
  {
    call: recordVideoWatch,
    as: "learnerA",
    owner: "own",
    input: () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.lockedVideo, watchDuration: { timeStamp: [0, 1, 2], totalDuration: 2 } } }),
    status: 200,
  },
  {
    call: recordVideoWatch,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: [0, 1, 2], totalDuration: 2 } } }),
    status: 403,
    check: async (ctx) => {
      expect(await ctx.t.db.select().from(videoProgress).where(eq(videoProgress.userId, ctx.ids.learnerB))).toEqual([]);
      expect((await progressOfA(ctx))[0]!.watchedSeconds).toBe(600);
    },
  },
  anonymous(recordVideoWatch, () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: [0], totalDuration: 0 } } })),
  { call: markVideoComplete, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } }), status: 200 },
  {
    call: markVideoComplete,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } }),
    status: 403,
    check: async (ctx) => expect(await ctx.t.db.select().from(videoProgress).where(eq(videoProgress.userId, ctx.ids.learnerB))).toEqual([]),
  },
  anonymous(markVideoComplete, () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } })),
  { call: getManualCompletion, as: "learnerA", owner: "own", input: () => ({ query: { batchId: fx.batchId } }), status: 200, check: (_c, body) => expect(body.enableManualVideoCompletion).toBe(true) },
  { call: getManualCompletion, as: "learnerB", owner: "other", input: () => ({ query: { batchId: fx.batchId } }), status: 404 },
  anonymous(getManualCompletion),
  { call: getCourseProgress, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.completedVideosCount).toBeGreaterThan(0) },
  {
    call: getCourseProgress,
    as: "learnerB",
    owner: "other",
    input: courseQ,
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ completedVideosCount: 0, videoWatchedDurationInMinutes: 0, courseProgressInPercentage: 0 }),
  },
  anonymous(getCourseProgress, courseQ),
  { call: getVideoCompleteStatus, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } }), status: 200, check: (_c, body) => expect(body.completed).toBe(true) },
  {
    call: getVideoCompleteStatus,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ completed: false, watchedDurationInSeconds: 0 }),
  },
  anonymous(getVideoCompleteStatus, () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } })),
  { call: getVideoTimestamps, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.videos.length).toBeGreaterThan(0) },
  { call: getVideoTimestamps, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body.videos).toEqual([]) },
  anonymous(getVideoTimestamps, courseQ),

  // ---------- likes and the price panel ----------
  { call: getVideoLike, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } }), status: 200, check: (_c, body) => expect(body.isLiked).toBe(true) },
  {
    call: getVideoLike,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ isLiked: null, likeCount: 1 }),
  },
  anonymous(getVideoLike, () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } })),
  { call: setVideoLike, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: true } }), status: 200, check: (_c, body) => expect(body.likeCount).toBe(1) },
  { call: setVideoLike, as: "learnerB", owner: "other", input: () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: false } }), status: 403 },
  anonymous(setVideoLike, () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: true } })),
  { call: getCourseOffer, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.isPurchased).toBe(true) },
  { call: getCourseOffer, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body).toMatchObject({ isPurchased: false, price: 999 }) },
  anonymous(getCourseOffer, courseQ),
  {
    call: recordPurchaseIntent,
    as: "learnerB",
    owner: "own",
    input: () => ({ body: { id: fx.courseId, name: "Access Matrix Course", price: 999 } }),
    status: 200,
    check: async (ctx) => {
      const rows = await ctx.t.db.select().from(purchaseIntents).where(eq(purchaseIntents.courseId, fx.courseId));
      expect(rows.map((r) => r.userId)).toEqual([ctx.ids.learnerB]);
    },
  },
  anonymous(recordPurchaseIntent, () => ({ body: { id: fx.courseId, name: "Access Matrix Course" } })),
];
