import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getLastVisitedNode, getNodeBreadcrumbs, navigateNode, getRedirectionNodeKey, getTreeStats, getVideoBreadcrumb, getVideoData, getCourseOffer, navigateVideo, getVideoPlaylist, resolveCourseSlugs, getVideoTree, recordPurchaseIntent } from "@/lib/contract/calls/learning";
import { getNodeData, getNodeTree } from "@/lib/contract/calls/learning";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { courses, enrollments, purchaseIntents } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importDemo, importFiles } from "../support/courses";

let t: TestApi;
let learner: string; // demo learner: Premium, member of an auto-enrolling batch (CAD, Python)
let employee: string; // demo employee: Basic, member of a scheduled batch only
let navUser: string;
const ids: Record<string, string> = {};

const courseIdOf = async (key: string) => (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
const tree = async (token: string, courseId: string) => {
  const res = await t.call(getVideoTree, { token, query: { id: courseId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as VideoCourseTree;
};
const items = (tr: VideoCourseTree) => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));

beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
  await importFiles(t, {
    courses: [generatedCourse({ key: "nav", chapters: 3, subChaptersPerChapter: 2, videosPerSubChapter: 2, withChallenges: true, freePreviewFirst: true })],
  });
  for (const key of ["cad-solidworks", "python-for-engineers", "embedded-c", "nav"]) ids[key] = await courseIdOf(key);
  learner = await t.signIn("learner@demo.test");
  employee = await t.signIn("employee@demo.test");
  const nav = await t.createUser({ email: "nav@example.com", plan: "Premium" });
  navUser = await t.signIn(nav.email);
  expect((await t.call(enrollInCourse, { token: navUser, body: { courseId: ids.nav! } })).status).toBe(200);
});
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllGlobals();
  t.deps.env.VDOCIPHER_API_SECRET = undefined;
});

describe("the course tree", () => {
  it("holds the course, its chapters, sub-chapters and items in order, with completion and no lock for an enrolled learner", async () => {
    const tr = await tree(learner, ids["cad-solidworks"]!);
    expect(tr).toMatchObject({ id: ids["cad-solidworks"], type: "videoCourse", slugId: "cad-fundamentals-solidworks", isEnrolled: true, courseProgressInPercentage: 0 });
    expect(tr.chapters.map((c) => c.order)).toEqual(tr.chapters.map((_, i) => i));
    expect(tr.chapters[0]!.type).toBe("videoCourseChapter");
    expect(tr.chapters[0]!.subChapters[0]!.type).toBe("videoCourseSubChapter");
    const all = items(tr);
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((i) => !i.isLocked && i.completionState === "notCompleted" && !i.isLastVisited)).toBe(true);
    expect(tr.videoIds).toEqual(all.filter((i) => i.type === "video").map((i) => i.id));
    expect(tr.doesNodeHaveLastVisitedVideo).toBe(false);
  });

  it("locks every item but the free previews for a learner who is not enrolled", async () => {
    const tr = await tree(employee, ids["cad-solidworks"]!);
    expect(tr.isEnrolled).toBe(false);
    const open = items(tr).filter((i) => !i.isLocked);
    expect(open.map((i) => i.slugId)).toEqual(["course-introduction"]);
  });

  it("answers 404 for an unknown or malformed course id", async () => {
    expect((await t.call(getVideoTree, { token: learner, query: { id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await t.call(getVideoTree, { token: learner, query: { id: "not-a-uuid" } })).status).toBe(404);
  });

  it("shows completion ticks and the last visited video from the learner's own watch records only", async () => {
    const tr = await tree(navUser, ids.nav!);
    const first = items(tr)[0]!;
    const watched = await t.call(recordVideoWatch, {
      token: navUser,
      body: { courseId: ids.nav, versionId: tr.versionId, videoId: first.id, watchDuration: { timeStamp: Array.from({ length: 601 }, (_, i) => i), totalDuration: 600 } },
    });
    expect(watched.status, JSON.stringify(watched.body)).toBe(200);
    const after = await tree(navUser, ids.nav!);
    expect(items(after)[0]).toMatchObject({ completionState: "completed", isLastVisited: true });
    expect(after.chapters[0]!.doesNodeHaveLastVisitedVideo).toBe(true);
    expect(after.chapters[0]!.subChapters[0]!.doesNodeHaveLastVisitedVideo).toBe(true);
    expect(after.chapters[1]!.doesNodeHaveLastVisitedVideo).toBe(false);
    expect(after.chapters[0]!.subChapters[0]!.videoCompletionState).toBe("notCompleted");
    expect(after.courseProgressInPercentage).toBeGreaterThan(0);

    // Another learner enrolled in the same course sees none of it.
    const other = await t.createUser({ email: "nav-other@example.com", plan: "Premium" });
    const otherToken = await t.signIn(other.email);
    await t.call(enrollInCourse, { token: otherToken, body: { courseId: ids.nav } });
    const theirs = await tree(otherToken, ids.nav!);
    expect(items(theirs).every((i) => i.completionState === "notCompleted" && !i.isLastVisited)).toBe(true);
    expect(theirs.courseProgressInPercentage).toBe(0);
    expect(theirs.doesNodeHaveLastVisitedVideo).toBe(false);
  });
});

describe("navigation", () => {
  it("moves across sub-chapter and chapter ends: next of a chapter's last item is the next chapter's first", async () => {
    const tr = await tree(navUser, ids.nav!);
    const nav = (id: string, type: string, direction: "prev" | "next") =>
      t.call(navigateVideo, { token: navUser, query: { courseId: ids.nav!, id, type, direction } });

    const chapter1Last = tr.chapters[0]!.subChapters.at(-1)!.items.at(-1)!;
    const chapter2First = tr.chapters[1]!.subChapters[0]!.items[0]!;
    expect(chapter1Last.type).toBe("essayBlock");
    const next = await nav(chapter1Last.id, chapter1Last.type, "next");
    expect(next.status).toBe(200);
    expect(next.body.target).toMatchObject({ id: chapter2First.id, chapterId: tr.chapters[1]!.id, chapterSlugId: "c2", subChapterSlugId: "c2-s1" });
    expect((await nav(chapter2First.id, "video", "prev")).body.target.id).toBe(chapter1Last.id);

    // Across a sub-chapter end inside a chapter.
    const sub1Last = tr.chapters[0]!.subChapters[0]!.items.at(-1)!;
    expect((await nav(sub1Last.id, "video", "next")).body.target.id).toBe(tr.chapters[0]!.subChapters[1]!.items[0]!.id);

    const all = items(tr);
    expect((await nav(all[0]!.id, "video", "prev")).body.target).toBeNull();
    expect((await nav(all.at(-1)!.id, all.at(-1)!.type, "next")).body.target).toBeNull();

    // From a chapter: next is its first item, prev the item before it.
    expect((await nav(tr.chapters[1]!.id, "videoCourseChapter", "next")).body.target.id).toBe(chapter2First.id);
    expect((await nav(tr.chapters[1]!.id, "videoCourseChapter", "prev")).body.target.id).toBe(chapter1Last.id);
  });

  it("refuses an item of another course with 404", async () => {
    const other = items(await tree(learner, ids["cad-solidworks"]!))[0]!;
    const res = await t.call(navigateVideo, { token: navUser, query: { courseId: ids.nav!, id: other.id, type: "video", direction: "next" } });
    expect(res.status).toBe(404);
  });

  it("moves among nodes of one type in the generic tree", async () => {
    const tr = await tree(navUser, ids.nav!);
    const chapter1Quiz = tr.chapters[0]!.subChapters.at(-1)!.items.find((i) => i.type === "mcqBlock")!;
    const res = await t.call(navigateNode, { token: navUser, query: { courseId: ids.nav!, nodeId: chapter1Quiz.id, nodeType: "challenge", direction: "next" } });
    expect(res.status).toBe(200);
    expect(res.body.target).toMatchObject({ sourceType: "essayBlock", nodeType: "challenge" });
    const essay = res.body.target.nodeId;
    const next = await t.call(navigateNode, { token: navUser, query: { courseId: ids.nav!, nodeId: essay, nodeType: "challenge", direction: "next" } });
    expect(next.body.target).toMatchObject({ sourceType: "mcqBlock", chapterId: tr.chapters[1]!.id });
  });
});

describe("breadcrumbs and slugs", () => {
  it("gives the path from the course down to an item", async () => {
    const tr = await tree(navUser, ids.nav!);
    const item = tr.chapters[1]!.subChapters[1]!.items[0]!;
    const res = await t.call(getVideoBreadcrumb, { token: navUser, query: { courseId: ids.nav!, id: item.id, type: "video" } });
    expect(res.body.items.map((i: { type: string }) => i.type)).toEqual(["videoCourse", "videoCourseChapter", "videoCourseSubChapter", "video"]);
    expect(res.body.items.map((i: { slugId: string }) => i.slugId)).toEqual(["nav", "c2", "c2-s2", "c2-s2-v1"]);
    const generic = await t.call(getNodeBreadcrumbs, { token: navUser, query: { courseId: ids.nav!, nodeId: item.id } });
    expect(generic.body.items.map((i: { nodeId: string }) => i.nodeId)).toEqual([ids.nav, tr.chapters[1]!.id, tr.chapters[1]!.subChapters[1]!.id, item.id]);
  });

  it("resolves slug ids to ids, the item's real place winning over a wrong or old chapter slug", async () => {
    const tr = await tree(navUser, ids.nav!);
    const res = await t.call(resolveCourseSlugs, {
      token: navUser,
      query: { videoCourseSlugId: "nav", chapterSlugId: "c1", subChapterSlugId: "c1-s1", nodeSlugId: "c2-s1-v2" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      courseId: ids.nav,
      courseSlug: "course-nav",
      chapterId: tr.chapters[1]!.id,
      subChapterId: tr.chapters[1]!.subChapters[0]!.id,
      nodeId: tr.chapters[1]!.subChapters[0]!.items[1]!.id,
      nodeType: "video",
      isEnrolled: true,
    });
    const chapterOnly = await t.call(resolveCourseSlugs, { token: navUser, query: { videoCourseSlugId: "nav", chapterSlugId: "c3" } });
    expect(chapterOnly.body).toMatchObject({ chapterId: tr.chapters[2]!.id, subChapterId: null, nodeId: null });
    expect((await t.call(resolveCourseSlugs, { token: navUser, query: { videoCourseSlugId: "nav", nodeSlugId: "nope" } })).status).toBe(404);
    expect((await t.call(resolveCourseSlugs, { token: navUser, query: { videoCourseSlugId: "no-such-course" } })).status).toBe(404);
  });

  it("returns the learner's batch for the course", async () => {
    const res = await t.call(resolveCourseSlugs, { token: learner, query: { videoCourseSlugId: "cad-fundamentals-solidworks" } });
    expect(res.body.batchId).toEqual(expect.any(String));
    expect(res.body.isEnrolled).toBe(true);
  });
});

describe("video page data and locks", () => {
  const cadVideo = async (token: string, slugId: string) => items(await tree(token, ids["cad-solidworks"]!)).find((i) => i.slugId === slugId)!;

  it("never returns the link of a locked video, and says why it is locked", async () => {
    const tr = await tree(employee, ids["cad-solidworks"]!);
    const locked = items(tr).find((i) => i.type === "video" && i.isLocked)!;
    const res = await t.call(getVideoData, { token: employee, query: { id: locked.id, type: "video", courseId: ids["cad-solidworks"]! } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isClassLocked: true, isPageLocked: true, videoLink: null, captionsUrl: null, lockedReason: "notEnrolled", vdocipher: null });
    expect(res.body.pageData.data).toBeNull();
    expect(JSON.stringify(res.body)).not.toMatch(/youtube\.com|\/api\/files\//);
  });

  it("opens a free preview to a learner who is not enrolled, with the uploaded file's address", async () => {
    const preview = await cadVideo(employee, "course-introduction");
    const res = await t.call(getVideoData, { token: employee, query: { id: preview.id, type: "video", courseId: ids["cad-solidworks"]! } });
    expect(res.body).toMatchObject({ isClassLocked: false, videoProvider: "uploadedVideo", videoLink: "/api/files/demo/intro.mp4", lockedReason: null });
    expect(res.body.captionsUrl).toBe("/api/files/demo/intro.vtt");
  });

  it("opens every video to an enrolled learner: a YouTube address, reading content, resume position", async () => {
    const video = items(await tree(learner, ids["cad-solidworks"]!)).find((i) => i.type === "video" && i.slugId !== "course-introduction")!;
    const res = await t.call(getVideoData, { token: learner, query: { id: video.id, type: "video", courseId: ids["cad-solidworks"]! } });
    expect(res.body.isClassLocked).toBe(false);
    expect(res.body.videoLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    expect(res.body).toMatchObject({ courseName: "CAD Fundamentals with SolidWorks", courseDomain: "Mechanical", resumeAtSeconds: 0, videoCompletionState: "notCompleted" });
    expect(res.body.courseDurationInMinutes).toBeGreaterThan(0);
  });

  it("opens the video to continue with for a chapter", async () => {
    const tr = await tree(navUser, ids.nav!);
    const res = await t.call(getVideoData, { token: navUser, query: { id: tr.chapters[1]!.id, type: "videoCourseChapter", courseId: ids.nav! } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(tr.chapters[1]!.subChapters[0]!.items[0]!.id);
  });

  it("locks a premium course for a Basic learner enrolled outside a batch", async () => {
    const basic = await t.createUser({ email: "basic@example.com", plan: "Basic" });
    const token = await t.signIn(basic.email);
    const video = await cadVideo(token, "lines-arcs-relations");
    const tr = await tree(token, ids["cad-solidworks"]!);
    await t.db.insert(enrollments).values({ userId: basic.id, courseId: ids["cad-solidworks"]!, versionId: tr.versionId });
    const res = await t.call(getVideoData, { token, query: { id: video.id, type: "video", courseId: ids["cad-solidworks"]! } });
    expect(res.body).toMatchObject({ isClassLocked: true, videoLink: null, lockedReason: "premiumOnly" });
  });

  it("gives a VdoCipher video's id and a clear reason when VdoCipher is not configured", async () => {
    const video = items(await tree(learner, ids["python-for-engineers"]!)).find((i) => i.slugId === "loops-and-functions")!;
    const res = await t.call(getVideoData, { token: learner, query: { id: video.id, type: "video", courseId: ids["python-for-engineers"]! } });
    expect(res.body).toMatchObject({ videoProvider: "vdocipher", videoLink: "5f3c1e9a8b7d4c2e9f0a1b2c3d4e5f60", vdocipher: null });
    expect(res.body.videoUnavailableReason).toMatch(/VdoCipher.*not set up/);
  });

  it("fetches VdoCipher's one-time playback credentials when configured", async () => {
    t.deps.env.VDOCIPHER_API_SECRET = "test-secret";
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ otp: "otp-1", playbackInfo: "info-1" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const video = items(await tree(learner, ids["python-for-engineers"]!)).find((i) => i.slugId === "loops-and-functions")!;
    const res = await t.call(getVideoData, { token: learner, query: { id: video.id, type: "video", courseId: ids["python-for-engineers"]! } });
    expect(res.body.vdocipher).toEqual({ otp: "otp-1", playbackInfo: "info-1", embedUrl: "https://player.vdocipher.com/v2/?otp=otp-1&playbackInfo=info-1" });
    expect(res.body.videoUnavailableReason).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://dev.vdocipher.com/api/videos/5f3c1e9a8b7d4c2e9f0a1b2c3d4e5f60/otp");
    expect((init.headers as Record<string, string>).Authorization).toBe("Apisecret test-secret");

    // Not for a learner who may not watch it.
    fetchMock.mockClear();
    const locked = await t.call(getVideoData, { token: employee, query: { id: video.id, type: "video", courseId: ids["python-for-engineers"]! } });
    expect(locked.body).toMatchObject({ videoLink: null, vdocipher: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the price panel of a paid course and records the purchase intent once per course", async () => {
    const video = await cadVideo(employee, "lines-arcs-relations");
    const mini = await t.call(getCourseOffer, { token: employee, query: { courseId: ids["cad-solidworks"]!, currentId: video.id, type: "video" } });
    expect(mini.body).toMatchObject({ price: 4999, currency: "INR", isPurchased: false, canEnroll: false, currentName: video.title });
    const body = { id: ids["cad-solidworks"], name: "CAD", price: 1, pageUrl: "/learn/video/x" };
    expect((await t.call(recordPurchaseIntent, { token: employee, body })).status).toBe(200);
    expect((await t.call(recordPurchaseIntent, { token: employee, body })).status).toBe(200);
    const rows = await t.db.select().from(purchaseIntents);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ priceCents: 499900, requestCount: 2 });
    // The intent grants nothing.
    expect((await tree(employee, ids["cad-solidworks"]!)).isEnrolled).toBe(false);
  });
});

describe("the generic tree", () => {
  it("keeps only the branches holding nodes of the chosen type", async () => {
    const all = await t.call(getNodeTree, { token: navUser, query: { courseId: ids.nav!, nodeType: "all" } });
    expect(all.status).toBe(200);
    expect(all.body.nodes).toHaveLength(3);
    const challenges = await t.call(getNodeTree, { token: navUser, query: { courseId: ids.nav!, nodeType: "challenge" } });
    const leaves = challenges.body.nodes.flatMap((c: any) => c.children.flatMap((s: any) => s.children));
    expect(leaves.map((l: any) => l.sourceType)).toEqual(["mcqBlock", "essayBlock", "mcqBlock", "essayBlock", "mcqBlock", "essayBlock"]);
    expect(challenges.body.nodes[0].children).toHaveLength(1);
    const documents = await t.call(getNodeTree, { token: navUser, query: { courseId: ids.nav!, nodeType: "document" } });
    expect(documents.body.nodes).toEqual([]);
    const stats = await t.call(getTreeStats, { token: navUser, query: { courseId: ids.nav! } });
    expect(stats.body).toEqual({ all: true, video: true, challenge: true, document: false });
  });

  it("opens challenges without their questions, answers or model answer", async () => {
    const tr = await tree(navUser, ids.nav!);
    const last = tr.chapters[0]!.subChapters.at(-1)!.items;
    const mcq = await t.call(getNodeData, { token: navUser, query: { courseId: ids.nav!, nodeId: last.find((i) => i.type === "mcqBlock")!.id } });
    expect(mcq.body).toMatchObject({ sourceType: "mcqBlock", data: { attemptStatus: "notAttempted", totalScore: 2, questions: [] } });
    const essay = await t.call(getNodeData, { token: navUser, query: { courseId: ids.nav!, nodeId: last.find((i) => i.type === "essayBlock")!.id } });
    expect(essay.body).toMatchObject({ sourceType: "essayBlock", data: { question: "", totalScore: 5 } });
    expect(JSON.stringify(essay.body)).not.toContain("solution.pdf");
    expect(JSON.stringify(mcq.body)).not.toContain("isCorrect");
    const chapter = await t.call(getNodeData, { token: navUser, query: { courseId: ids.nav!, nodeId: tr.chapters[2]!.id, nodeType: "video" } });
    expect(chapter.body).toMatchObject({ sourceType: "video", data: { id: tr.chapters[2]!.subChapters[0]!.items[0]!.id } });
  });
});

describe("resuming", () => {
  it("points a first visit to the first item, then to the video watched last", async () => {
    const fresh = await t.createUser({ email: "resume@example.com", plan: "Premium" });
    const token = await t.signIn(fresh.email);
    await t.call(enrollInCourse, { token, body: { courseId: ids.nav } });
    const first = await t.call(getLastVisitedNode, { token, query: { courseId: ids.nav! } });
    expect(first.body).toMatchObject({ isFirstVisit: true, chapterSlugId: "c1", subChapterSlugId: "c1-s1", nodeSlugId: "c1-s1-v1", nodeType: "video" });

    const tr = await tree(token, ids.nav!);
    const target = tr.chapters[1]!.subChapters[1]!.items[1]!;
    await t.call(recordVideoWatch, {
      token,
      body: { courseId: ids.nav, versionId: tr.versionId, videoId: target.id, watchDuration: { timeStamp: [100, 101, 102, 103], totalDuration: 3 } },
    });
    const later = await t.call(getLastVisitedNode, { token, query: { courseId: ids.nav! } });
    expect(later.body).toMatchObject({ isFirstVisit: false, nodeId: target.id, chapterSlugId: "c2", subChapterSlugId: "c2-s2", resumeAtSeconds: 103 });
    const key = await t.call(getRedirectionNodeKey, { token, body: { courseId: ids.nav, nodeType: "video" } });
    expect(key.status).toBe(201);
    expect(key.body.redirectionNodeKey).toBe(target.id);
    const challenge = await t.call(getRedirectionNodeKey, { token, body: { courseId: ids.nav, nodeType: "challenge" } });
    expect(challenge.body.redirectionNodeKey).toBe(tr.chapters[0]!.subChapters.at(-1)!.items.find((i) => i.type === "mcqBlock")!.id);
    const playlist = await t.call(getVideoPlaylist, { token, query: { videoCourseId: ids.nav! } });
    expect(playlist.body.videos).toHaveLength(12);
  });
});
