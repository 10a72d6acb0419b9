import { once } from "node:events";
import { gunzipSync } from "node:zlib";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/lib/server/api/app";
import { nodeListener } from "@/lib/server/api/node-listener";
import { rateLimits } from "@/lib/server/db/schema";
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

function send(method: string, path: string, options: { body?: string; chunked?: boolean; headers?: Record<string, string>; localAddress?: string } = {}) {
  return new Promise<{ status: number; body: string; bytes: Buffer; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const headers = { "content-type": "application/json", ...(options.chunked ? { "transfer-encoding": "chunked" } : {}), ...options.headers };
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers, localAddress: options.localAddress }, (res) => {
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

  it("sets the security headers of every response on its own answers, built by a route or not", async () => {
    // Served beside Next's router (server.mjs), the API's answers get none of the headers Next adds.
    const built = await send("GET", "/api/.well-known/jwks.json");
    const error = await send("GET", "/api/no/such/call");
    const document = await send("GET", "/api/openapi.json");
    for (const answer of [built, error, document]) {
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
      // Over https only in stage and prod; the tests run as dev.
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("counts sign-in links asked without X-Forwarded-For against the address they came from", async () => {
    // Served by Node with no proxy in front, each caller has a rate limit of its own, not one shared by all.
    for (const localAddress of ["127.0.0.2", "127.0.0.3"]) {
      const asked = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: "nobody@example.com" }), localAddress });
      expect(asked.status).toBe(200);
    }
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(["sign-in:ip:127.0.0.2", "sign-in:ip:127.0.0.3"]));
    expect(keys.some((key) => key.includes("unknown"))).toBe(false);
  });

  it("refuses a chunked body over the API's limit with 413, naming the limit", async () => {
    const big = await send("POST", "/api/auth/login/invite", { body: JSON.stringify({ value: `${"a".repeat(1_100_000)}@example.com` }), chunked: true });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).message).toBe("The request body is larger than 1 MB.");
  });
});
