import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { courses } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importDemo } from "../support/courses";

const COURSES = path.resolve("content/demo/courses");
const STORAGE = path.resolve("storage");

interface UploadedVideo {
  course: string;
  slugId: string;
  source: string;
  durationSeconds: number;
  captionsUrl?: string;
}

/** The uploaded videos of the demo courses, as their files list them. */
function uploadedVideos(): UploadedVideo[] {
  const found: UploadedVideo[] = [];
  const walk = (node: unknown, course: string) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, course));
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const video = record.video as Omit<UploadedVideo, "course"> & { provider?: string } | undefined;
    if (video?.provider === "uploadedVideo") found.push({ course, slugId: video.slugId, source: video.source, durationSeconds: video.durationSeconds, captionsUrl: video.captionsUrl });
    Object.values(record).forEach((n) => walk(n, course));
  };
  for (const file of readdirSync(COURSES).filter((f) => f.endsWith(".yaml"))) {
    const course = parse(readFileSync(path.join(COURSES, file), "utf8")) as { key: string };
    walk(course, course.key);
  }
  return found;
}

/** The file's length as ffprobe reads it, in seconds. */
const fileSeconds = (file: string) =>
  Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file]).toString().trim());

const ffprobe = spawnSync("ffprobe", ["-version"]).status === 0;

// ffprobe comes with ffmpeg (apt-get install -y ffmpeg); CI installs it, so there the test never skips.
describe.skipIf(!ffprobe && !process.env.CI)("the demo courses' uploaded clips", () => {
  let t: TestApi;
  let learner: string;
  const videos = uploadedVideos();

  beforeAll(async () => {
    t = await createTestApi();
    await importDemo(t);
    learner = await t.signIn("learner@demo.test");
  });
  afterAll(() => t.close());

  it("every demo course has one, with its file and captions in storage/", () => {
    const keys = readdirSync(COURSES).filter((f) => f.endsWith(".yaml")).map((f) => (parse(readFileSync(path.join(COURSES, f), "utf8")) as { key: string }).key);
    expect(new Set(videos.map((v) => v.course))).toEqual(new Set(keys));
    for (const video of videos) {
      expect(existsSync(path.join(STORAGE, video.source)), video.source).toBe(true);
      expect(video.captionsUrl, `${video.source}: captions`).toMatch(/^\/api\/files\/.+\.vtt$/);
      const captions = readFileSync(path.join(STORAGE, video.captionsUrl!.replace(/^\/api\/files\//, "")), "utf8");
      expect(captions.startsWith("WEBVTT"), `${video.captionsUrl} is WebVTT`).toBe(true);
    }
  });

  it("the course tree gives each the length of its file", async () => {
    for (const video of videos) {
      const [course] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, video.course));
      const res = await t.call(getVideoTree, { token: learner, query: { id: course!.id } });
      expect(res.status).toBe(200);
      const item = (res.body as VideoCourseTree).chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)).find((i) => i.slugId === video.slugId)!;
      const actual = fileSeconds(path.join(STORAGE, video.source));
      // The tree shows whole seconds; the file's length is within half a second of what it shows.
      expect(Math.abs(item.durationInMinutes * 60 - actual), `${video.source}: tree ${item.durationInMinutes} min, file ${actual} s`).toBeLessThan(0.5);
      expect(video.durationSeconds, `${video.source}: durationSeconds in the course file`).toBe(Math.round(actual));
    }
  });
});
