import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CallDef } from "@/lib/contract";
import { createEnrollment, getProgramCount, getProgramCoursesAll, getProgramCoursesBundled, getProgramCoursesBundledId, getProgramCoursesOnProgress, postProgramAutoEnrollment, postProgramEnrollment, postProgramRemoveDuplicate, postProgramScheduleEnrollment } from "@/lib/contract/calls/catalogue";
import { getCourseLastChapterData, getCourseVideoCompleteStatus, getEnableManualVideoCompletion, getNodeBreadcrumbs, getNodeNavigate, getRedirectionNodeKey, getTreeStats, getVideoBreadcrumb, getVideoData, getVideoLikeStatus, getVideoMini, getVideoNavigate, getVideoPlaylist, getVideoProgress, getVideoSlugCourseIds, getVideoTimestamp, getVideoTree, postVideoLike, postVideoMarkAsComplete, postVideoPurchaseCallback } from "@/lib/contract/calls/learning";
import { getCourseDomainsForFilters } from "@/lib/contract/calls/catalogue";
import { getContinueLearning } from "@/lib/contract/calls/dashboard";
import { getNodeData, getNodeTree } from "@/lib/contract/calls/learning";
import { addVideoWatchRecord } from "@/lib/contract/calls/learning";
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
  const record = await t.call(addVideoWatchRecord, {
    token: ctx.tokens.learnerA,
    body: { courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: Array.from({ length: 601 }, (_, i) => i), totalDuration: 600 } },
  });
  expect(record.body.completed).toBe(true);
  expect((await t.call(postVideoLike, { token: ctx.tokens.learnerA, body: { courseId, videoNodeId: fx.watchedVideo, isLiked: true } })).status).toBe(200);
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
  { call: getProgramCount, as: "learnerA", owner: "own", status: 200, check: (_c, body) => expect(body.onProgressCount).toBe(1) },
  { call: getProgramCount, as: "learnerB", owner: "own", status: 200, check: (_c, body) => expect(body.onProgressCount).toBe(0) },
  anonymous(getProgramCount),
  {
    call: getProgramCoursesOnProgress,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_c, body) => expect(body.results.map((c: { courseId: string }) => c.courseId)).toEqual([fx.courseId]),
  },
  { call: getProgramCoursesOnProgress, as: "learnerB", owner: "other", status: 200, check: (_c, body) => expect(body.results).toEqual([]) },
  anonymous(getProgramCoursesOnProgress),
  {
    call: getProgramCoursesAll,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { searchText: "Access Matrix" } }),
    status: 200,
    check: (_c, body) => expect(body.results[0]).toMatchObject({ courseId: fx.courseId, isEnrolled: false, courseProgressInPercentage: 0, videoWatchedDurationInMinutes: 0, batchId: null }),
  },
  {
    call: getProgramCoursesAll,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { searchText: "Access Matrix" } }),
    status: 200,
    check: (_c, body) => expect(body.results[0]).toMatchObject({ isEnrolled: true, batchId: fx.batchId }),
  },
  anonymous(getProgramCoursesAll),
  { call: getProgramCoursesBundled, as: "learnerA", owner: "own", status: 200, check: (_c, body) => expect(body.find((p: { programId: string }) => p.programId === fx.programId).batchId).toBe(fx.batchId) },
  { call: getProgramCoursesBundled, as: "learnerB", owner: "other", status: 200, check: (_c, body) => expect(body.find((p: { programId: string }) => p.programId === fx.programId).batchId).toBeNull() },
  anonymous(getProgramCoursesBundled),
  { call: getProgramCoursesBundledId, as: "learnerA", owner: "own", input: () => ({ query: { programId: fx.programId, batchId: fx.batchId } }), status: 200 },
  { call: getProgramCoursesBundledId, as: "learnerB", owner: "other", input: () => ({ query: { programId: fx.programId, batchId: fx.batchId } }), status: 403 },
  anonymous(getProgramCoursesBundledId, () => ({ query: { programId: fx.programId } })),
  { call: getCourseDomainsForFilters, as: "learnerB", owner: "own", status: 200 },
  anonymous(getCourseDomainsForFilters),
  // Continue learning lists the caller's own courses only: learnerB has none of learnerA's progress.
  {
    call: getContinueLearning,
    as: "learnerA",
    owner: "own",
    status: 200,
    check: (_ctx, body) => expect(body.map((c: { courseId: string }) => c.courseId)).toContain(fx.courseId),
  },
  { call: getContinueLearning, as: "learnerB", owner: "other", status: 200, check: (_ctx, body) => expect(body).toEqual([]) },
  anonymous(getContinueLearning),

  // ---------- enrollment: only oneself, only through one's own batches ----------
  { call: createEnrollment, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId } }), status: 200 },
  {
    call: createEnrollment,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId } }),
    status: 403,
    check: async (ctx) => expect(await ctx.t.db.select().from(enrollments).where(eq(enrollments.userId, ctx.ids.learnerB))).toEqual([]),
  },
  anonymous(createEnrollment, () => ({ body: { courseId: fx.courseId } })),
  ...[postProgramAutoEnrollment, postProgramScheduleEnrollment].flatMap((call): Row[] => [
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
  { call: postProgramAutoEnrollment, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } }), status: 200 },
  { call: postProgramScheduleEnrollment, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, courseId: fx.courseId, versionId: fx.versionId } }), status: 409 },
  { call: postProgramEnrollment, as: "learnerA", owner: "own", input: () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } }), status: 200 },
  { call: postProgramEnrollment, as: "learnerB", owner: "other", input: () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } }), status: 403 },
  anonymous(postProgramEnrollment, () => ({ body: { batchId: fx.batchId, bundleId: fx.programId } })),
  { call: postProgramRemoveDuplicate, as: "learnerA", owner: "own", input: () => ({ body: [fx.courseId] }), status: 200, check: (_c, body) => expect(body.courseIds).toEqual([]) },
  {
    call: postProgramRemoveDuplicate,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: [fx.courseId] }),
    status: 200,
    check: async (ctx, body) => {
      expect(body.courseIds).toEqual([fx.courseId]);
      expect(await ctx.t.db.select().from(enrollments).where(eq(enrollments.userId, ctx.ids.learnerA))).toHaveLength(1);
    },
  },
  anonymous(postProgramRemoveDuplicate, () => ({ body: [fx.courseId] })),

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
  ...[getVideoBreadcrumb, getVideoNavigate].flatMap((call): Row[] => [
    { call, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } }), status: 200 },
    {
      call,
      as: "learnerB",
      owner: "other",
      input: () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } }),
      status: 200,
      check: (_c, body) => (call === getVideoNavigate ? expect(body.target.isLocked).toBe(true) : undefined),
    },
    anonymous(call, () => ({ query: { courseId: fx.courseId, id: fx.watchedVideo, type: "video", direction: "next" } })),
  ]),
  ...[getNodeBreadcrumbs, getNodeNavigate].flatMap((call): Row[] => [
    { call, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo, direction: "prev" } }), status: 200 },
    {
      call,
      as: "learnerB",
      owner: "other",
      input: () => ({ query: { courseId: fx.courseId, nodeId: fx.lockedVideo, nodeType: "video", direction: "prev" } }),
      status: 200,
      check: (_c, body) =>
        call === getNodeNavigate
          ? expect(body.target).toMatchObject({ nodeId: fx.watchedVideo, videoCompletionState: "notCompleted", progressInPercentage: 0, isLocked: true })
          : undefined,
    },
    anonymous(call, () => ({ query: { courseId: fx.courseId, nodeId: fx.watchedVideo, direction: "prev" } })),
  ]),
  {
    call: getVideoSlugCourseIds,
    as: "learnerA",
    owner: "own",
    input: () => ({ query: { videoCourseSlugId: "acm-course" } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ batchId: fx.batchId, isEnrolled: true }),
  },
  {
    call: getVideoSlugCourseIds,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { videoCourseSlugId: "acm-course", batchId: fx.batchId } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ batchId: null, isEnrolled: false }),
  },
  anonymous(getVideoSlugCourseIds, () => ({ query: { videoCourseSlugId: "acm-course" } })),
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
  { call: getCourseLastChapterData, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.nodeId).toBe(fx.watchedVideo) },
  { call: getCourseLastChapterData, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body).toMatchObject({ isFirstVisit: true, nodeId: fx.previewVideo }) },
  anonymous(getCourseLastChapterData, courseQ),
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
    call: addVideoWatchRecord,
    as: "learnerA",
    owner: "own",
    input: () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.lockedVideo, watchDuration: { timeStamp: [0, 1, 2], totalDuration: 2 } } }),
    status: 200,
  },
  {
    call: addVideoWatchRecord,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: [0, 1, 2], totalDuration: 2 } } }),
    status: 403,
    check: async (ctx) => {
      expect(await ctx.t.db.select().from(videoProgress).where(eq(videoProgress.userId, ctx.ids.learnerB))).toEqual([]);
      expect((await progressOfA(ctx))[0]!.watchedSeconds).toBe(600);
    },
  },
  anonymous(addVideoWatchRecord, () => ({ body: { courseId: fx.courseId, versionId: fx.versionId, videoId: fx.watchedVideo, watchDuration: { timeStamp: [0], totalDuration: 0 } } })),
  { call: postVideoMarkAsComplete, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } }), status: 200 },
  {
    call: postVideoMarkAsComplete,
    as: "learnerB",
    owner: "other",
    input: () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } }),
    status: 403,
    check: async (ctx) => expect(await ctx.t.db.select().from(videoProgress).where(eq(videoProgress.userId, ctx.ids.learnerB))).toEqual([]),
  },
  anonymous(postVideoMarkAsComplete, () => ({ body: { courseId: fx.courseId, videoId: fx.lockedVideo } })),
  { call: getEnableManualVideoCompletion, as: "learnerA", owner: "own", input: () => ({ query: { batchId: fx.batchId } }), status: 200, check: (_c, body) => expect(body.enableManualVideoCompletion).toBe(true) },
  { call: getEnableManualVideoCompletion, as: "learnerB", owner: "other", input: () => ({ query: { batchId: fx.batchId } }), status: 404 },
  anonymous(getEnableManualVideoCompletion),
  { call: getVideoProgress, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.completedVideosCount).toBeGreaterThan(0) },
  {
    call: getVideoProgress,
    as: "learnerB",
    owner: "other",
    input: courseQ,
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ completedVideosCount: 0, videoWatchedDurationInMinutes: 0, courseProgressInPercentage: 0 }),
  },
  anonymous(getVideoProgress, courseQ),
  { call: getCourseVideoCompleteStatus, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } }), status: 200, check: (_c, body) => expect(body.completed).toBe(true) },
  {
    call: getCourseVideoCompleteStatus,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ completed: false, watchedDurationInSeconds: 0 }),
  },
  anonymous(getCourseVideoCompleteStatus, () => ({ query: { courseId: fx.courseId, videoId: fx.watchedVideo } })),
  { call: getVideoTimestamp, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.videos.length).toBeGreaterThan(0) },
  { call: getVideoTimestamp, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body.videos).toEqual([]) },
  anonymous(getVideoTimestamp, courseQ),

  // ---------- likes and the price panel ----------
  { call: getVideoLikeStatus, as: "learnerA", owner: "own", input: () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } }), status: 200, check: (_c, body) => expect(body.isLiked).toBe(true) },
  {
    call: getVideoLikeStatus,
    as: "learnerB",
    owner: "other",
    input: () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } }),
    status: 200,
    check: (_c, body) => expect(body).toMatchObject({ isLiked: null, likeCount: 1 }),
  },
  anonymous(getVideoLikeStatus, () => ({ query: { courseId: fx.courseId, videoNodeId: fx.watchedVideo } })),
  { call: postVideoLike, as: "learnerA", owner: "own", input: () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: true } }), status: 200, check: (_c, body) => expect(body.likeCount).toBe(1) },
  { call: postVideoLike, as: "learnerB", owner: "other", input: () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: false } }), status: 403 },
  anonymous(postVideoLike, () => ({ body: { courseId: fx.courseId, videoNodeId: fx.watchedVideo, isLiked: true } })),
  { call: getVideoMini, as: "learnerA", owner: "own", input: courseQ, status: 200, check: (_c, body) => expect(body.isPurchased).toBe(true) },
  { call: getVideoMini, as: "learnerB", owner: "other", input: courseQ, status: 200, check: (_c, body) => expect(body).toMatchObject({ isPurchased: false, price: 999 }) },
  anonymous(getVideoMini, courseQ),
  {
    call: postVideoPurchaseCallback,
    as: "learnerB",
    owner: "own",
    input: () => ({ body: { id: fx.courseId, name: "Access Matrix Course", price: 999 } }),
    status: 200,
    check: async (ctx) => {
      const rows = await ctx.t.db.select().from(purchaseIntents).where(eq(purchaseIntents.courseId, fx.courseId));
      expect(rows.map((r) => r.userId)).toEqual([ctx.ids.learnerB]);
    },
  },
  anonymous(postVideoPurchaseCallback, () => ({ body: { id: fx.courseId, name: "Access Matrix Course" } })),
];
