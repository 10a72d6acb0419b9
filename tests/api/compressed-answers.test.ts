import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/lib/server/api/app";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/**
 * Both servers (Next's API route and the standalone API) send the API's own Content-Encoding on, and
 * the API gzips its JSON answers for clients that take gzip: what a browser gets must decompress to
 * exactly the answer a plain client gets, with the same headers, and small answers go out as they are.
 */
let t: TestApi;
let served: ReturnType<typeof createApi>;

beforeAll(async () => {
  t = await createTestApi();
  served = createApi(async () => t.deps, { compresses: true });
});
afterAll(() => t.close());

const gzip = { "accept-encoding": "gzip, deflate, br" };

describe("compressed answers", () => {
  it("reach a gzip client compressed, and decompress to the answer a plain client gets", async () => {
    const plain = await served.request("http://localhost/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const packed = await served.request("http://localhost/api/openapi.json", { headers: gzip });
    expect(packed.status).toBe(200);
    expect(packed.headers.get("content-encoding")).toBe("gzip");
    expect(packed.headers.get("content-type")).toMatch(/^application\/json/);
    expect(packed.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(packed.headers.get("cache-control")).toBe("no-store");
    expect(packed.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 3);
    expect(gunzipSync(bytes).toString("utf8")).toBe(text);
  });

  it("send small answers and errors as they are, with their status", async () => {
    const health = await served.request("http://localhost/api/health", { headers: gzip });
    expect(health.headers.get("content-encoding")).toBeNull();
    expect(await health.json()).toEqual({ ok: true });

    const unknown = await served.request("http://localhost/api/no/such/call", { headers: gzip });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-encoding")).toBeNull();
    expect((await unknown.json()).message).toBe("No API call GET /api/no/such/call.");

    const refused = await served.request("http://localhost/api/user/info", { headers: { ...gzip, authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("gzip a call's own answer as it is built, with the headers every answer carries", async () => {
    await importFiles(t, { courses: ["first", "second", "third"].map((key) => generatedCourse({ key, chapters: 1, videosPerSubChapter: 1, durationSeconds: 10, withChallenges: false })) });
    await t.createUser({ email: "compressed@example.com" });
    const token = await t.signIn("compressed@example.com");
    const auth = { authorization: `Bearer ${token}` };
    const plain = await served.request("http://localhost/api/course/program/courses/all?pageNumber=1&pageSize=10", { headers: auth });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);

    const packed = await served.request("http://localhost/api/course/program/courses/all?pageNumber=1&pageSize=10", { headers: { ...gzip, ...auth } });
    expect(packed.status).toBe(200);
    expect(packed.headers.get("content-encoding")).toBe("gzip");
    for (const name of ["content-type", "cache-control", "x-content-type-options", "vary"]) {
      expect(packed.headers.get(name), name).toBe(plain.headers.get(name));
    }
    expect(packed.headers.get("cache-control")).toBe("no-store");
    expect(packed.headers.get("x-content-type-options")).toBe("nosniff");
    expect(packed.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString("utf8")).toBe(text);
  });

  it("keep a call's own caching, and leave its small answer uncompressed", async () => {
    const keys = await served.request("http://localhost/api/.well-known/jwks.json", { headers: gzip });
    expect(keys.status).toBe(200);
    expect(keys.headers.get("content-encoding")).toBeNull();
    expect(keys.headers.get("cache-control")).toBe("public, max-age=60");
    expect(keys.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await keys.json()).keys.length).toBeGreaterThan(0);
  });

  it("leave an API built not to compress uncompressed", async () => {
    const res = await t.api.request("http://localhost/api/openapi.json", { headers: gzip });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect((await res.json()).openapi).toMatch(/^3\./);
  });
});
