import { once } from "node:events";
import { gunzipSync } from "node:zlib";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/lib/server/api/app";
import { nodeListener } from "@/lib/server/api/node-listener";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * The listener Next's API route serves the API with, on a real Node server: requests with and
 * without a body, with and without a length, reach the API as they were sent.
 */
let t: TestApi;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: ["first", "second", "third"].map((key) => generatedCourse({ key, chapters: 1, videosPerSubChapter: 1, durationSeconds: 10, withChallenges: false })) });
  server = createServer(nodeListener(createApi(async () => t.deps, { compresses: true }).fetch));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await t.close();
});

function send(method: string, path: string, options: { body?: string; chunked?: boolean; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; body: string; bytes: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const headers = { "content-type": "application/json", ...(options.chunked ? { "transfer-encoding": "chunked" } : {}), ...options.headers };
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body: bytes.toString("utf8"), bytes, headers: res.headers });
      });
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe("the API behind Next's route listener", () => {
  it("answers a DELETE sent without a body, and a body sent in chunks without a length", async () => {
    const unknown = await send("DELETE", "/api/no/such/call");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).message).toBe("No API call DELETE /api/no/such/call.");

    // A sign-in link asked for with a chunked body: the API reads the body and names what is wrong.
    const chunked = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: "not an e-mail" }), chunked: true });
    expect(chunked.status).toBe(400);
    expect(JSON.parse(chunked.body).message).toMatch(/^value: /);
  });

  it("sends a call's answer whole, with its length and headers, gzipped for a client that takes gzip", async () => {
    const keys = await send("GET", "/api/.well-known/jwks.json");
    expect(keys.status).toBe(200);
    expect(keys.headers["content-length"]).toBe(String(keys.bytes.length));
    expect(keys.headers["content-type"]).toMatch(/^application\/json/);
    expect(keys.headers["cache-control"]).toBe("public, max-age=60");
    expect(keys.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(keys.body).keys.length).toBeGreaterThan(0);

    await t.createUser({ email: "listener@example.com" });
    const token = await t.signIn("listener@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const plain = await send("GET", "/api/openapi.json", { headers: auth });
    const list = "/api/course/program/courses/all?pageNumber=1&pageSize=10";
    const packed = await send("GET", list, { headers: { ...auth, "accept-encoding": "gzip" } });
    const unpacked = await send("GET", list, { headers: auth });
    expect(packed.status).toBe(200);
    expect(packed.headers["content-encoding"]).toBe("gzip");
    expect(packed.headers["content-length"]).toBe(String(packed.bytes.length));
    expect(unpacked.bytes.length).toBeGreaterThan(1024);
    expect(gunzipSync(packed.bytes).toString("utf8")).toBe(unpacked.body);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    // An answer no route built (the OpenAPI document) goes out through the adapter as before.
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body).openapi).toMatch(/^3\./);

    const head = await send("HEAD", "/api/.well-known/jwks.json");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  it("refuses a chunked body over the API's limit with 413, naming the limit", async () => {
    const big = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: `${"a".repeat(1_100_000)}@example.com` }), chunked: true });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).message).toBe("The request body is larger than 1 MB.");
  });
});
