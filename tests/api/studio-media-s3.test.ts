import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// An S3-compatible server written independently of our client (it does not verify Signature V4).
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMedia } from "@/lib/contract/calls/studio-media";
import { createTestApi, type TestApi } from "../support/api";

let t: TestApi;
let admin: string;
let root: string;
let clip: Buffer;
let s3: S3rver;

const b64 = (s: string) => Buffer.from(s).toString("base64");
const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array) =>
  t.api.request(new URL(url, "http://localhost/api/studio/uploads").toString(), { method, headers: { "Tus-Resumable": "1.0.0", authorization: `Bearer ${admin}`, ...headers }, body: body as BodyInit | undefined });

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-media-s3-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(root, "bucket-data"), configureBuckets: [{ name: "media-bucket", configs: [] }] });
  const { port } = await s3.run();
  t = await createTestApi();
  Object.assign(t.deps.env, {
    UPLOAD_DIR: path.join(root, "local"),
    S3_BUCKET: "media-bucket",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  await t.createUser({ email: "admin@example.com", role: "admin" });
  admin = await t.signIn("admin@example.com");
  const file = path.join(root, "clip.webm");
  execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=320x180:rate=25", "-c:v", "libvpx", "-b:v", "200k", file]);
  clip = readFileSync(file);
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

describe("studio uploads with an S3-compatible bucket", () => {
  it("moves a finished upload into the bucket, processes it from there and serves ranges from the bucket", async () => {
    const created = await tus("POST", "/api/studio/uploads", { "Upload-Length": String(clip.length), "Upload-Metadata": `kind ${b64("video")},filename ${b64("small.webm")}` });
    expect(created.status).toBe(201);
    const done = await tus("PATCH", created.headers.get("location")!, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, clip);
    expect(done.status).toBe(200);
    const { id, url } = (await done.json()) as { id: string; url: string };

    // Nothing of it stays on this machine: another process reads it from the bucket.
    expect(existsSync(path.join(root, "local", "media"))).toBe(false);
    expect(existsSync(path.join(root, "local", ".incoming", id))).toBe(false);

    await t.deps.settle();
    const media = await t.call(getMedia, { token: admin, query: { mediaId: id } });
    // A source under 360 pixels gets one rendition, at its own height.
    expect(media.body).toMatchObject({ state: "ready", durationSeconds: 2, height: 180, renditions: [180] });

    const part = await t.api.request(`http://localhost${url}`, { headers: { range: "bytes=4-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 4-99/${clip.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(4, 100))).toBe(true);
    const master = await (await t.api.request(`http://localhost${media.body.hlsUrl}`)).text();
    expect(master).toContain("RESOLUTION=320x180");
  }, 60_000);
});
