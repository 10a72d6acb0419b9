import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses, scheduleProgramEnrollment } from "@/lib/contract/calls/catalogue";
import { getVideoCompleteStatus, getManualCompletion, getVideoData, getCourseProgress, getVideoTimestamps, getVideoTree, markVideoComplete } from "@/lib/contract/calls/learning";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import { errorBody } from "@/lib/contract/common";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { batches, courses, videoProgress, watchRecordKeys } from "@/lib/server/db/schema";
import { MANUAL_COMPLETION_REFUSED } from "@/lib/server/services/learning/mark-video-complete";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importDemo, importFiles } from "../support/courses";

let t: TestApi;
let courseId: string;
let versionId: string;
let videos: { id: string; durationInMinutes: number }[];
let tokenA: string;
let tokenB: string;
let userA: string;

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Sends a watch record; `idempotencyKey` goes as the Idempotency-Key header. */
async function send(token: string, videoId: string, timeStamp: number[], extra: Record<string, unknown> = {}, idempotencyKey?: string) {
  return t.call(recordVideoWatch, {
    token,
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined,
    body: { courseId, versionId, videoId, watchDuration: { timeStamp, totalDuration: timeStamp.length }, videoProvider: "youtube", ...extra },
  });
}

const progressRow = async (userId: string, videoId: string) =>
  (await t.db.select().from(videoProgress).where(and(eq(videoProgress.userId, userId), eq(videoProgress.videoId, videoId))))[0];

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [generatedCourse({ key: "watch", chapters: 2, videosPerSubChapter: 5, durationSeconds: 600, freePreviewFirst: true, withChallenges: false })],
  });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "watch")))[0]!.id;
  const a = await t.createUser({ email: "a@example.com", plan: "Premium" });
  await t.createUser({ email: "b@example.com", plan: "Premium" });
  userA = a.id;
  tokenA = await t.signIn("a@example.com");
  tokenB = await t.signIn("b@example.com");
  await t.call(enrollInCourse, { token: tokenA, body: { courseId } });
  await t.call(enrollInCourse, { token: tokenB, body: { courseId } });
  const tree = (await t.call(getVideoTree, { token: tokenA, query: { id: courseId } })).body as VideoCourseTree;
  versionId = tree.versionId;
  videos = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
});
afterAll(() => t.close());

describe("watch records", () => {
  it("merges overlapping ranges so nothing counts twice", async () => {
    const v = videos[1]!.id;
    expect((await send(tokenA, v, range(0, 100))).body.watchDuration.totalDuration).toBe(100);
    const res = await send(tokenA, v, range(50, 150));
    expect(res.status).toBe(200);
    expect(res.body.watchedRanges).toEqual([[0, 150]]);
    expect(res.body.watchDuration.totalDuration).toBe(150);
    expect(res.body.completed).toBe(false);
    // A record that starts a second after the previous one ended continues it.
    expect((await send(tokenA, v, range(151, 200))).body.watchedRanges).toEqual([[0, 200]]);
  });

  it("accepts records out of order, and a late older record does not move the resume position back", async () => {
    const v = videos[2]!.id;
    const newer = await send(tokenA, v, range(200, 300), { recordedAt: "2026-01-01T10:00:30Z" });
    expect(newer.body.resumeAtSeconds).toBe(300);
    const older = await send(tokenA, v, range(100, 199), { recordedAt: "2026-01-01T10:00:15Z" });
    expect(older.body.watchedRanges).toEqual([[100, 300]]);
    expect(older.body.watchDuration.totalDuration).toBe(200);
    expect(older.body.resumeAtSeconds).toBe(300);
  });

  it("counts a record resent with the same idempotency key once", async () => {
    const v = videos[3]!.id;
    const first = await send(tokenA, v, range(0, 30), {}, "rec-1");
    await send(tokenA, v, range(300, 330), {}, "rec-2");
    const row = await progressRow(userA, v);
    const again = await Promise.all([1, 2, 3].map(() => send(tokenA, v, range(0, 30), {}, "rec-1")));
    for (const r of again) {
      expect(r.status).toBe(200);
      expect(r.body.resumeAtSeconds).toBe(330);
      expect(r.body.watchDuration.totalDuration).toBe(60);
    }
    expect(first.body.watchDuration.totalDuration).toBe(30);
    const after = await progressRow(userA, v);
    expect(after!.updatedAt).toEqual(row!.updatedAt);
    const keys = await t.db.select().from(watchRecordKeys).where(eq(watchRecordKeys.userId, userA));
    expect(keys.filter((k) => k.idempotencyKey === "rec-1")).toHaveLength(1);
  });

  it("reads the idempotency key from the Idempotency-Key header only, and refuses one over 100 characters", async () => {
    const v = videos[3]!.id;
    const body = { courseId, versionId, videoId: v, watchDuration: { timeStamp: range(400, 410), totalDuration: 10 } };
    await t.request("POST", "/user/addVideoWatchRecord", { token: tokenA, body, headers: { "Idempotency-Key": "hdr-1" } });
    await t.request("POST", "/user/addVideoWatchRecord", { token: tokenA, body: { ...body, watchDuration: { timeStamp: [500, 501], totalDuration: 1 } }, headers: { "Idempotency-Key": "hdr-1" } });
    expect((await progressRow(userA, v))!.lastPositionSeconds).toBe(410);
    // A key in the body is no key.
    await t.request("POST", "/user/addVideoWatchRecord", { token: tokenA, body: { ...body, idempotencyKey: "body-1" } });
    const keys = await t.db.select().from(watchRecordKeys).where(eq(watchRecordKeys.userId, userA));
    expect(keys.map((k) => k.idempotencyKey)).not.toContain("body-1");
    const tooLong = await t.request("POST", "/user/addVideoWatchRecord", { token: tokenA, body, headers: { "Idempotency-Key": "k".repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe("bad_request");
  });

  it("does not count skipping ahead: positions far apart prove nothing was watched in between", async () => {
    const v = videos[4]!.id;
    const sparse = await send(tokenA, v, range(0, 600, 10));
    expect(sparse.body.watchDuration.totalDuration).toBe(0);
    const jumpy = await send(tokenA, v, [...range(0, 50), ...range(560, 600)]);
    expect(jumpy.body.watchDuration.totalDuration).toBe(90);
    expect(jumpy.body.completed).toBe(false);
    // The client's own count of watched seconds is not trusted.
    const claim = await t.call(recordVideoWatch, {
      token: tokenA,
      body: { courseId, versionId, videoId: v, watchDuration: { timeStamp: [100], totalDuration: 600 } },
    });
    expect(claim.body.completed).toBe(false);
  });

  it("clamps positions to the video's length", async () => {
    const v = videos[5]!.id;
    const res = await send(tokenA, v, range(590, 700));
    expect(res.body.watchedRanges).toEqual([[590, 600]]);
    expect(res.body.watchDuration.totalDuration).toBe(10);
  });

  it("completes a video at 90 % really watched, keeps it completed, and every progress call agrees", async () => {
    const v = videos[6]!.id;
    const almost = await send(tokenA, v, range(0, 539));
    expect(almost.body.completed).toBe(false);
    let status = await t.call(getVideoCompleteStatus, { token: tokenA, query: { courseId, videoId: v } });
    expect(status.body).toMatchObject({ completed: false, videoCompletionState: "notCompleted", watchedDurationInSeconds: 539 });

    const done = await send(tokenA, v, [539, 540, 541]);
    expect(done.body.completed).toBe(true);
    status = await t.call(getVideoCompleteStatus, { token: tokenA, query: { courseId, videoId: v, versionId } });
    expect(status.body).toMatchObject({ completed: true, videoCompletionState: "completed", watchedDurationInSeconds: 541, versionId });

    // Forward only: nothing sent later undoes it.
    expect((await send(tokenA, v, [0])).body.completed).toBe(true);

    const progress = await t.call(getCourseProgress, { token: tokenA, query: { courseId } });
    const stamps = await t.call(getVideoTimestamps, { token: tokenA, query: { courseId } });
    const tree = (await t.call(getVideoTree, { token: tokenA, query: { id: courseId } })).body as VideoCourseTree;
    const cards = await t.call(listAllCourses, { token: tokenA, query: { searchText: "watch" } });
    const completedInTree = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)).filter((i) => i.completionState === "completed");
    const completedStamps = stamps.body.videos.filter((x: { completed: boolean }) => x.completed);
    expect(progress.body.completedVideosCount).toBe(completedInTree.length);
    expect(completedStamps.map((x: { videoId: string }) => x.videoId).sort()).toEqual(completedInTree.map((i) => i.id).sort());
    expect(progress.body.totalVideosCount).toBe(10);
    // Ten 600 s videos: progress is the seconds credited (a completed video in full, else what was watched of it) over 6000.
    const credited = stamps.body.videos.reduce((sum: number, x: { completed: boolean; totalDuration: number }) => sum + (x.completed ? 600 : Math.min(x.totalDuration, 600)), 0);
    expect(progress.body.courseProgressInPercentage).toBe(Math.floor((100 * credited) / 6000));
    expect(progress.body.courseProgressInPercentage).toBeGreaterThan(Math.floor((100 * completedInTree.length) / 10));
    expect(tree.courseProgressInPercentage).toBe(progress.body.courseProgressInPercentage);
    expect(cards.body.results[0].courseProgressInPercentage).toBe(progress.body.courseProgressInPercentage);
    expect(cards.body.results[0].videoWatchedDurationInMinutes).toBe(progress.body.videoWatchedDurationInMinutes);
    expect(stamps.body.videos.find((x: { videoId: string }) => x.videoId === v)).toMatchObject({ totalDuration: 541, lastTimeStamp: 0, completed: true });
  });

  it("refuses a non-integer totalDuration with 400 'totalDuration must be an integer'", async () => {
    const res = await t.call(recordVideoWatch, {
      token: tokenA,
      body: { courseId, versionId, videoId: videos[0]!.id, watchDuration: { timeStamp: [1, 2], totalDuration: 1.5 } },
    });
    expect(res.status).toBe(400);
    expect(errorBody.parse(res.body).message).toContain("totalDuration must be an integer");
  });

  it("needs an enrollment, except for a free preview", async () => {
    const c = await t.createUser({ email: "c@example.com", plan: "Premium" });
    const token = await t.signIn(c.email);
    const refused = await send(token, videos[1]!.id, range(0, 10));
    expect(refused.status).toBe(403);
    const preview = await send(token, videos[0]!.id, range(0, 10));
    expect(preview.status).toBe(200);
    expect((await t.call(recordVideoWatch, { token, body: { courseId, versionId, videoId: "00000000-0000-4000-8000-000000000000", watchDuration: { timeStamp: [], totalDuration: 0 } } })).status).toBe(404);
  });

  it("never shows one learner's progress to another", async () => {
    const progress = await t.call(getCourseProgress, { token: tokenB, query: { courseId } });
    expect(progress.body).toMatchObject({ completedVideosCount: 0, videoWatchedDurationInMinutes: 0, courseProgressInPercentage: 0 });
    expect((await t.call(getVideoTimestamps, { token: tokenB, query: { courseId } })).body.videos).toEqual([]);
    const status = await t.call(getVideoCompleteStatus, { token: tokenB, query: { courseId, videoId: videos[6]!.id } });
    expect(status.body).toMatchObject({ completed: false, watchedDurationInSeconds: 0 });
    const data = await t.call(getVideoData, { token: tokenB, query: { id: videos[2]!.id, type: "video", courseId } });
    expect(data.body).toMatchObject({ resumeAtSeconds: 0, videoCompletionState: "notCompleted" });
    const tree = (await t.call(getVideoTree, { token: tokenB, query: { id: courseId } })).body as VideoCourseTree;
    expect(tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)).some((i) => i.completionState === "completed" || i.isLastVisited)).toBe(false);
    // B's records land on B's row only.
    await send(tokenB, videos[6]!.id, range(0, 10));
    expect((await progressRow(userA, videos[6]!.id))!.watchedSeconds).toBe(541);
  });
});

describe("completing a video by hand", () => {
  let demo: TestApi;
  beforeAll(async () => {
    demo = await createTestApi();
    await importDemo(demo);
  });
  afterAll(() => demo.close());

  const firstVideo = async (token: string, key: string) => {
    const id = (await demo.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    const tree = (await demo.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree;
    const video = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)).find((i) => i.type === "video" && i.slugId !== "course-introduction")!;
    return { courseId: id, videoId: video.id };
  };

  it("works where the learner's batch allows it", async () => {
    const token = await demo.signIn("learner@demo.test");
    const batch = (await demo.db.select().from(batches).where(eq(batches.key, "mech-design-2024-auto")))[0]!;
    expect((await demo.call(getManualCompletion, { token, query: { batchId: batch.id } })).body).toEqual({ enableManualVideoCompletion: true });
    const place = await firstVideo(token, "cad-solidworks");
    expect((await demo.call(getManualCompletion, { token, query: { courseId: place.courseId } })).body.enableManualVideoCompletion).toBe(true);
    const res = await demo.call(markVideoComplete, { token, body: place });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isSuccess: true, videoCompletionState: "completed" });
    expect(res.body.courseProgressInPercentage).toBeGreaterThan(0);
    const status = await demo.call(getVideoCompleteStatus, { token, query: place });
    expect(status.body).toMatchObject({ completed: true, watchedDurationInSeconds: 0 });
    expect((await demo.call(markVideoComplete, { token, body: place })).status).toBe(200);
  });

  it("is refused where the batch does not allow it", async () => {
    const token = await demo.signIn("employee@demo.test");
    const batch = (await demo.db.select().from(batches).where(eq(batches.key, "embedded-2024-scheduled")))[0]!;
    expect((await demo.call(getManualCompletion, { token, query: { batchId: batch.id } })).body.enableManualVideoCompletion).toBe(false);
    const place = await firstVideo(token, "embedded-c");
    const tree = (await demo.call(getVideoTree, { token, query: { id: place.courseId } })).body as VideoCourseTree;
    const enrolled = await demo.call(scheduleProgramEnrollment, { token, body: { batchId: batch.id, courseId: place.courseId, versionId: tree.versionId } });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const res = await demo.call(markVideoComplete, { token, body: place });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MANUAL_COMPLETION_REFUSED);
    // A batch the learner is not in is not theirs to ask about.
    const other = (await demo.db.select().from(batches).where(eq(batches.key, "mech-design-2024-auto")))[0]!;
    expect((await demo.call(getManualCompletion, { token, query: { batchId: other.id } })).status).toBe(404);
  });
});
