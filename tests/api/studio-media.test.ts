import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getVideoData, getVideoTree } from "@/lib/contract/calls/learning";
import { getMedia } from "@/lib/contract/calls/studio-media";
import { courses, mediaFiles } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

let t: TestApi;
let admin: string;
let learner: string;
let root: string;
let clip: Buffer;

const UPLOADS = "http://localhost/api/studio/uploads";
const b64 = (s: string) => Buffer.from(s).toString("base64");
const metadataOf = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");

/** A tus request straight to the API, as tus-js-client sends them. */
function tus(method: string, url: string, headers: Record<string, string>, body?: BodyInit, token = admin) {
  return t.api.request(url, { method, headers: { "Tus-Resumable": "1.0.0", authorization: `Bearer ${token}`, ...headers }, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

async function create(kind: string, filename: string, size: number, token = admin) {
  return tus("POST", UPLOADS, { "Upload-Length": String(size), "Upload-Metadata": metadataOf({ kind, filename }) }, undefined, token);
}

async function patch(location: string, offset: number, bytes: Uint8Array) {
  return tus("PATCH", new URL(location, UPLOADS).toString(), { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" }, bytes as BodyInit);
}

/** Uploads a whole file in one go; answers the finishing PATCH. */
async function upload(kind: string, filename: string, bytes: Buffer) {
  const created = await create(kind, filename, bytes.length);
  expect(created.status, await created.clone().text()).toBe(201);
  return patch(created.headers.get("location")!, 0, bytes);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-media-"));
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = root;
  await t.createUser({ email: "admin@example.com", role: "admin" });
  await t.createUser({ email: "learner@example.com" });
  admin = await t.signIn("admin@example.com");
  learner = await t.signIn("learner@example.com");
  const file = path.join(root, "clip.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=3:size=640x360:rate=25", "-f", "lavfi", "-i", "sine=duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file]);
  clip = readFileSync(file);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe("resumable uploads (tus) at /api/studio/uploads", () => {
  it("resumes after a dropped connection and stores exactly the bytes sent", async () => {
    const created = await create("video", "lesson one.mp4", clip.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/studio\/uploads\/[0-9a-f-]{36}$/);

    // The first part arrives whole.
    const first = Math.floor(clip.length / 3);
    const part = await patch(location, 0, clip.subarray(0, first));
    expect(part.status).toBe(204);
    expect(part.headers.get("upload-offset")).toBe(String(first));

    // The second part's connection drops midway: the server keeps what arrived.
    const dropAt = first + 10_000;
    const dropping = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(clip.subarray(first, dropAt)));
        setTimeout(() => controller.error(new Error("connection lost")), 50);
      },
    });
    await Promise.resolve(tus("PATCH", new URL(location, UPLOADS).toString(), { "Upload-Offset": String(first), "Content-Type": "application/offset+octet-stream" }, dropping)).catch(() => undefined);

    // The client asks where to go on from, and sends the rest.
    const head = await tus("HEAD", new URL(location, UPLOADS).toString(), {});
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(first);
    expect(offset).toBeLessThanOrEqual(dropAt);
    const rest = await patch(location, offset, clip.subarray(offset));
    expect(rest.status).toBe(200);
    const media = (await rest.json()) as { id: string; url: string; state: string; kind: string };
    expect(media).toMatchObject({ kind: "video", state: "uploaded" });

    const bytes = Buffer.from(await (await t.api.request(`http://localhost${media.url}`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer());
    expect(bytes.equals(clip)).toBe(true);
  });

  it("refuses a file of the wrong type or too large, naming what is wrong, before any byte is sent", async () => {
    const exe = await create("video", "setup.exe", 1000);
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as { message: string }).message).toMatch(/"setup\.exe" is not accepted as a video: \.exe files are not allowed \(allowed: MP4, WebM or MOV, up to 2 GB\)/);

    const big = await create("captions", "talk.vtt", 2 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toMatch(/"talk\.vtt" is 2\.0 MB, larger than the limit for captions \(WebVTT \(\.vtt\), up to 1 MB\)/);

    const huge = await create("video", "film.mp4", 3 * 1024 ** 3);
    expect(huge.status).toBe(413);

    const kind = await create("spreadsheet", "a.xlsx", 10);
    expect(kind.status).toBe(400);
    expect(((await kind.json()) as { message: string }).message).toMatch(/kind must be one of video, captions, document, image/);
  });

  it("refuses a file whose content is not what its name says", async () => {
    const res = await upload("document", "notes.pdf", Buffer.from("just some text, not a PDF"));
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/"notes\.pdf" does not hold what a \.pdf file holds/);
  });

  it("accepts valid WebVTT captions and refuses broken ones naming the line", async () => {
    const good = await upload("captions", "en.vtt", Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n"));
    expect(good.status).toBe(200);
    const media = (await good.json()) as { url: string; state: string };
    expect(media.state).toBe("ready");
    const served = await t.api.request(`http://localhost${media.url}`);
    expect(served.headers.get("content-type")).toMatch(/^text\/vtt/);
    expect(await served.text()).toContain("Hello");

    const bad = await upload("captions", "broken.vtt", Buffer.from("WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n\n00:03,000 --> 00:04.000\nWorld\n"));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/"broken\.vtt" is not valid WebVTT\. Line 6: "00:03,000 --> 00:04\.000" is not a cue timing line/);

    const noHeader = await upload("captions", "srt.vtt", Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nHi\n"));
    expect(((await noHeader.json()) as { message: string }).message).toMatch(/Line 1 must start with "WEBVTT"/);
  });

  it("is closed to anyone without the studio's role", async () => {
    const anonymous = await t.api.request(UPLOADS, { method: "POST", headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10" } });
    expect(anonymous.status).toBe(401);
    const byLearner = await create("video", "a.mp4", 10, learner);
    expect(byLearner.status).toBe(403);
  });
});

describe("processing an uploaded video", () => {
  it("reads the duration, takes a poster and makes an HLS ladder the files route serves with ranges", async () => {
    const res = await upload("video", "clip.mp4", clip);
    const { id } = (await res.json()) as { id: string };
    // A course plays the upload before it is processed, with a duration typed in by hand.
    const source = `media/${id}/original.mp4`;
    await importFiles(t, { courses: [generatedCourse({ key: "uploaded", chapters: 1, videosPerSubChapter: 1, provider: "uploadedVideo", source, durationSeconds: 600 })] });
    const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "uploaded")))[0]!.id;
    await t.call(enrollInCourse, { token: learner, body: { courseId } });
    const videoId = (await t.call(getVideoTree, { token: learner, query: { id: courseId } })).body.chapters[0].subChapters[0].items[0].id as string;
    const page = () => t.call(getVideoData, { token: learner, query: { id: videoId, type: "video", courseId } });
    expect((await page()).body).toMatchObject({ videoLink: `/api/files/${source}`, hlsUrl: null, videoDurationInSeconds: 600 });

    await t.deps.settle();

    const media = await t.call(getMedia, { token: admin, query: { mediaId: id } });
    expect(media.status).toBe(200);
    expect(media.body).toMatchObject({ state: "ready", durationSeconds: 3, width: 640, height: 360, renditions: [360], error: null });
    expect(media.body.hlsUrl).toBe(`/api/files/media/${id}/hls/master.m3u8`);

    const asLearner = { headers: { authorization: `Bearer ${learner}` } };
    const master = await (await t.api.request(`http://localhost${media.body.hlsUrl}`, asLearner)).text();
    expect(master).toMatch(/^#EXTM3U/);
    expect(master).toContain("RESOLUTION=640x360");
    expect(master).toContain("360p/index.m3u8");
    const playlist = await (await t.api.request(`http://localhost/api/files/media/${id}/hls/360p/index.m3u8`, asLearner)).text();
    const segment = /^segment-\d+\.ts$/m.exec(playlist)![0];
    const part = await t.api.request(`http://localhost/api/files/media/${id}/hls/360p/${segment}`, { headers: { ...asLearner.headers, range: "bytes=0-187" } });
    expect(part.status).toBe(206);
    const ts = Buffer.from(await part.arrayBuffer());
    expect(ts.length).toBe(188);
    expect(ts[0]).toBe(0x47); // an MPEG-TS packet's sync byte

    // The learning page now offers the HLS master, with the duration ffprobe read.
    expect((await page()).body).toMatchObject({ videoLink: `/api/files/${source}`, hlsUrl: media.body.hlsUrl, videoDurationInSeconds: 3 });
    // The renditions are the video's: a signed-in learner who is not enrolled gets none of them.
    await t.createUser({ email: "outsider@example.com" });
    const outsider = await t.signIn("outsider@example.com");
    const refused = await t.api.request(`http://localhost/api/files/media/${id}/hls/360p/${segment}`, { headers: { authorization: `Bearer ${outsider}` } });
    expect(refused.status).toBe(403);
    const anonymous = await t.api.request(`http://localhost${media.body.hlsUrl}`);
    expect(anonymous.status).toBe(401);

    const poster = Buffer.from(await (await t.api.request(`http://localhost${media.body.posterUrl}`, { headers: { authorization: `Bearer ${learner}` } })).arrayBuffer());
    expect(poster.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  }, 60_000);

  it("without ffmpeg, leaves the original playable and records why", async () => {
    t.deps.env.FFPROBE_PATH = path.join(root, "no-such-ffprobe");
    try {
      const res = await upload("video", "clip.mp4", clip);
      const { id, url } = (await res.json()) as { id: string; url: string };
      await t.deps.settle();
      const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, id));
      expect(row).toMatchObject({ state: "failed", hlsMasterKey: null, durationSeconds: null, uploadedBy: (await t.userByEmail("admin@example.com"))!.id });
      expect(row!.error).toMatch(/no-such-ffprobe is not installed on the server .* it plays as uploaded/);
      const original = await t.api.request(`http://localhost${url}`, { headers: { range: "bytes=0-99" } });
      expect(original.status).toBe(206);
      expect(original.headers.get("content-range")).toBe(`bytes 0-99/${clip.length}`);
    } finally {
      delete t.deps.env.FFPROBE_PATH;
    }
  });
});
