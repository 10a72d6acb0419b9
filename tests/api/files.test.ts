import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import { courses } from "@/lib/server/db/schema";
import { sessionCookieName } from "@/lib/session-cookie";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

let t: TestApi;
let root: string;
const lesson = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

async function get(urlPath: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await t.api.request(`http://localhost${urlPath}`, { method, headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await createTestApi();
  root = mkdtempSync(path.join(os.tmpdir(), "uploads-"));
  mkdirSync(path.join(root, "open"));
  mkdirSync(path.join(root, "paid"));
  writeFileSync(path.join(root, "open", "clip.mp4"), lesson);
  writeFileSync(path.join(root, "open", "clip.vtt"), "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n");
  writeFileSync(path.join(root, "paid", "lesson.mp4"), lesson);
  writeFileSync(path.join(os.tmpdir(), "outside-secret.txt"), "secret");
  t.deps.env.UPLOAD_DIR = root;
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "uploads", chapters: 1, videosPerSubChapter: 1, provider: "uploadedVideo", source: "paid/lesson.mp4", durationSeconds: 60 }),
    ],
  });
});
afterAll(() => t.close());

describe("GET /api/files/*", () => {
  it("serves a whole file with its type, range support and private caching", async () => {
    const res = await get("/api/files/open/clip.mp4");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("cache-control")).toMatch(/^private/);
    expect(res.bytes.equals(lesson)).toBe(true);
    const vtt = await get("/api/files/open/clip.vtt");
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
  });

  it("answers a byte range with 206 and Content-Range", async () => {
    const res = await get("/api/files/open/clip.mp4", { Range: "bytes=100-199" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(res.headers.get("content-length")).toBe("100");
    expect(res.bytes.equals(lesson.subarray(100, 200))).toBe(true);

    const open = await get("/api/files/open/clip.mp4", { Range: "bytes=990-" });
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(open.bytes.equals(lesson.subarray(990))).toBe(true);
    const suffix = await get("/api/files/open/clip.mp4", { Range: "bytes=-10" });
    expect(suffix.status).toBe(206);
    expect(suffix.bytes.equals(lesson.subarray(990))).toBe(true);
    const clipped = await get("/api/files/open/clip.mp4", { Range: "bytes=900-5000" });
    expect(clipped.headers.get("content-range")).toBe("bytes 900-999/1000");
  });

  it("answers 416 for a range it cannot satisfy", async () => {
    for (const range of ["bytes=1000-", "bytes=1000-1100", "bytes=500-100", "bytes=abc", "bytes=-0"]) {
      const res = await get("/api/files/open/clip.mp4", { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range"), range).toBe("bytes */1000");
    }
  });

  it("answers HEAD with the headers only", async () => {
    const res = await get("/api/files/open/clip.mp4", { Range: "bytes=0-9" }, "HEAD");
    expect(res.status).toBe(206);
    expect(res.headers.get("content-length")).toBe("10");
    expect(res.bytes.length).toBe(0);
  });

  it("refuses paths that leave the storage root, and answers 404 for what is not a file", async () => {
    for (const p of ["/api/files/open/..%2F..%2Foutside-secret.txt", "/api/files/open%5C..%5C..%5Coutside-secret.txt", "/api/files/open/%00x"]) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
    }
    for (const p of ["/api/files/../outside-secret.txt", "/api/files/%2e%2e/outside-secret.txt", "/api/files/open", "/api/files/open/missing.mp4"]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(res.bytes.toString()).not.toContain("secret\"");
    }
  });

  it("serves an uploaded video that is not a free preview only to a learner who may watch it", async () => {
    expect((await get("/api/files/paid/lesson.mp4")).status).toBe(401);
    await t.createUser({ email: "viewer@example.com", plan: "Premium" });
    const token = await t.signIn("viewer@example.com");
    expect((await get("/api/files/paid/lesson.mp4", { Authorization: `Bearer ${token}` })).status).toBe(403);

    const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "uploads")))[0]!.id;
    const tree = await t.call(getVideoTree, { token, query: { id: courseId } });
    const locked = await t.call(getVideoData, { token, query: { id: tree.body.videoIds[0], type: "video", courseId } });
    expect(locked.body.videoLink).toBeNull();

    await t.call(enrollInCourse, { token, body: { courseId } });
    const data = await t.call(getVideoData, { token, query: { id: tree.body.videoIds[0], type: "video", courseId } });
    expect(data.body.videoLink).toBe("/api/files/paid/lesson.mp4");
    const byHeader = await get(data.body.videoLink, { Authorization: `Bearer ${token}`, Range: "bytes=0-9" });
    expect(byHeader.status).toBe(206);
    // A <video> element cannot send a header: the session cookie stands in for it.
    const byCookie = await get(data.body.videoLink, { Cookie: `${sessionCookieName("dev")}=${token}` });
    expect(byCookie.status).toBe(200);
    expect(byCookie.bytes.equals(readFileSync(path.join(root, "paid", "lesson.mp4")))).toBe(true);
  });
});
