import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { importContent } from "@/lib/server/content/import-content";
import { courses } from "@/lib/server/db/schema";
import { learningPageFor, scormLessonPageFor } from "@/lib/server/learning-page";
import { localFileStore } from "@/lib/server/storage/file-store";
import { createTestApi, type TestApi } from "../support/api";
import { launchPage, manifest12, writeZip } from "../support/scorm-packages";

// SCORM lessons are steps of their course like any other item: the tree places them among their
// sub-chapter's items, and previous and next lead into and out of them.
let t: TestApi;
let courseId = "";

const video = (slugId: string) => ({ video: { slugId, title: `Video ${slugId}`, provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 60 } });
const scorm = (slugId: string) => ({ scorm: { slugId, title: `Lesson ${slugId}`, package: "packages/lesson.zip" } });

beforeAll(async () => {
  t = await createTestApi();
  const root = mkdtempSync(path.join(os.tmpdir(), "scorm-steps-"));
  t.deps.env.UPLOAD_DIR = path.join(root, "store");
  const dir = path.join(root, "content");
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  renameSync(await writeZip([{ name: "imsmanifest.xml", text: manifest12("index.html") }, { name: "index.html", text: launchPage }], root), path.join(dir, "courses/packages/lesson.zip"));
  const course = {
    key: "steps",
    slugId: "steps",
    name: "Steps",
    description: "SCORM lessons first, between and last",
    domain: "Civil",
    isPremium: false,
    versions: [
      {
        name: "v1",
        releasedAt: "2024-01-01",
        chapters: [
          {
            slugId: "c1",
            title: "Chapter 1",
            subChapters: [
              { slugId: "s1", title: "Part 1", items: [scorm("first"), video("v1"), scorm("between"), video("v2"), scorm("last-a"), scorm("last-b")] },
              { slugId: "s2", title: "Part 2", items: [video("v3")] },
            ],
          },
        ],
      },
    ],
  };
  writeFileSync(path.join(dir, "courses/steps.json"), JSON.stringify(course));
  await importContent(t.db, dir, { fileStore: localFileStore(t.deps.env.UPLOAD_DIR) });
});
afterAll(() => t.close());

describe("SCORM lessons among a course's steps", () => {
  let token = "";
  let tree: VideoCourseTree;
  const lessonId = (title: string) => tree.scormItems.find((s) => s.title === title)!.id;

  beforeAll(async () => {
    await t.createUser({ email: "steps@example.com", plan: "Premium" });
    token = await t.signIn("steps@example.com");
    courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "steps")))[0]!.id;
    expect((await t.call(enrollInCourse, { token, body: { courseId } })).status).toBe(200);
    const res = await t.call(getVideoTree, { token, query: { id: courseId } });
    expect(res.status).toBe(200);
    tree = res.body as VideoCourseTree;
  });

  it("the tree places each lesson among its sub-chapter's items", () => {
    expect(tree.scormItems.map((s) => [s.title, s.itemsBefore])).toEqual([
      ["Lesson first", 0],
      ["Lesson between", 1],
      ["Lesson last-a", 2],
      ["Lesson last-b", 2],
    ]);
  });

  it("previous and next on a video lead into the lessons around it", async () => {
    const page = await learningPageFor(t.deps, token, { nodeType: "video", courseSlugId: "steps", chapterSlugId: "c1", subChapterSlugId: "s1", nodeSlugId: "v1" });
    if (page.kind !== "page") throw new Error("expected the page");
    expect(page.prev).toEqual({ title: "Lesson first", path: `/learn/scorm/${lessonId("Lesson first")}` });
    expect(page.next).toEqual({ title: "Lesson between", path: `/learn/scorm/${lessonId("Lesson between")}` });
  });

  it("a lesson's page has its course tree and the steps before and after it", async () => {
    const between = await scormLessonPageFor(t.deps, token, lessonId("Lesson between"));
    expect(between).toMatchObject({ courseId, title: "Lesson between", chapterTitle: "Chapter 1" });
    expect(between.tree.scormItems).toHaveLength(4);
    expect(between.prev).toEqual({ title: "Video v1", path: "/learn/video/steps/c1/s1/v1" });
    expect(between.next).toEqual({ title: "Video v2", path: "/learn/video/steps/c1/s1/v2" });

    const first = await scormLessonPageFor(t.deps, token, lessonId("Lesson first"));
    expect(first.prev).toBeNull();
    expect(first.next?.title).toBe("Video v1");

    // Two lessons together, then on into the next sub-chapter.
    const lastA = await scormLessonPageFor(t.deps, token, lessonId("Lesson last-a"));
    expect([lastA.prev?.title, lastA.next?.title]).toEqual(["Video v2", "Lesson last-b"]);
    const lastB = await scormLessonPageFor(t.deps, token, lessonId("Lesson last-b"));
    expect([lastB.prev?.title, lastB.next]).toEqual(["Lesson last-a", { title: "Video v3", path: "/learn/video/steps/c1/s2/v3" }]);
  });

  it("an unknown lesson is not found, and a visitor without a session is asked to sign in", async () => {
    await expect(scormLessonPageFor(t.deps, token, crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(scormLessonPageFor(t.deps, token, "not-an-id")).rejects.toMatchObject({ status: 404 });
    await expect(scormLessonPageFor(t.deps, undefined, lessonId("Lesson first"))).rejects.toMatchObject({ status: 401 });
  });
});
