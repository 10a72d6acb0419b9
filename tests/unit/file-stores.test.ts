import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// s3rver: an S3-compatible server (path-style objects, HEAD, ranges, 404s) written independently of
// our client. It does not verify Signature V4 (tests/unit/s3-signature.test.ts checks our signer).
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localFileStore, type FileStore } from "@/lib/server/storage/file-store";
import { s3FileStore } from "@/lib/server/storage/s3-file-store";

const text = async (file: { stream: () => ReadableStream<Uint8Array> } | null) => (file ? Buffer.from(await new Response(file.stream()).arrayBuffer()).toString("utf8") : null);

let dir: string;
let s3: InstanceType<typeof S3rver>;
let s3Endpoint: string;
let source: string;
const content = "0123456789abcdefghij".repeat(1000);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "file-stores-"));
  source = path.join(dir, "upload.bin");
  writeFileSync(source, content);
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "media", configs: [] }] });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ["the local folder", () => localFileStore(path.join(dir, "local"))],
  ["an S3-compatible bucket", () => s3FileStore({ endpoint: s3Endpoint, bucket: "media", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" })],
];

describe.each(stores)("file store in %s", (_name, make) => {
  it("streams a file in and reads it back whole, by size and by byte range", async () => {
    const store = make();
    const key = "media/3b0f1f9e-8d7c-4c0a-9a55-1f3e6c1b2a10/original.mp4";
    await store.putFile(key, source);
    expect(await store.size(key)).toBe(content.length);
    expect(await text(await store.get(key))).toBe(content);
    const part = await store.getRange(key, 10, 29);
    expect(part?.size).toBe(20);
    expect(await text(part)).toBe(content.slice(10, 30));
    const tail = await store.getRange(key, content.length - 5, content.length - 1);
    expect(await text(tail)).toBe(content.slice(-5));
  });

  it("answers null for a file it does not hold, and forgets a removed one", async () => {
    const store = make();
    const key = "media/7c1e2d3f-0000-4000-8000-000000000001/poster.jpg";
    expect(await store.size(key)).toBeNull();
    expect(await store.getRange(key, 0, 9)).toBeNull();
    await store.put(key, new TextEncoder().encode("jpeg"));
    expect(await store.size(key)).toBe(4);
    await store.remove(key);
    expect(await store.size(key)).toBeNull();
  });
});
