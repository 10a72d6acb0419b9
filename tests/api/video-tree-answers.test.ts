import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { recordVideoWatch, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { createApi } from "@/lib/server/api/app";
import { courses, users, videoProgress } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * The tree's answer is serialized and gzipped once per distinct content, then sent as stored while
 * the learner's state is unchanged: what a learner does, or any process writes to their progress,
 * must show on their very next read, and never on another learner's.
 */
let t: TestApi;
let courseId: string;
const tokens: Record<"ada" | "bo", string> = { ada: "", bo: "" };

const tree = async (who: "ada" | "bo") => {
  const res = await t.call(getVideoTree, { token: tokens[who], query: { id: courseId } });
  expect(res.status).toBe(200);
  return res.body as VideoCourseTree;
};

async function watchWhole(who: "ada" | "bo", current: VideoCourseTree, videoId: string) {
  const seconds = Array.from({ length: 11 }, (_, i) => i);
  const res = await t.call(recordVideoWatch, {
    token: tokens[who],
    body: { courseId, versionId: current.versionId, videoId, watchDuration: { timeStamp: seconds, totalDuration: 10 } },
  });
  expect(res.status).toBe(200);
}

const userIdOf = async (who: "ada" | "bo") => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, `${who}@example.com`)))[0]!.id;

const itemsOf = (tr: VideoCourseTree) => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [generatedCourse({ key: "answers", chapters: 2, videosPerSubChapter: 3, durationSeconds: 10, withChallenges: false })] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "answers")))[0]!.id;
  for (const who of ["ada", "bo"] as const) {
    await t.createUser({ email: `${who}@example.com`, plan: "Premium" });
    tokens[who] = await t.signIn(`${who}@example.com`);
    await t.call(enrollInCourse, { token: tokens[who], body: { courseId } });
  }
}, 60_000);
afterAll(() => t.close());

describe("the course tree's stored answers", () => {
  it("reach a gzip client compressed from the standalone server, and decompress to the tree a plain client gets", async () => {
    const plain = await tree("ada");
    const standalone = createApi(async () => t.deps, { compresses: true });
    const headers = { authorization: `Bearer ${tokens.ada}`, "accept-encoding": "gzip, deflate, br" };
    for (let read = 0; read < 2; read++) {
      const res = await standalone.request(`http://localhost/api/course/video/tree?id=${courseId}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8"))).toEqual(plain);
    }
  });

  it("reach a client that takes no gzip, and an API built not to compress, as plain JSON", async () => {
    const plain = await tree("ada");
    const standalone = createApi(async () => t.deps, { compresses: true });
    const noGzip = await standalone.request(`http://localhost/api/course/video/tree?id=${courseId}`, { headers: { authorization: `Bearer ${tokens.ada}` } });
    expect(noGzip.headers.get("content-encoding")).toBeNull();
    expect(await noGzip.json()).toEqual(plain);
    const inProcess = await t.api.request(`http://localhost/api/course/video/tree?id=${courseId}`, {
      headers: { authorization: `Bearer ${tokens.ada}`, "accept-encoding": "gzip, deflate, br" },
    });
    expect(inProcess.headers.get("content-encoding")).toBeNull();
    expect(await inProcess.json()).toEqual(plain);
  });

  it("show a video the learner just finished on their next read, and only on theirs", async () => {
    const before = await tree("ada");
    const first = itemsOf(before)[0]!;
    expect(first.completionState).toBe("notCompleted");
    const boBefore = await tree("bo");

    await watchWhole("ada", before, first.id);
    const after = await tree("ada");
    expect(itemsOf(after)[0]!.completionState).toBe("completed");
    expect(itemsOf(after)[0]!.isLastVisited).toBe(true);
    expect(after.courseProgressInPercentage).toBeGreaterThan(before.courseProgressInPercentage);
    expect(await tree("bo")).toEqual(boBefore);
  });

  it("move the last visited video when the learner watches another one", async () => {
    const before = await tree("ada");
    const third = itemsOf(before)[2]!;
    await t.call(recordVideoWatch, {
      token: tokens.ada,
      body: { courseId, versionId: before.versionId, videoId: third.id, watchDuration: { timeStamp: [0, 1], totalDuration: 1 } },
    });
    const after = await tree("ada");
    expect(itemsOf(after)[2]!.isLastVisited).toBe(true);
    expect(itemsOf(after)[0]!.isLastVisited).toBe(false);
    expect(itemsOf(after)[2]!.completionState).toBe("notCompleted");
  });

  it("show a change another process wrote to the learner's progress, and only to theirs", async () => {
    const before = await tree("ada");
    expect(itemsOf(before)[0]!.completionState).toBe("completed");
    const boBefore = await tree("bo");
    // Not through this API: as an operator's script or another server would, straight in the database.
    await t.db.delete(videoProgress).where(and(eq(videoProgress.userId, await userIdOf("ada")), eq(videoProgress.courseId, courseId)));
    const after = await tree("ada");
    expect(itemsOf(after).every((i) => i.completionState === "notCompleted" && !i.isLastVisited)).toBe(true);
    expect(after.courseProgressInPercentage).toBe(0);
    expect(await tree("bo")).toEqual(boBefore);
  });

  it("show a video completed straight in the database", async () => {
    const before = await tree("ada");
    const second = itemsOf(before)[1]!;
    expect(second.completionState).toBe("notCompleted");
    const userId = await userIdOf("ada");
    await t.db.insert(videoProgress).values({ userId, videoId: second.id, courseId, versionId: before.versionId, watchedSeconds: 10, completedAt: new Date(), completedBy: "manual" });
    expect(itemsOf(await tree("ada"))[1]!.completionState).toBe("completed");
  });
});
