import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import { getNodeTree } from "@/lib/contract/calls/learning";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { CallDef } from "@/lib/contract";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { courses } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/** The tree and data calls must run the same number of SQL statements on a course of 5 videos and one of 500. */
let t: TestApi;
let recording: string[] | null = null;
let token: string;
const course: Record<"small" | "large", { id: string; tree: VideoCourseTree }> = {} as never;

async function statements(call: CallDef, query: Record<string, string>) {
  const sql: string[] = [];
  recording = sql;
  const res = await t.call(call, { token, query });
  recording = null;
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return sql;
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "small", chapters: 1, videosPerSubChapter: 5, withChallenges: true }),
      generatedCourse({ key: "large", chapters: 10, subChaptersPerChapter: 5, videosPerSubChapter: 10, withChallenges: true }),
    ],
  });
  await t.createUser({ email: "counter@example.com", plan: "Premium" });
  token = await t.signIn("counter@example.com");
  for (const key of ["small", "large"] as const) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    await t.call(enrollInCourse, { token, body: { courseId: id } });
    const tree = (await t.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree;
    // Some progress in both, so the learner's records are read too.
    for (const videoId of tree.videoIds.slice(0, 3)) {
      await t.call(recordVideoWatch, { token, body: { courseId: id, versionId: tree.versionId, videoId, watchDuration: { timeStamp: [0, 1, 2, 3], totalDuration: 3 } } });
    }
    course[key] = { id, tree };
  }
}, 120_000);
afterAll(() => t.close());

describe("SQL statements per call", () => {
  it("has the generated courses it claims", () => {
    expect(course.small.tree.videoIds).toHaveLength(5);
    expect(course.large.tree.videoIds).toHaveLength(500);
  });

  it("runs as many statements for the tree of 500 videos as for the tree of 5", async () => {
    const small = await statements(getVideoTree, { id: course.small.id });
    const large = await statements(getVideoTree, { id: course.large.id });
    expect(large.length, large.join("\n")).toBe(small.length);
    expect(small.length).toBeLessThanOrEqual(8);
  });

  it("runs as many statements for a video's data in either course", async () => {
    const small = await statements(getVideoData, { id: course.small.tree.videoIds[4]!, type: "video", courseId: course.small.id });
    const large = await statements(getVideoData, { id: course.large.tree.videoIds[499]!, type: "video", courseId: course.large.id });
    expect(large.length, large.join("\n")).toBe(small.length);
    expect(small.length).toBeLessThanOrEqual(6);
  });

  it("runs as many statements to open a chapter (the video to continue with) in either course", async () => {
    const small = await statements(getVideoData, { id: course.small.tree.chapters[0]!.id, type: "videoCourseChapter", courseId: course.small.id });
    const large = await statements(getVideoData, { id: course.large.tree.chapters[9]!.id, type: "videoCourseChapter", courseId: course.large.id });
    expect(large.length).toBe(small.length);
  });

  it("runs as many statements for the generic tree in either course", async () => {
    const small = await statements(getNodeTree, { courseId: course.small.id, nodeType: "all" });
    const large = await statements(getNodeTree, { courseId: course.large.id, nodeType: "all" });
    expect(large.length).toBe(small.length);
  });
});
