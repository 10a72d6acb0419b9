import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoPageData } from "@/lib/contract/entities/learning";
import { courses } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/** The server keeps each course version's tree in memory; an import of the course must be seen at once. */
let t: TestApi;
let recording: string[] | null = null;
let token: string;
let courseId: string;

const course = (title: string, durationSeconds = 600) => {
  const c = generatedCourse({ key: "cached", chapters: 2, videosPerSubChapter: 3, durationSeconds });
  c.versions[0]!.chapters[0]!.title = title;
  return c;
};

async function tree() {
  const sql: string[] = [];
  recording = sql;
  const res = await t.call(getVideoTree, { token, query: { id: courseId } });
  recording = null;
  expect(res.status).toBe(200);
  return { tree: res.body as VideoCourseTree, sql };
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, { courses: [course("Getting started")] });
  await t.createUser({ email: "cache@example.com", plan: "Premium" });
  token = await t.signIn("cache@example.com");
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "cached")))[0]!.id;
  await t.call(enrollInCourse, { token, body: { courseId } });
}, 60_000);
afterAll(() => t.close());

describe("the course tree kept in memory", () => {
  it("is read from the database once, then served from memory", async () => {
    const first = await tree();
    const second = await tree();
    expect(second.tree).toEqual(first.tree);
    expect(first.sql.filter((s) => /from "chapters"/.test(s)).length).toBeGreaterThan(0);
    expect(second.sql.filter((s) => /from "chapters"|from "videos"/.test(s))).toEqual([]);
  });

  it("shows a re-imported course's new titles and lengths on the next call", async () => {
    const before = await tree();
    expect(before.tree.chapters[0]!.title).toBe("Getting started");
    const video = before.tree.chapters[0]!.subChapters[0]!.items[0]!;
    const data = () => t.call(getVideoData, { token, query: { id: video.id, type: "video", courseId } }).then((r) => r.body as VideoPageData);
    expect((await data()).courseDurationInMinutes).toBe(60);

    await importFiles(t, { courses: [course("First steps", 1200)] });
    const after = await tree();
    expect(after.tree.chapters[0]!.title).toBe("First steps");
    expect(after.tree.chapters[0]!.subChapters[0]!.items[0]!.durationInMinutes).toBe(20);
    expect((await data()).courseDurationInMinutes).toBe(120);
  });
});
