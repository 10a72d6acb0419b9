import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse, listAllCourses } from "@/lib/contract/calls/catalogue";
import * as calls from "@/lib/contract/calls/studio-content";
import { studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { learnerActions, videosOf } from "../support/learner-actions";

let t: TestApi;
let author: string;
let admin: string;
let learner: string;
let grader: string;
let importedId: string;

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [oneVideoCourse("imported", "Imported Course", [{ mcq: { slugId: "q1", title: "Quiz", durationInMinutes: 5, passMark: 70, attemptsAllowed: 3, questions: [{ question: "2+2?", mark: 1, options: [{ value: "4", correct: true }, { value: "5" }] }] } }])],
  });
  await t.createUser({ email: "author@example.com", role: "author" });
  await t.createUser({ email: "admin@example.com", role: "admin" });
  await t.createUser({ email: "learner@example.com" });
  await t.createUser({ email: "grader@example.com", role: "grader" });
  author = await t.signIn("author@example.com");
  admin = await t.signIn("admin@example.com");
  learner = await t.signIn("learner@example.com");
  grader = await t.signIn("grader@example.com");
  const list = await t.call(calls.listStudioCourses, { token: author });
  importedId = list.body.courses.find((c: { slugId: string }) => c.slugId === "imported").courseId;
});
afterAll(() => t.close());

const newCourse = (slugId: string) => ({ slugId, name: `Course ${slugId}`, description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false });

async function create(slugId: string) {
  const res = await t.call(calls.createCourse, { token: author, body: newCourse(slugId) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { courseId: string; revision: number };
}

async function add(courseId: string, revision: number, kind: string, title: string, parentId?: string) {
  const res = await t.call(calls.addOutlineNode, { token: author, body: { courseId, revision, kind, title, parentId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; revision: number; chapters: { id: string; subChapters: { id: string; items: { id: string }[] }[] }[] };
}

/** A course with one chapter, one sub-chapter, a filled-in video, MCQ block and essay. */
async function buildCourse(slugId: string) {
  const { courseId, revision: r0 } = await create(slugId);
  const chapter = await add(courseId, r0, "chapter", "Basics");
  const sub = await add(courseId, chapter.revision, "subChapter", "First steps", chapter.id);
  const video = await add(courseId, sub.revision, "video", "Welcome", sub.id);
  const quiz = await add(courseId, video.revision, "mcqBlock", "Check", sub.id);
  const essay = await add(courseId, quiz.revision, "essayBlock", "Write", sub.id);
  let revision = essay.revision;
  for (const [id, fields] of [
    [video.id, { kind: "video", title: "Welcome", provider: "youtube", source: "https://youtu.be/dQw4w9WgXcQ", durationSeconds: 60, pageContent: "# Hello" }],
    [quiz.id, { kind: "mcqBlock", title: "Check", durationInMinutes: 5, questions: [{ question: "**1+1**?", mark: 2, options: [{ value: "2", correct: true }, { value: "3" }] }] }],
    [essay.id, { kind: "essayBlock", title: "Write", question: "Explain.", durationInMinutes: 30, criteria: [{ name: "Clarity", marks: 5 }] }],
  ] as const) {
    const res = await t.call(calls.updateOutlineItem, { token: author, body: { courseId, revision, id, fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    revision = res.body.revision;
  }
  return { courseId, revision, chapterId: chapter.id, subId: sub.id, videoId: video.id, quizId: quiz.id, essayId: essay.id };
}

describe("studio courses", () => {
  it("creates a course as a draft that learners cannot see, and lists it with its state", async () => {
    const made = await create("fresh-course");
    expect(made).toMatchObject({ revision: 1, state: "draft", name: "Course fresh-course", domain: "Civil" });
    const list = await t.call(calls.listStudioCourses, { token: author });
    expect(list.body.courses.find((c: { courseId: string }) => c.courseId === made.courseId)).toMatchObject({ state: "draft", learnersEnrolled: 0 });
    expect(list.body.courses.find((c: { courseId: string }) => c.courseId === importedId)).toMatchObject({ state: "published" });
    expect(list.body.recentChanges[0]).toMatchObject({ action: "course.create", userName: "author", courseName: "Course fresh-course" });
    const catalogue = await t.call(listAllCourses, { token: learner, query: { pageSize: "100" } });
    expect(JSON.stringify(catalogue.body)).not.toContain("Course fresh-course");
  });

  it("refuses a slug id another course uses, and bad input naming the field", async () => {
    expect((await t.call(calls.createCourse, { token: author, body: newCourse("imported") })).body.code).toBe("slug_taken");
    const bad = await t.call(calls.createCourse, { token: author, body: { ...newCourse("x y"), price: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slugId|price/);
    const free = await t.call(calls.createCourse, { token: author, body: { ...newCourse("free"), courseType: "complimentary", price: 10 } });
    expect(free.status).toBe(400);
    expect(free.body.message).toContain("price");
  });

  it("reads and saves settings, refusing a stale save with the changes since", async () => {
    const { courseId } = await create("settings");
    const settings = await t.call(calls.getCourseSettings, { token: author, query: { courseId } });
    expect(settings.body).toMatchObject({ name: "Course settings", state: "draft", domain: "Civil", price: null });
    const body = { courseId, revision: settings.body.revision, name: "Renamed Course", description: "New words", domain: "Mechanical", courseType: "nonMandatory", price: 49.5, isPremium: true };
    const saved = await t.call(calls.updateCourseSettings, { token: admin, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: "Renamed Course", domain: "Mechanical", price: 49.5, isPremium: true, revision: settings.body.revision + 1 });
    const stale = await t.call(calls.updateCourseSettings, { token: author, body: { ...body, name: "Other name" } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale_revision");
    expect(stale.body.details).toMatchObject({ currentRevision: settings.body.revision + 1, basedOnRevision: settings.body.revision });
    expect(stale.body.details.changes[0]).toMatchObject({ action: "course.settings", userName: "admin" });
    expect(stale.body.details.changes[0].summary).toContain("name");
    const badDomain = await t.call(calls.updateCourseSettings, { token: author, body: { ...body, revision: saved.body.revision, domain: "Cooking" } });
    expect(badDomain.status).toBe(400);
    expect(badDomain.body.message).toMatch(/domain/i);
  });

  it("answers 404 for a course that does not exist", async () => {
    const res = await t.call(calls.getCourseOutline, { token: author, query: { courseId: "00000000-0000-4000-8000-000000000000" } });
    expect(res.status).toBe(404);
  });
});

describe("outline", () => {
  it("opens an imported course's draft from its current version", async () => {
    const res = await t.call(calls.getCourseOutline, { token: author, query: { courseId: importedId } });
    expect(res.body.chapters).toEqual([
      { id: "c1", title: "Chapter 1", subChapters: [{ id: "c1-s1", title: "Part 1", items: [{ id: "v1", kind: "video", title: "Video" }, { id: "q1", kind: "mcqBlock", title: "Quiz" }] }] },
    ]);
    expect(res.body.versions).toEqual([expect.objectContaining({ versionName: "v1", isCurrent: true, learners: 0 })]);
    const quiz = await t.call(calls.getOutlineItem, { token: author, query: { courseId: importedId, id: "q1" } });
    expect(quiz.body.fields).toEqual({ kind: "mcqBlock", title: "Quiz", durationInMinutes: 5, passMark: 70, attemptsAllowed: 3, questions: [{ question: "2+2?", mark: 1, options: [{ value: "4", correct: true }, { value: "5", correct: false }] }] });
  });

  it("previews the draft as a learner sees it: the first item by default, an MCQ block without its key", async () => {
    const first = await t.call(calls.getCoursePreview, { token: author, query: { courseId: importedId } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.item).toMatchObject({ kind: "video", id: "v1", title: "Video" });
    expect(first.body.chapters[0].subChapters[0].items.map((i: { id: string }) => i.id)).toEqual(["v1", "q1"]);
    const quiz = await t.call(calls.getCoursePreview, { token: author, query: { courseId: importedId, id: "q1" } });
    expect(quiz.body.item).toEqual({ kind: "mcqBlock", id: "q1", title: "Quiz", durationInMinutes: 5, passMark: 70, attemptsAllowed: 3, totalMarks: 1, questions: [{ question: "2+2?", mark: 1, maxCorrectOptionsCount: 1, options: ["4", "5"] }] });
    expect(JSON.stringify(quiz.body)).not.toContain("correct");
    const missing = await t.call(calls.getCoursePreview, { token: author, query: { courseId: importedId, id: "c1-s1" } });
    expect([missing.status, missing.body.code]).toEqual([404, "outline_node_not_found"]);
    expect(missing.body.details).toEqual({ reason: "notAnItem", id: "c1-s1", kind: "subChapter" });
  });

  it("adds, renames and moves nodes anywhere, including between sub-chapters", async () => {
    const c = await buildCourse("moving");
    const sub2 = await add(c.courseId, c.revision, "subChapter", "Second part", c.chapterId);
    const moved = await t.call(calls.moveOutlineNode, { token: author, body: { courseId: c.courseId, revision: sub2.revision, id: c.quizId, parentId: sub2.id, index: 0 } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const subs = moved.body.chapters[0].subChapters;
    expect(subs.map((s: { items: { id: string }[] }) => s.items.map((i) => i.id))).toEqual([[c.videoId, c.essayId], [c.quizId]]);
    const renamed = await t.call(calls.renameOutlineNode, { token: author, body: { courseId: c.courseId, revision: moved.body.revision, id: c.quizId, title: "Final check" } });
    expect(renamed.body.chapters[0].subChapters[1].items[0]).toEqual({ id: c.quizId, kind: "mcqBlock", title: "Final check" });
    const first = await t.call(calls.moveOutlineNode, { token: author, body: { courseId: c.courseId, revision: renamed.body.revision, id: sub2.id, parentId: c.chapterId, index: 0 } });
    expect(first.body.chapters[0].subChapters.map((s: { id: string }) => s.id)).toEqual([sub2.id, c.subId]);
  });

  it("refuses places of the wrong kind, unknown ids and stale moves", async () => {
    const c = await buildCourse("places");
    const intoChapter = await t.call(calls.moveOutlineNode, { token: author, body: { courseId: c.courseId, revision: c.revision, id: c.videoId, parentId: c.chapterId, index: 0 } });
    expect([intoChapter.status, intoChapter.body.code]).toEqual([400, "bad_outline_place"]);
    expect(intoChapter.body.details).toEqual({ reason: "itemInSubChapter" });
    const nowhere = await t.call(calls.addOutlineNode, { token: author, body: { courseId: c.courseId, revision: c.revision, kind: "subChapter", title: "Lost" } });
    expect([nowhere.status, nowhere.body.code, nowhere.body.details]).toEqual([400, "bad_outline_place", { reason: "subChapterNeedsChapter" }]);
    const unknown = await t.call(calls.renameOutlineNode, { token: author, body: { courseId: c.courseId, revision: c.revision, id: "nope", title: "x" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "outline_node_not_found"]);
    expect(unknown.body.details).toEqual({ reason: "unknown", id: "nope" });
    const noTitle = await t.call(calls.addOutlineNode, { token: author, body: { courseId: c.courseId, revision: c.revision, kind: "chapter", title: " " } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain("title");
    const stale = await t.call(calls.moveOutlineNode, { token: author, body: { courseId: c.courseId, revision: c.revision - 1, id: c.videoId, parentId: c.subId, index: 2 } });
    expect([stale.status, stale.body.code]).toEqual([409, "stale_revision"]);
    expect(stale.body.details.changes.map((x: { action: string }) => x.action)).toEqual(["item.update"]);
  });

  it("asks for confirmation before deleting an item learners have progress on, and keeps it in the published version", async () => {
    const outline = await t.call(calls.getCourseOutline, { token: author, query: { courseId: importedId } });
    expect((await t.call(enrollInCourse, { token: learner, body: { courseId: importedId } })).status).toBe(200);
    const actions = learnerActions(t);
    const tree = await actions.tree(learner, importedId);
    await actions.watch(learner, tree, videosOf(tree)[0]!, 0, 10);

    const asked = await t.call(calls.deleteOutlineNode, { token: author, body: { courseId: importedId, revision: outline.body.revision, id: "v1" } });
    expect([asked.status, asked.body.code]).toEqual([409, "delete_needs_confirmation"]);
    expect(asked.body.details).toEqual({ learnersWithProgress: 1 });
    const quizOnly = await t.call(calls.deleteOutlineNode, { token: author, body: { courseId: importedId, revision: outline.body.revision, id: "q1" } });
    expect(quizOnly.status).toBe(200);
    expect(quizOnly.body.learnersWithProgress).toBe(0);
    const done = await t.call(calls.deleteOutlineNode, { token: author, body: { courseId: importedId, revision: quizOnly.body.revision, id: "v1", confirm: true } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.chapters[0].subChapters[0].items).toEqual([]);
    // The learner's version is untouched.
    expect(videosOf(await actions.tree(learner, importedId)).map((v) => v.title)).toEqual(["Video"]);
    const [audit] = await t.db.select().from(studioAudit).where(and(eq(studioAudit.courseId, importedId), eq(studioAudit.revision, done.body.revision)));
    expect(audit).toMatchObject({ action: "outline.delete", before: expect.objectContaining({ id: "v1", kind: "video" }) });
  });
});

describe("item editors", () => {
  it("validates a video's source and keeps the YouTube id of a link", async () => {
    const c = await buildCourse("videos");
    const item = await t.call(calls.getOutlineItem, { token: author, query: { courseId: c.courseId, id: c.videoId } });
    expect(item.body.fields).toMatchObject({ kind: "video", provider: "youtube", source: "dQw4w9WgXcQ", pageContent: "# Hello" });
    const bad = await t.call(calls.updateOutlineItem, {
      token: author,
      body: { courseId: c.courseId, revision: c.revision, id: c.videoId, fields: { kind: "video", title: "V", provider: "vdocipher", source: "no spaces!", durationSeconds: 10 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("source");
    const wrongKind = await t.call(calls.updateOutlineItem, {
      token: author,
      body: { courseId: c.courseId, revision: c.revision, id: c.videoId, fields: { kind: "essayBlock", title: "E", question: "Q", durationInMinutes: 5, criteria: [] } },
    });
    expect([wrongKind.status, wrongKind.body.code]).toEqual([400, "bad_outline_place"]);
    // A client that sent the wrong kind of fields gets the API's message only.
    expect(wrongKind.body.details).toBeUndefined();
  });

  it("refuses an MCQ question with no right option, naming the field", async () => {
    const c = await buildCourse("quizzes");
    const res = await t.call(calls.updateOutlineItem, {
      token: author,
      body: { courseId: c.courseId, revision: c.revision, id: c.quizId, fields: { kind: "mcqBlock", title: "Q", durationInMinutes: 5, questions: [{ question: "Q?", mark: 1, options: [{ value: "a" }, { value: "b" }] }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("options");
  });

  it("saves an essay's rubric in order, its pass mark and word limits", async () => {
    const c = await buildCourse("essays");
    const fields = {
      kind: "essayBlock",
      title: "Write",
      question: "Why?",
      description: "Long",
      durationInMinutes: 20,
      passMark: 50,
      minWords: 30,
      maxWords: 600,
      criteria: [{ name: "B", description: "", marks: 2 }, { name: "A", description: "d", marks: 3 }],
    };
    const res = await t.call(calls.updateOutlineItem, { token: author, body: { courseId: c.courseId, revision: c.revision, id: c.essayId, fields } });
    expect(res.body.fields).toEqual({ ...fields, referenceDocumentUrl: null, referenceDocument: null, solutionDocumentUrl: null, solutionDocument: null });
    const upsideDown = await t.call(calls.updateOutlineItem, { token: author, body: { courseId: c.courseId, revision: res.body.revision, id: c.essayId, fields: { ...fields, minWords: 700 } } });
    expect([upsideDown.status, upsideDown.body.message]).toEqual([400, expect.stringContaining("maxWords must not be below minWords")]);
  });

  it("saves a quiz's pass mark and attempts allowed, and refuses a pass mark over 100 naming it", async () => {
    const c = await buildCourse("quiz-rules");
    const quiz = await t.call(calls.getOutlineItem, { token: author, query: { courseId: c.courseId, id: c.quizId } });
    const fields = { ...quiz.body.fields, passMark: 60, attemptsAllowed: 2 };
    const saved = await t.call(calls.updateOutlineItem, { token: author, body: { courseId: c.courseId, revision: c.revision, id: c.quizId, fields } });
    expect(saved.body.fields).toEqual(fields);
    const bad = await t.call(calls.updateOutlineItem, { token: author, body: { courseId: c.courseId, revision: saved.body.revision, id: c.quizId, fields: { ...fields, passMark: 120 } } });
    expect([bad.status, bad.body.message]).toEqual([400, expect.stringContaining("passMark must be a whole percent from 0 to 100")]);
  });
});

describe("publish and archive", () => {
  it("refuses an incomplete draft naming the field, then publishes a version learners get", async () => {
    const { courseId, revision } = await create("to-publish");
    const ch = await add(courseId, revision, "chapter", "One");
    const sub = await add(courseId, ch.revision, "subChapter", "Part", ch.id);
    const v = await add(courseId, sub.revision, "video", "Clip", sub.id);
    const early = await t.call(calls.publishCourse, { token: author, body: { courseId, revision: v.revision, versionName: "v1" } });
    expect([early.status, early.body.code]).toEqual([400, "draft_incomplete"]);
    expect(early.body.message).toContain("source");
    const filled = await t.call(calls.updateOutlineItem, {
      token: author,
      body: { courseId, revision: v.revision, id: v.id, fields: { kind: "video", title: "Clip", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 30 } },
    });
    const published = await t.call(calls.publishCourse, { token: author, body: { courseId, revision: filled.body.revision, versionName: "v1", releaseNotes: "First" } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.versions).toEqual([expect.objectContaining({ versionName: "v1", isCurrent: true, releaseNotes: "First" })]);
    const again = await t.call(calls.publishCourse, { token: author, body: { courseId, revision: filled.body.revision, versionName: "v1" } });
    expect([again.status, again.body.code]).toEqual([409, "version_name_taken"]);
    const stale = await t.call(calls.publishCourse, { token: author, body: { courseId, revision: v.revision, versionName: "v2" } });
    expect([stale.status, stale.body.code]).toEqual([409, "stale_revision"]);
    const catalogue = await t.call(listAllCourses, { token: learner, query: { pageSize: "100" } });
    expect(JSON.stringify(catalogue.body)).toContain("Course to-publish");

    const archived = await t.call(calls.archiveCourse, { token: author, body: { courseId, revision: filled.body.revision, archived: true } });
    expect(archived.body).toMatchObject({ state: "archived" });
    expect(JSON.stringify((await t.call(listAllCourses, { token: learner, query: { pageSize: "100" } })).body)).not.toContain("Course to-publish");
    const refused = await t.call(enrollInCourse, { token: learner, body: { courseId } });
    expect([refused.status, refused.body.code]).toEqual([403, "enrollment_not_allowed"]);
    expect((refused.body as { details?: unknown }).details).toEqual({ reason: "archived", course: "Course to-publish" });
    const back = await t.call(calls.archiveCourse, { token: author, body: { courseId, revision: archived.body.revision, archived: false } });
    expect(back.body).toMatchObject({ state: "published" });
  });
});

describe("who may use the studio", () => {
  it("refuses learners and graders with 403 and visitors with 401; admins may", async () => {
    for (const token of [learner, grader]) {
      const res = await t.call(calls.listStudioCourses, { token });
      expect([res.status, res.body.code]).toEqual([403, "role_required"]);
    }
    expect((await t.call(calls.listStudioCourses)).status).toBe(401);
    expect((await t.call(calls.getCourseSettings, { token: admin, query: { courseId: importedId } })).status).toBe(200);
  });
});
