import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAllCourses } from "@/lib/contract/calls/catalogue";
import * as calls from "@/lib/contract/calls/studio-content";
import { studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { tinyPng } from "../support/png";

// A course's cover (docs/studio.md, "Settings"): an image uploaded in the studio, stored as the
// course's picture, which the catalogue shows.

let t: TestApi;
let author: string;
let learner: string;
let root: string;
let courseId: string;

const UPLOADS = "http://localhost/api/studio/uploads";
const b64 = (s: string) => Buffer.from(s).toString("base64");

/** Uploads a whole file over tus in one request, as the studio's field does; answers the media record. */
async function upload(kind: string, filename: string, bytes: Buffer) {
  const headers = { "Tus-Resumable": "1.0.0", authorization: `Bearer ${author}` };
  const created = await t.api.request(UPLOADS, {
    method: "POST",
    headers: { ...headers, "Upload-Length": String(bytes.length), "Upload-Metadata": `kind ${b64(kind)},filename ${b64(filename)}` },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const done = await t.api.request(new URL(created.headers.get("location")!, UPLOADS).toString(), {
    method: "PATCH",
    headers: { ...headers, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(done.status, await done.clone().text()).toBe(200);
  return (await done.json()) as { id: string; url: string; kind: string };
}

async function settings() {
  const res = await t.call(calls.getCourseSettings, { token: author, query: { courseId } });
  expect(res.status).toBe(200);
  return res.body as { revision: number; name: string; description: string; domain: string; courseType: string; price: number | null; isPremium: boolean; coverImage: string | null };
}

const saveBody = (s: Awaited<ReturnType<typeof settings>>, coverImage: string | null | undefined) => ({
  courseId,
  revision: s.revision,
  name: s.name,
  description: s.description,
  domain: s.domain,
  courseType: s.courseType,
  price: s.price,
  isPremium: s.isPremium,
  ...(coverImage === undefined ? {} : { coverImage }),
});

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-cover-"));
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = root;
  await importFiles(t, { courses: [oneVideoCourse("covered", "Covered Course", [])] });
  await t.createUser({ email: "author@example.com", role: "author" });
  await t.createUser({ email: "learner@example.com" });
  author = await t.signIn("author@example.com");
  learner = await t.signIn("learner@example.com");
  const list = await t.call(calls.listStudioCourses, { token: author });
  courseId = list.body.courses.find((c: { slugId: string }) => c.slugId === "covered").courseId;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a course's cover image", () => {
  it("saves an uploaded image as the cover, shows it in the settings and in the catalogue, and audits it", async () => {
    const image = await upload("image", "cover.png", tinyPng());
    expect(image.url).toMatch(/^\/api\/files\/media\/[0-9a-f-]{36}\/original\.png$/);

    const before = await settings();
    expect(before.coverImage).toBeNull();
    const saved = await t.call(calls.updateCourseSettings, { token: author, body: saveBody(before, image.url) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ coverImage: image.url, revision: before.revision + 1 });
    expect((await settings()).coverImage).toBe(image.url);

    const catalogue = await t.call(listAllCourses, { token: learner, query: { pageSize: "100" } });
    const card = JSON.stringify(catalogue.body);
    expect(card).toContain(`"courseImage":"${image.url}"`);
    const served = await t.api.request(`http://localhost${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("image/png");

    const [audit] = await t.deps.db
      .select({ summary: studioAudit.summary, after: studioAudit.after })
      .from(studioAudit)
      .where(and(eq(studioAudit.courseId, courseId), eq(studioAudit.action, "course.settings")));
    expect(audit).toMatchObject({ summary: "Changed coverImage", after: { coverImage: image.url } });
  });

  it("keeps the cover when a save leaves it out or sends it back unchanged, and removes it with null", async () => {
    const current = await settings();
    expect(current.coverImage).not.toBeNull();
    const leftOut = await t.call(calls.updateCourseSettings, { token: author, body: { ...saveBody(current, undefined), name: "Covered Course, renamed" } });
    expect(leftOut.status).toBe(200);
    expect(leftOut.body.coverImage).toBe(current.coverImage);
    const same = await t.call(calls.updateCourseSettings, { token: author, body: saveBody(await settings(), current.coverImage) });
    expect(same.status).toBe(200);
    const removed = await t.call(calls.updateCourseSettings, { token: author, body: saveBody(await settings(), null) });
    expect(removed.body.coverImage).toBeNull();
  });

  it("refuses a cover that is not an uploaded image, naming coverImage", async () => {
    const document = await upload("document", "notes.pdf", Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"));
    for (const bad of ["https://example.com/cover.png", "/covers/other.svg", `/api/files/media/${crypto.randomUUID()}/original.png`, document.url]) {
      const res = await t.call(calls.updateCourseSettings, { token: author, body: saveBody(await settings(), bad) });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe("bad_request");
      expect(res.body.message).toMatch(/^coverImage/);
    }
    const tooLong = await t.call(calls.updateCourseSettings, { token: author, body: saveBody(await settings(), `/${"x".repeat(1001)}`) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("coverImage");
    const create = await t.call(calls.createCourse, {
      token: author,
      body: { slugId: "bad-cover", name: "Bad cover", description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false, coverImage: "/covers/x.svg" },
    });
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(/^coverImage/);
  });

  it("creates a course with an uploaded cover", async () => {
    const image = await upload("image", "new-cover.png", tinyPng());
    const res = await t.call(calls.createCourse, {
      token: author,
      body: { slugId: "with-cover", name: "With cover", description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false, coverImage: image.url },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.coverImage).toBe(image.url);
  });
});
