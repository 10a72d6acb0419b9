import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { startEssayBlock, uploadEssayFile } from "@/lib/contract/calls/challenges";
import { getVideoTree } from "@/lib/contract/calls/learning";
import { courses } from "@/lib/server/db/schema";
import { fileStoreFromEnv } from "@/lib/server/storage/file-store";
import { signS3Request } from "@/lib/server/storage/s3-file-store";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * An S3-compatible service in memory: path-style objects, answering only requests whose signature it
 * can recompute with the same keys (a wrong secret or a changed body is refused, as S3 does).
 */
function fakeS3(keys: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, Buffer>();
  const refused: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    const when = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
    const payloadHash = createHash("sha256").update(body).digest("hex");
    const expected = signS3Request({ method: req.method!, url, payloadHash }, keys, when).authorization;
    if (req.headers.authorization !== expected || req.headers["x-amz-content-sha256"] !== payloadHash) {
      refused.push(`${req.method} ${url.pathname}`);
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    const key = decodeURIComponent(url.pathname);
    if (req.method === "PUT") {
      objects.set(key, body);
      res.writeHead(200).end();
    } else if (req.method === "GET") {
      const found = objects.get(key);
      if (!found) res.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
      else res.writeHead(200, { "content-length": String(found.length) }).end(found);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return {
    objects,
    refused,
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const keys = { accessKeyId: "TESTKEY", secretAccessKey: "test-secret", region: "eu-test-1" };
const s3 = fakeS3(keys);
let t: TestApi;
let token: string;
let essay: { courseId: string; essayBlockId: string };

beforeAll(async () => {
  const endpoint = await s3.start();
  t = await createTestApi();
  Object.assign(t.deps.env, { S3_BUCKET: "essays-bucket", S3_ENDPOINT: endpoint, S3_REGION: keys.region, S3_ACCESS_KEY_ID: keys.accessKeyId, S3_SECRET_ACCESS_KEY: keys.secretAccessKey });
  await importFiles(t, { courses: [generatedCourse({ key: "s3-course", chapters: 1, videosPerSubChapter: 1, withChallenges: true })] });
  const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "s3-course")))[0]!.id;
  await t.createUser({ email: "writer@example.com", plan: "Premium" });
  token = await t.signIn("writer@example.com");
  await t.call(enrollInCourse, { token, body: { courseId } });
  const tree = (await t.call(getVideoTree, { token, query: { id: courseId } })).body;
  essay = { courseId, essayBlockId: tree.chapters[0].subChapters[0].items.find((i: { type: string }) => i.type === "essayBlock").id };
  await t.call(startEssayBlock, { token, body: essay });
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});

describe("essay attachments in an S3-compatible bucket", () => {
  it("stores an upload in the bucket under the server's name and serves it back from there", async () => {
    const form = new FormData();
    form.set("courseId", essay.courseId);
    form.set("essayBlockId", essay.essayBlockId);
    form.set("file", new Blob(["An answer kept in the bucket.\n"]), "answer.txt");
    const uploaded = await t.call(uploadEssayFile, { token, body: form });
    expect(uploaded.status).toBe(200);
    const id = uploaded.body.url.split("/").pop();
    expect([...s3.objects.keys()]).toEqual([`/essays-bucket/essays/${id}`]);
    const res = await t.api.request(`http://localhost${uploaded.body.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="answer\.txt"/);
    expect(await res.text()).toBe("An answer kept in the bucket.\n");
    expect(s3.refused).toEqual([]);
  });

  it("reads a missing object as absent, removes objects, and is refused with a wrong secret", async () => {
    const store = fileStoreFromEnv(t.deps.env);
    expect(await store.get("essays/missing")).toBeNull();
    await store.put("essays/scratch", new TextEncoder().encode("x"));
    await store.remove("essays/scratch");
    expect(s3.objects.has("/essays-bucket/essays/scratch")).toBe(false);
    const wrong = fileStoreFromEnv({ ...t.deps.env, S3_SECRET_ACCESS_KEY: "not-the-secret" });
    await expect(wrong.put("essays/other", new Uint8Array([1]))).rejects.toThrow(/403/);
    expect(s3.refused).toEqual(["PUT /essays-bucket/essays/other"]);
    expect(() => fileStoreFromEnv({ S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID/);
  });
});
