import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getCourseOutline, getOutlineItem, publishCourse } from "@/lib/contract/calls/studio-content";
import { importContent } from "@/lib/server/content/import-content";
import { courses, scormItems, users } from "@/lib/server/db/schema";
import { startScormLaunch } from "@/lib/server/services/scorm";
import { localFileStore } from "@/lib/server/storage/file-store";
import { createTestApi, type TestApi } from "../support/api";
import { oneChapterCourse } from "../support/courses";
import { manifest12, writeZip } from "../support/scorm-packages";

let t: TestApi;
let itemId: string;
let courseId: string;
const page = `<!doctype html><html><head><script src="scripts/api.js"></script></head><body>Lesson</body></html>`;

async function get(url: string, method = "GET") {
  const res = await t.api.request(url.startsWith("http") ? url : `http://localhost${url}`, { method });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const userOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

beforeAll(async () => {
  t = await createTestApi();
  const root = mkdtempSync(path.join(os.tmpdir(), "scorm-files-"));
  t.deps.env.UPLOAD_DIR = path.join(root, "store");
  const dir = path.join(root, "content");
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  writeFileSync(
    path.join(dir, "courses/safety.yaml"),
    YAML.stringify(oneChapterCourse("safety", "Workshop Safety", [{ scorm: { slugId: "basics", title: "Basics", package: "packages/basics.zip" } }])),
  );
  const zip = await writeZip(
    [
      { name: "imsmanifest.xml", text: manifest12("lesson/index.html") },
      { name: "lesson/index.html", text: page },
      { name: "lesson/scripts/api.js", text: "window.done = true;" },
      { name: "lesson/notes.unknownext", text: "<script>alert(1)</script>" },
    ],
    root,
  );
  renameSync(zip, path.join(dir, "courses/packages/basics.zip"));
  await importContent(t.db, dir, { fileStore: localFileStore(t.deps.env.UPLOAD_DIR) });
  itemId = (await t.db.select({ id: scormItems.id }).from(scormItems))[0]!.id;
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "safety")))[0]!.id;
  await t.createUser({ email: "learner@example.com", plan: "Premium" });
  await t.createUser({ email: "stranger@example.com", plan: "Premium" });
  await t.createUser({ email: "author@example.com", role: "author" });
});
afterAll(() => t.close());

describe("a SCORM package's files", () => {
  it("open only to a learner with access to the course, an author or an administrator", async () => {
    await expect(startScormLaunch(t.deps, await userOf("stranger@example.com"), itemId)).rejects.toMatchObject({ status: 403 });
    await expect(startScormLaunch(t.deps, await userOf("stranger@example.com"), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ status: 404 });
    const token = await t.signIn("learner@example.com");
    await t.call(enrollInCourse, { token, body: { courseId } });
    const launch = await startScormLaunch(t.deps, await userOf("learner@example.com"), itemId);
    expect(launch.launchUrl).toMatch(/^\/api\/scorm\/launch\/[A-Za-z0-9_-]{43}\/lesson\/index\.html$/);
    expect(launch.version).toBe("1.2");
    expect((await startScormLaunch(t.deps, await userOf("author@example.com"), itemId)).launchUrl).toMatch(/^\/api\/scorm\/launch\//);
  });

  it("are served under a sandboxing Content-Security-Policy, with their types and nosniff, to the launch's address only", async () => {
    const { launchUrl } = await startScormLaunch(t.deps, await userOf("author@example.com"), itemId);
    const folder = launchUrl.replace(/lesson\/index\.html$/, "");
    const launch = await get(launchUrl);
    expect(launch.status).toBe(200);
    // The page as packed, with the SCORM API bridge first in its head (scorm-bridge.ts).
    expect(launch.text.replace(/<script>[^]*?<\/script>/, "")).toBe(page);
    expect(launch.text).toMatch(/^<!doctype html><html><head><script>this\.CrossFrameAPI=/);
    expect(launch.text).toContain("window.API=api;window.API_1484_11=api;");
    expect(launch.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(launch.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = launch.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms allow-popups allow-modals; /);
    expect(csp).not.toContain("allow-same-origin");
    // Framed by the learning page only; the launch token in the address goes to no one.
    expect(csp).toContain("frame-ancestors http://localhost");
    expect(launch.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(launch.headers.get("referrer-policy")).toBe("no-referrer");
    // The package's pages have an opaque origin: their own scripts are cross-origin loads.
    expect(launch.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(csp).toContain(`connect-src http://localhost${folder}`);

    const script = await get(`${folder}lesson/scripts/api.js`);
    expect([script.status, script.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    // A file of a type the platform does not know is bytes, never sniffed into a page.
    expect((await get(`${folder}lesson/notes.unknownext`)).headers.get("content-type")).toBe("application/octet-stream");
    expect((await get(`${folder}lesson/missing.html`)).status).toBe(404);
    // A path that climbs out (spelled so that the URL parser leaves it) is refused.
    expect((await get(`${folder}lesson/..%2f..%2f..%2fimsmanifest.xml`)).status).toBe(400);
    expect((await get(`${folder}imsmanifest.xml`, "HEAD")).status).toBe(200);
  });

  it("refuse an unknown or expired launch", async () => {
    expect((await get("/api/scorm/launch/not-a-token/lesson/index.html")).status).toBe(401);
    expect((await get(`/api/scorm/launch/${"A".repeat(43)}/lesson/index.html`)).status).toBe(401);
    const { launchUrl } = await startScormLaunch(t.deps, await userOf("author@example.com"), itemId);
    expect((await get(launchUrl)).status).toBe(200);
    t.advanceClock(13 * 3_600_000);
    const expired = await get(launchUrl);
    expect(expired.status).toBe(401);
    expect(expired.text).toContain("open the item again");
  });

  it("allow the package its own origin only when SCORM_CONTENT_ORIGIN is set", async () => {
    t.deps.env.SCORM_CONTENT_ORIGIN = "https://scorm.example.com";
    try {
      const { launchUrl } = await startScormLaunch(t.deps, await userOf("author@example.com"), itemId);
      expect(launchUrl).toMatch(/^https:\/\/scorm\.example\.com\/api\/scorm\/launch\//);
      const res = await get(launchUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toMatch(/^sandbox allow-scripts allow-forms allow-popups allow-modals allow-same-origin; /);
    } finally {
      delete t.deps.env.SCORM_CONTENT_ORIGIN;
    }
  });
});

describe("a SCORM item in the studio", () => {
  it("is listed in the outline, refused by the item editor, and kept by a publish", async () => {
    const author = await t.signIn("author@example.com");
    const outline = await t.call(getCourseOutline, { token: author, query: { courseId } });
    expect(outline.status).toBe(200);
    expect(outline.body.chapters[0].subChapters[0].items).toEqual([{ id: "basics", kind: "scorm", title: "Basics" }]);
    const item = await t.call(getOutlineItem, { token: author, query: { courseId, id: "basics" } });
    expect(item.status).toBe(404);
    expect(item.body.message).toContain("is a SCORM item: its package is not edited here: delete the item and upload the new package");
    const published = await t.call(publishCourse, { token: author, body: { courseId, revision: outline.body.revision, versionName: "v2" } });
    expect(published.status).toBe(200);
    const rows = await t.db.select({ slugId: scormItems.slugId, packageId: scormItems.packageId }).from(scormItems);
    expect(rows.length).toBe(2);
    expect(new Set(rows.map((r) => r.packageId)).size).toBe(1);
  });
});
