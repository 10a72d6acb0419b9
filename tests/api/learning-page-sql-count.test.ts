import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { recordVideoWatch, getManualCompletion, getVideoData, getVideoLike, navigateVideo, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { learnPath, type LearnPlace } from "@/lib/learning-address";
import { courses } from "@/lib/server/db/schema";
import { learningPageFor } from "@/lib/server/learning-page";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * One render of the learning page reads the session once and the course once: a bounded number of
 * SQL statements, the same for a course of 5 videos and one of 500. (Before the page had one loader,
 * its five in-process calls ran 27 statements for a video page and 23 for a multiple-choice block.)
 */
const MAX_VIDEO_PAGE = 9;
const MAX_MCQ_PAGE = 8;

let t: TestApi;
let recording: string[] | null = null;
let token: string;
const course: Record<"small" | "large", { id: string; tree: VideoCourseTree }> = {} as never;

const place = (key: string, nodeType: LearnPlace["nodeType"], chapter: number, sub: number, node: string): LearnPlace => ({
  nodeType,
  courseSlugId: key,
  chapterSlugId: `c${chapter}`,
  subChapterSlugId: `c${chapter}-s${sub}`,
  nodeSlugId: node,
});

async function render(p: LearnPlace) {
  const sql: string[] = [];
  recording = sql;
  const page = await learningPageFor(t.deps, token, p);
  recording = null;
  return { page, sql };
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "small", chapters: 1, videosPerSubChapter: 5, withChallenges: true }),
      generatedCourse({ key: "large", chapters: 10, subChaptersPerChapter: 5, videosPerSubChapter: 10, withChallenges: true }),
    ],
  });
  await t.createUser({ email: "page@example.com", plan: "Premium" });
  token = await t.signIn("page@example.com");
  for (const key of ["small", "large"] as const) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    await t.call(enrollInCourse, { token, body: { courseId: id } });
    const tree = (await t.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree;
    for (const videoId of tree.videoIds.slice(0, 3)) {
      await t.call(recordVideoWatch, { token, body: { courseId: id, versionId: tree.versionId, videoId, watchDuration: { timeStamp: [0, 1, 2, 3], totalDuration: 3 } } });
    }
    course[key] = { id, tree };
  }
}, 120_000);
afterAll(() => t.close());

describe("SQL statements of one learning-page render", () => {
  it("a video page: as many in a course of 500 videos as in one of 5, and no more than the page's budget", async () => {
    const small = await render(place("small", "video", 1, 1, "c1-s1-v3"));
    const large = await render(place("large", "video", 10, 5, "c10-s5-v10"));
    expect(small.page.kind).toBe("page");
    expect(large.sql.length, large.sql.join("\n")).toBe(small.sql.length);
    expect(small.sql.length, small.sql.join("\n")).toBeLessThanOrEqual(MAX_VIDEO_PAGE);
  });

  it("a multiple-choice block page: as many in either course, and no more than the page's budget", async () => {
    const small = await render(place("small", "mcqBlock", 1, 1, "c1-quiz"));
    const large = await render(place("large", "mcqBlock", 10, 5, "c10-quiz"));
    expect(small.page.kind).toBe("page");
    expect(large.sql.length, large.sql.join("\n")).toBe(small.sql.length);
    expect(small.sql.length, small.sql.join("\n")).toBeLessThanOrEqual(MAX_MCQ_PAGE);
  });

  it("checks the session once", async () => {
    const { sql } = await render(place("small", "video", 1, 1, "c1-s1-v1"));
    expect(sql.filter((s) => /from "sessions"/.test(s))).toHaveLength(1);
  });
});

describe("the loader shows what the API's calls answer", () => {
  it("gives the tree and the video's data the API gives, and previous and next as the API navigates", async () => {
    const { page } = await render(place("large", "video", 2, 1, "c2-s1-v1"));
    if (page.kind !== "page") throw new Error(`expected a page, got a redirect to ${page.path}`);
    const { id } = course.large;
    expect(page.tree).toEqual((await t.call(getVideoTree, { token, query: { id } })).body);
    expect(page.video).toEqual((await t.call(getVideoData, { token, query: { id: page.item.id, type: "video", courseId: id } })).body);
    // The video panel's other two answers, as its queries would ask them.
    expect(page.videoPanel?.likeStatus).toEqual((await t.call(getVideoLike, { token, query: { videoNodeId: page.item.id, courseId: id } })).body);
    const manual = await t.call(getManualCompletion, { token, query: { ...(page.batchId ? { batchId: page.batchId } : {}), courseId: id } });
    expect(page.videoPanel?.manualCompletion).toEqual(manual.status === 200 ? manual.body : null);
    for (const direction of ["prev", "next"] as const) {
      const target = (await t.call(navigateVideo, { token, query: { courseId: id, id: page.item.id, type: "video", direction } })).body.target;
      const expected = {
        title: target.title,
        path: learnPath({ nodeType: target.type, courseSlugId: "large", chapterSlugId: target.chapterSlugId, subChapterSlugId: target.subChapterSlugId, nodeSlugId: target.slugId }),
      };
      expect(page[direction]).toEqual(expected);
    }
    // The first item of chapter 2 follows chapter 1's last item, the essay.
    expect(page.prev?.title).toBe("Essay 1");
  });

  it("a challenge page carries no video data, and the course's last item has no next", async () => {
    const { page } = await render(place("small", "essayBlock", 1, 1, "c1-essay"));
    if (page.kind !== "page") throw new Error("expected a page");
    expect(page.video).toBeNull();
    expect(page.videoPanel).toBeNull();
    expect(page.prev?.title).toBe("Quiz 1");
    expect(page.next).toBeNull();
  });

  it("sends an old address to the item's address today, and a course's address to where the learner left off", async () => {
    const moved = await render({ ...place("small", "video", 1, 1, "c1-s1-v2"), chapterSlugId: "old-chapter" });
    expect(moved.page).toEqual({ kind: "redirect", path: "/learn/video/small/c1/c1-s1/c1-s1-v2" });
    const entry = await learningPageFor(t.deps, token, { nodeType: "course", courseSlugId: "small" });
    // The last video watched in setUp is the third.
    expect(entry).toEqual({ kind: "redirect", path: "/learn/video/small/c1/c1-s1/c1-s1-v3" });
  });

  it("refuses a missing session, and answers 404 for a slug id that names nothing", async () => {
    await expect(learningPageFor(t.deps, undefined, place("small", "video", 1, 1, "c1-s1-v1"))).rejects.toMatchObject({ status: 401 });
    await expect(learningPageFor(t.deps, "not-a-session-token", place("small", "video", 1, 1, "c1-s1-v1"))).rejects.toMatchObject({ status: 401 });
    await expect(learningPageFor(t.deps, token, place("small", "video", 1, 1, "no-such-item"))).rejects.toMatchObject({ status: 404 });
    await expect(learningPageFor(t.deps, token, place("no-such-course", "video", 1, 1, "c1-s1-v1"))).rejects.toMatchObject({ status: 404 });
    // An item of another course is not found in this one.
    await expect(learningPageFor(t.deps, token, place("small", "video", 10, 5, "c10-s5-v10"))).rejects.toMatchObject({ status: 404 });
  });
});
