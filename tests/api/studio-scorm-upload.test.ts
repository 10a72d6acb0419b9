import { randomBytes } from "node:crypto";
import { mkdtempSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calls from "@/lib/contract/calls/studio-content";
import { scormPackages, studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { launchPage, manifest12, writeZip, type ZipEntrySpec } from "../support/scorm-packages";

let t: TestApi;
let author: string;
let store: string;

beforeAll(async () => {
  t = await createTestApi();
  store = path.join(mkdtempSync(path.join(os.tmpdir(), "scorm-upload-")), "store");
  t.deps.env.UPLOAD_DIR = store;
  await t.createUser({ email: "author@example.com", role: "author" });
  author = await t.signIn("author@example.com");
});
afterAll(() => t.close());

type Outline = { id: string; revision: number; chapters: { id: string; subChapters: { id: string; items: { id: string; kind: string; title: string }[] }[] }[] };

/** A new course with one chapter and one empty sub-chapter. */
async function course(slugId: string) {
  const made = await t.call(calls.createCourse, {
    token: author,
    body: { slugId, name: `Course ${slugId}`, description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const courseId = (made.body as { courseId: string }).courseId;
  const chapter = await t.call(calls.addOutlineNode, { token: author, body: { courseId, revision: made.body.revision, kind: "chapter", title: "One" } });
  const sub = await t.call(calls.addOutlineNode, { token: author, body: { courseId, revision: chapter.body.revision, kind: "subChapter", title: "Lessons", parentId: chapter.body.id } });
  expect(sub.status, JSON.stringify(sub.body)).toBe(200);
  return { courseId, revision: (sub.body as Outline).revision, subChapterId: (sub.body as Outline).id };
}

/** Each set of entries is zipped once: the same package sent twice is the same bytes. */
const zips = new Map<string, Buffer>();
async function zipOf(entries: ZipEntrySpec[]) {
  const key = JSON.stringify(entries);
  if (!zips.has(key)) zips.set(key, readFileSync(await writeZip(entries)));
  return zips.get(key)!;
}

async function upload(at: { courseId: string; revision: number; subChapterId: string }, entries: ZipEntrySpec[], fileName: string, title?: string) {
  const form = new FormData();
  form.set("courseId", at.courseId);
  form.set("revision", String(at.revision));
  form.set("parentId", at.subChapterId);
  if (title) form.set("title", title);
  form.set("file", new Blob([new Uint8Array(await zipOf(entries))]), fileName);
  return t.call(calls.uploadScormItem, { token: author, body: form });
}

const storedFiles = async () => (await fs.readdir(store, { recursive: true }).catch(() => [] as string[])).filter((f) => f.startsWith("scorm/") || f.startsWith("scorm"));

describe("uploading a SCORM package in the outline editor", () => {
  it("adds the item with the manifest's title, stores the package once, and records the change", async () => {
    const at = await course("scorm-upload-ok");
    const res = await upload(at, [{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }], "safety.zip");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const outline = res.body as Outline;
    expect(outline.revision).toBe(at.revision + 1);
    expect(outline.chapters[0]!.subChapters[0]!.items).toEqual([{ id: outline.id, kind: "scorm", title: "Workshop Safety Basics" }]);
    const rows = await t.db.select().from(scormPackages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fileName: "safety.zip", version: "1.2", launchPath: "index.html", masteryPercent: 80 });
    expect(await storedFiles()).toEqual(expect.arrayContaining([`scorm/${rows[0]!.sha256}/index.html`, `scorm/${rows[0]!.sha256}.zip`]));
    const audit = await t.db.select().from(studioAudit);
    expect(audit.map((a) => a.summary)).toContain('Added SCORM package "Workshop Safety Basics" (safety.zip) to "Lessons"');

    // The same package again, with the author's title: a second item, the package stored once.
    const again = await upload({ ...at, revision: outline.revision }, [{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }], "safety.zip", "Safety, again");
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body as Outline).chapters[0]!.subChapters[0]!.items.map((i) => i.title)).toEqual(["Workshop Safety Basics", "Safety, again"]);
    expect(await t.db.select().from(scormPackages)).toHaveLength(1);

    // A stale revision is refused like any outline write.
    const stale = await upload(at, [{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }], "safety.zip");
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale_revision");
  });

  it.each([
    ["an entry that escapes the package (zip-slip)", [{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }, { name: "../evil.html", text: "x" }], /\.\.\/evil\.html/],
    ["no imsmanifest.xml", [{ name: "index.html", text: launchPage }], /no imsmanifest\.xml at its root/],
  ])("refuses a package with %s: 422 with the check's message, and nothing is stored", async (_what, entries, message) => {
    const before = { packages: (await t.db.select().from(scormPackages)).length, files: (await storedFiles()).length };
    const at = await course(`scorm-refused-${before.files}-${entries.length}`);
    const res = await upload(at, entries as ZipEntrySpec[], "bad.zip");
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe("scorm_package_refused");
    expect(res.body.message).toMatch(message);
    expect((await t.db.select().from(scormPackages)).length).toBe(before.packages);
    expect((await storedFiles()).length).toBe(before.files);
    const outline = await t.call(calls.getCourseOutline, { token: author, query: { courseId: at.courseId } });
    expect(outline.body.revision).toBe(at.revision);
    expect(outline.body.chapters[0].subChapters[0].items).toEqual([]);
  });
});

describe("a large SCORM package", () => {
  it("takes a package larger than the 1 MB a JSON body may be: uploads keep their own limit", async () => {
    const at = await course("scorm-upload-large");
    const media = randomBytes(1_500_000).toString("base64");
    const res = await upload(at, [{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }, { name: "media.txt", text: media }], "large.zip");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await zipOf([{ name: "imsmanifest.xml", text: manifest12() }, { name: "index.html", text: launchPage }, { name: "media.txt", text: media }])).length).toBeGreaterThan(1024 * 1024);
  });
});
