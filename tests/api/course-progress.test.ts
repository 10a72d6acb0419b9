import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import { recordVideoWatch, getCourseProgress, getVideoTree } from "@/lib/contract/calls/learning";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

// A course's progress moves with watched time (docs/enrollment.md, "Progress"), not only with completion.

let t: TestApi;
let token: string;
let tree: VideoCourseTree;

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    users: [{ email: "watcher@example.com", name: "Watcher", plan: "Basic" }],
    // Two 20-second videos.
    courses: [generatedCourse({ key: "clips", name: "Short Clips", chapters: 1, videosPerSubChapter: 2, durationSeconds: 20 })],
  });
  token = await t.signIn("watcher@example.com");
  const courseId = (await t.call(listAllCourses, { token, query: {} })).body.results[0].courseId;
  await t.call(enrollInCourse, { token, body: { courseId } });
  tree = (await t.call(getVideoTree, { token, query: { id: courseId } })).body as VideoCourseTree;
});
afterAll(() => t.close());

const card = async () => (await t.call(listAllCourses, { token, query: {} })).body.results[0] as CourseCard;
const watch = (videoId: string, stamps: number[]) =>
  t.call(recordVideoWatch, { token, body: { courseId: tree.id, versionId: tree.versionId, videoId, watchDuration: { timeStamp: stamps, totalDuration: stamps.length } } });

describe("progress by watched time", () => {
  it("starts at 0 with the course's length in seconds", async () => {
    expect(await card()).toMatchObject({ courseProgressInPercentage: 0, videoWatchedDurationInSeconds: 0, videoTotalDurationInSeconds: 40, videoTotalDurationInMinutes: 1 });
  });

  it("moves with the seconds watched before any video is complete, and every progress call agrees", async () => {
    await watch(tree.videoIds[0]!, range(0, 10));
    const c = await card();
    // 10 of 40 seconds watched: a quarter of the videos.
    expect(c).toMatchObject({ videoWatchedDurationInSeconds: 10, courseProgressInPercentage: 25 });
    const progress = await t.call(getCourseProgress, { token, query: { courseId: tree.id } });
    expect(progress.body).toMatchObject({ completedVideosCount: 0, courseProgressInPercentage: 25 });
    const again = (await t.call(getVideoTree, { token, query: { id: tree.id } })).body as VideoCourseTree;
    expect(again.courseProgressInPercentage).toBe(25);
  });

  it("credits a completed video in full, and reaches 100 only when everything is complete", async () => {
    // Positions 0 to 18 are 18 seconds of 20: the first video is complete (90 %) and credited in full.
    await watch(tree.videoIds[0]!, range(0, 18));
    expect(await card()).toMatchObject({ courseProgressInPercentage: 50 });
    await watch(tree.videoIds[1]!, range(0, 19));
    expect(await card()).toMatchObject({ courseProgressInPercentage: 100, videoWatchedDurationInSeconds: 37 });
  });
});
