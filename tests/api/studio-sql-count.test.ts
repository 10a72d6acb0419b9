import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calls from "@/lib/contract/calls/studio-content";
import { courses } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * The studio's calls run a fixed number of SQL statements whatever the size of the course, within
 * the budget of 10 (DESIGN.md): a course of 500 videos against one of 4, once each draft exists.
 * Publishing writes the new version's rows in one statement.
 */
let t: TestApi;
let recording: string[] | null = null;
let token: string;
const ids: Record<"small" | "large", string> = {} as never;

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "studio-small", chapters: 2, subChaptersPerChapter: 2, videosPerSubChapter: 1, withChallenges: true }),
      generatedCourse({ key: "studio-large", chapters: 10, subChaptersPerChapter: 5, videosPerSubChapter: 10, withChallenges: true }),
    ],
  });
  await t.createUser({ email: "author@example.com", role: "author" });
  token = await t.signIn("author@example.com");
  for (const size of ["small", "large"] as const) {
    ids[size] = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, `studio-${size}`)))[0]!.id;
    // Opens the draft, read once from the current version.
    expect((await t.call(calls.getCourseOutline, { token, query: { courseId: ids[size] } })).status).toBe(200);
  }
});
afterAll(() => t.close());

async function count(run: () => Promise<{ status: number; body: any }>) {
  recording = [];
  const res = await run();
  const sql = recording;
  recording = null;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { n: sql.length, body: res.body };
}

describe("studio SQL statements", () => {
  it("stay within 10 per call, the same for a course of 500 videos as for one of 4", async () => {
    const counts: Record<string, Record<"small" | "large", number>> = {};
    const record = (name: string, size: "small" | "large", n: number) => ((counts[name] ??= { small: 0, large: 0 })[size] = n);
    for (const size of ["small", "large"] as const) {
      const courseId = ids[size];
      record("listStudioCourses", size, (await count(() => t.call(calls.listStudioCourses, { token }))).n);
      record("getCourseSettings", size, (await count(() => t.call(calls.getCourseSettings, { token, query: { courseId } }))).n);
      const outline = await count(() => t.call(calls.getCourseOutline, { token, query: { courseId } }));
      record("getCourseOutline", size, outline.n);
      const firstSub = outline.body.chapters[0].subChapters[0];
      const videoId = firstSub.items[0].id;
      record("getOutlineItem", size, (await count(() => t.call(calls.getOutlineItem, { token, query: { courseId, id: videoId } }))).n);
      let revision = outline.body.revision as number;
      const added = await count(() => t.call(calls.addOutlineNode, { token, body: { courseId, revision, kind: "mcqBlock", title: "New quiz", parentId: firstSub.id } }));
      record("addOutlineNode", size, added.n);
      revision = added.body.revision;
      const renamed = await count(() => t.call(calls.renameOutlineNode, { token, body: { courseId, revision, id: added.body.id, title: "Renamed quiz" } }));
      record("renameOutlineNode", size, renamed.n);
      const lastSub = outline.body.chapters.at(-1).subChapters.at(-1);
      const moved = await count(() => t.call(calls.moveOutlineNode, { token, body: { courseId, revision: renamed.body.revision, id: added.body.id, parentId: lastSub.id, index: 0 } }));
      record("moveOutlineNode", size, moved.n);
      const fields = { kind: "mcqBlock", title: "Quiz", durationInMinutes: 5, questions: [{ question: "Q?", mark: 1, options: [{ value: "a", correct: true }, { value: "b" }] }] };
      const updated = await count(() => t.call(calls.updateOutlineItem, { token, body: { courseId, revision: moved.body.revision, id: added.body.id, fields } }));
      record("updateOutlineItem", size, updated.n);
      const deleted = await count(() => t.call(calls.deleteOutlineNode, { token, body: { courseId, revision: updated.body.revision, id: added.body.id } }));
      record("deleteOutlineNode", size, deleted.n);
      const settings = { courseId, revision: deleted.body.revision, name: `Studio ${size}`, description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false };
      const saved = await count(() => t.call(calls.updateCourseSettings, { token, body: settings }));
      record("updateCourseSettings", size, saved.n);
      const published = await count(() => t.call(calls.publishCourse, { token, body: { courseId, revision: saved.body.revision, versionName: `Studio ${size} v2` } }));
      record("publishCourse", size, published.n);
      record("archiveCourse", size, (await count(() => t.call(calls.archiveCourse, { token, body: { courseId, revision: saved.body.revision, archived: true } }))).n);
    }
    for (const [name, { small, large }] of Object.entries(counts)) {
      expect(large, `${name}: ${large} statements for 500 videos, ${small} for 4`).toBe(small);
      expect(large, `${name} runs ${large} statements`).toBeLessThanOrEqual(10);
      expect(small, `${name} was recorded`).toBeGreaterThan(0);
    }
  });
});
