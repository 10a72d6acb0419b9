import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeListener } from "@/lib/server/api/node-listener";
import { createTestApi, type TestApi } from "../support/api";

let t: TestApi;
let server: Server;
let http: { baseURL: string };
let admin: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "studio-media-client-"));
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = root;
  await t.createUser({ email: "admin@example.com", role: "admin" });
  admin = await t.signIn("admin@example.com");
  // Served through the listener Next's API route uses, as in production.
  server = createServer(nodeListener(t.api.fetch));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  http = { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** A document upload with tus-js-client over real HTTP, as the studio's field sends it (session header, metadata). */
function documentUpload(bytes: Buffer, options: { uploadUrl?: string; onChunk?: (upload: Upload, sent: number) => void } = {}) {
  return new Promise<{ upload: Upload; result: "done" | "stopped"; body?: string; error?: string }>((resolve) => {
    const upload: Upload = new Upload(bytes, {
      endpoint: `${http.baseURL}/studio/uploads`,
      uploadUrl: options.uploadUrl,
      chunkSize: 64 * 1024,
      retryDelays: [],
      metadata: { filename: "handout.pdf", filetype: "application/pdf", kind: "document" },
      headers: { Authorization: `Bearer ${admin}` },
      onChunkComplete: (_size, sent) => options.onChunk?.(upload, sent),
      onSuccess: ({ lastResponse }) => resolve({ upload, result: "done", body: lastResponse.getBody() }),
      onError: (err) => resolve({ upload, result: "stopped", error: err.message }),
    });
    upload.start();
  });
}

describe("tus-js-client against /api/studio/uploads", () => {
  it("sends part of a file, stops, resumes from the server's offset and ends with the same bytes", async () => {
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(300 * 1024)]);
    let uploadUrl: string | undefined;
    const first = await new Promise<number>((resolve) => {
      void documentUpload(file, {
        onChunk: (upload, sent) => {
          uploadUrl = upload.url ?? undefined;
          if (sent >= 128 * 1024) void upload.abort().then(() => resolve(sent));
        },
      });
    });
    expect(first).toBe(128 * 1024);
    expect(uploadUrl).toMatch(/\/api\/studio\/uploads\/[0-9a-f-]{36}$/);

    const sentOnResume: number[] = [];
    const resumed = await documentUpload(file, { uploadUrl, onChunk: (_u, sent) => sentOnResume.push(sent) });
    expect(resumed.result, resumed.error).toBe("done");
    // It went on from where the first run stopped, not from the start.
    expect(sentOnResume[0]).toBe(first + 64 * 1024);
    const media = JSON.parse(resumed.body!) as { url: string; kind: string; sizeBytes: number; originalName: string };
    expect(media).toMatchObject({ kind: "document", sizeBytes: file.length, originalName: "handout.pdf" });
    const stored = Buffer.from(await (await fetch(`${http.baseURL.replace(/\/api$/, "")}${media.url}`)).arrayBuffer());
    expect(stored.equals(file)).toBe(true);
  });
});
