import "server-only";
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq } from "drizzle-orm";
import { mediaFiles, videos } from "../../db/schema";
import type { Deps } from "../../deps";
import { fileStoreFromEnv } from "../../storage/file-store";
import { mediaKeyOf } from "./media-record";

/** A program that ran and said no (a broken or unreadable file): running it again would not help. */
class ToolRefused extends Error {}
/** A program that is not on this machine. */
class ToolMissing extends Error {}

function run(program: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on("error", (e: NodeJS.ErrnoException) => reject(e.code === "ENOENT" ? new ToolMissing(program) : e));
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new ToolRefused(`${path.basename(program)} stopped with code ${code}: ${err.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

/** The rungs of the HLS ladder: the sizes we make, at most as tall as the source (a small source gets one, its own height). */
export const LADDER = [
  { height: 360, videoKbps: 800, audioKbps: 96 },
  { height: 720, videoKbps: 2800, audioKbps: 128 },
] as const;

export function renditionsFor(sourceHeight: number): { height: number; videoKbps: number; audioKbps: number }[] {
  const fitting = LADDER.filter((r) => r.height <= sourceHeight);
  if (fitting.length) return [...fitting];
  return [{ height: Math.max(2, sourceHeight - (sourceHeight % 2)), videoKbps: 500, audioKbps: 96 }];
}

interface Probe {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

async function probe(ffprobe: string, file: string): Promise<Probe> {
  const out = await run(ffprobe, ["-v", "error", "-show_entries", "format=duration:stream=codec_type,width,height", "-of", "json", file]);
  const parsed = JSON.parse(out) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number }[] };
  const video = parsed.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  if (!video) throw new ToolRefused("the file holds no video stream that ffprobe can read");
  const duration = Number(parsed.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new ToolRefused("ffprobe could not read the video's duration");
  return { durationSeconds: duration, width: video.width!, height: video.height!, hasAudio: !!parsed.streams?.some((s) => s.codec_type === "audio") };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Processes one uploaded video (the job "process-media"): ffprobe reads its duration and size, ffmpeg
 * takes a poster frame and makes the HLS ladder with its master playlist; all of it is stored next to
 * the original and the videos that play this file get the duration. Without ffmpeg, or when ffmpeg
 * refuses the file, the record says why and the original plays as it is. Safe to run twice.
 */
export async function processMedia(deps: Deps, mediaId: string): Promise<void> {
  const [media] = await deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId));
  if (!media || media.kind !== "video" || media.state === "ready") return;
  const record = (values: Partial<typeof mediaFiles.$inferInsert>) =>
    deps.db.update(mediaFiles).set({ ...values, updatedAt: deps.now() }).where(eq(mediaFiles.id, mediaId));
  await record({ state: "processing", error: null });

  const ffmpeg = deps.env.FFMPEG_PATH ?? "ffmpeg";
  const ffprobe = deps.env.FFPROBE_PATH ?? "ffprobe";
  const store = fileStoreFromEnv(deps.env);
  const work = await mkdtemp(path.join(os.tmpdir(), "media-"));
  try {
    await run(ffprobe, ["-version"]);
    await run(ffmpeg, ["-version"]);
    let input = store.localPath?.(media.originalKey);
    if (!input) {
      input = path.join(work, path.basename(media.originalKey));
      const size = await store.size(media.originalKey);
      const original = size === null ? null : await store.getRange(media.originalKey, 0, Math.max(0, size - 1));
      if (!original) throw new ToolRefused("the uploaded file is missing from the file store");
      await pipeline(Readable.fromWeb(original.stream() as import("node:stream/web").ReadableStream), createWriteStream(input));
    }

    const found = await probe(ffprobe, input);
    const durationSeconds = Math.max(1, Math.round(found.durationSeconds));
    const posterAt = Math.min(1, found.durationSeconds / 2).toFixed(2);
    await run(ffmpeg, ["-y", "-v", "error", "-ss", posterAt, "-i", input, "-frames:v", "1", "-vf", `scale=-2:${Math.min(720, even(found.height))}`, "-q:v", "3", path.join(work, "poster.jpg")]);

    const ladder = renditionsFor(found.height);
    const hls = path.join(work, "hls");
    const master = ["#EXTM3U", "#EXT-X-VERSION:3"];
    for (const rung of ladder) {
      const dir = path.join(hls, `${rung.height}p`);
      await mkdir(dir, { recursive: true });
      // Key frames every 2 s and no scene-cut ones, so every rendition's 4 s segments line up for switching.
      await run(ffmpeg, [
        ...["-y", "-v", "error", "-i", input, "-map", "0:v:0", "-map", "0:a:0?"],
        ...["-vf", `scale=-2:${rung.height}`, "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p"],
        ...["-b:v", `${rung.videoKbps}k`, "-maxrate", `${Math.round(rung.videoKbps * 1.1)}k`, "-bufsize", `${rung.videoKbps * 2}k`],
        ...["-force_key_frames", "expr:gte(t,n_forced*2)", "-sc_threshold", "0"],
        ...["-c:a", "aac", "-b:a", `${rung.audioKbps}k`, "-ac", "2"],
        ...["-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_filename", path.join(dir, "segment-%03d.ts"), path.join(dir, "index.m3u8")],
      ]);
      const width = even((found.width * rung.height) / found.height);
      const bandwidth = (rung.videoKbps * 1.1 + (found.hasAudio ? rung.audioKbps : 0)) * 1000;
      master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.round(bandwidth)},RESOLUTION=${width}x${rung.height}`, `${rung.height}p/index.m3u8`);
    }
    await writeFile(path.join(hls, "master.m3u8"), master.join("\n") + "\n");

    // The playlists go last, so a player never finds a playlist whose segments are not stored yet.
    const files = (await readdir(work, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).map((f) => path.relative(work, path.join(f.parentPath, f.name)));
    const order = (name: string) => (name.endsWith("master.m3u8") ? 2 : name.endsWith(".m3u8") ? 1 : 0);
    for (const file of files.filter((f) => f !== path.basename(input)).sort((a, b) => order(a) - order(b))) {
      await store.putFile(mediaKeyOf(mediaId, file.split(path.sep).join("/")), path.join(work, file));
    }
    await record({
      state: "ready",
      durationSeconds,
      width: found.width,
      height: found.height,
      posterKey: mediaKeyOf(mediaId, "poster.jpg"),
      hlsMasterKey: mediaKeyOf(mediaId, "hls/master.m3u8"),
      renditions: ladder.map((r) => r.height),
      error: null,
    });
    // The duration is read, never typed: every video that plays this file gets it.
    await deps.db
      .update(videos)
      .set({ durationSeconds })
      .where(and(eq(videos.provider, "uploadedVideo"), eq(videos.source, media.originalKey)));
  } catch (err) {
    if (err instanceof ToolMissing) {
      await record({
        state: "failed",
        error: `${path.basename(err.message)} is not installed on the server (set FFMPEG_PATH and FFPROBE_PATH, or install ffmpeg), so the video was not processed: it plays as uploaded, without a poster or adaptive quality, and its duration was not read.`,
      });
      return;
    }
    if (err instanceof ToolRefused) {
      await record({ state: "failed", error: `The video could not be processed (${err.message}); it plays as uploaded.` });
      return;
    }
    // Anything else (the file store did not answer...) is worth another try: the job is retried.
    await record({ state: "uploaded", error: `Processing will be tried again: ${err instanceof Error ? err.message : String(err)}` });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
