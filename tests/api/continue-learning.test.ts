import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getLastVisitedNode, getVideoTree } from "@/lib/contract/calls/learning";
import { listContinueLearning } from "@/lib/contract/calls/dashboard";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { courses } from "@/lib/server/db/schema";
import { CONTINUE_LEARNING_LIMIT } from "@/lib/server/services/dashboard/list-continue-learning";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

let t: TestApi;
let token: string;
const trees: VideoCourseTree[] = [];
const keys = ["c1", "c2", "c3", "c4"];

async function watch(tree: VideoCourseTree, index: number, upTo: number) {
  const video = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items))[index]!;
  const timeStamp = Array.from({ length: upTo }, (_, i) => i + 1);
  const res = await t.call(recordVideoWatch, {
    token,
    body: { courseId: tree.id, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp, totalDuration: upTo } },
  });
  expect(res.status).toBe(200);
  return video;
}

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: keys.map((key) => generatedCourse({ key, chapters: 1, videosPerSubChapter: 3, durationSeconds: 300, withChallenges: false })),
  });
  await t.createUser({ email: "resume@example.com", plan: "Premium" });
  token = await t.signIn("resume@example.com");
  for (const key of keys) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    expect((await t.call(enrollInCourse, { token, body: { courseId: id } })).status).toBe(200);
    trees.push((await t.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree);
  }
});
afterAll(() => t.close());

describe("continue learning", () => {
  it("is empty before anything is watched", async () => {
    const res = await t.call(listContinueLearning, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("lists started courses, most recent first, each pointing at the video watched last and where it stopped", async () => {
    await watch(trees[0]!, 0, 30);
    const second = await watch(trees[1]!, 2, 40);
    const res = await t.call(listContinueLearning, { token });
    expect(res.body.map((c: { courseId: string }) => c.courseId)).toEqual([trees[1]!.id, trees[0]!.id]);
    const top = res.body[0];
    expect(top.lastVisited).toMatchObject({ nodeId: second.id, nodeType: "video", isFirstVisit: false });
    expect(top.lastVisited.resumeAtSeconds).toBeGreaterThanOrEqual(39);
  });

  it(`shows at most ${CONTINUE_LEARNING_LIMIT} courses`, async () => {
    await watch(trees[2]!, 0, 10);
    await watch(trees[3]!, 0, 10);
    const res = await t.call(listContinueLearning, { token });
    expect(res.body).toHaveLength(CONTINUE_LEARNING_LIMIT);
    expect(res.body[0].courseId).toBe(trees[3]!.id);
  });

  it("points each course where /getCourseLastChapterData does", async () => {
    const res = await t.call(listContinueLearning, { token });
    for (const course of res.body) {
      const single = await t.call(getLastVisitedNode, { token, query: { courseId: course.courseId } });
      expect(course.lastVisited).toEqual(single.body);
    }
  });
});
