import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "@/lib/branding";
import { recordClientLog, type LogRecord } from "@/lib/contract/calls/shell";
import { errorBody } from "@/lib/contract/common";
import { getBranding } from "@/lib/server/services/shell/get-branding";
import { CLIENT_LOG_REQUESTS_PER_MINUTE } from "@/lib/server/services/shell/record-client-log";
import { createTestApi, type TestApi } from "../support/api";
import { importDemo } from "../support/courses";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
});
afterAll(() => t.close());

describe("company branding by host", () => {
  it("gives demo.localhost, at any port and in any case, the demo company's logos and login background", async () => {
    for (const host of ["demo.localhost", "demo.localhost:3000", "DEMO.localhost:54321"]) {
      expect(await getBranding(t.db, host)).toEqual({
        key: "demo",
        name: "Demo Engineering Academy",
        logoUrl: "/brand/demo/logo.svg",
        logoDarkUrl: "/brand/demo/logo-dark.svg",
        loginBackgroundUrl: "/brand/demo/login-bg.svg",
      });
    }
  });

  it("gives every other, malformed or missing host the product's own brand, without an error", async () => {
    for (const host of ["localhost:3000", "x.demo.localhost", "127.0.0.1", "[::1]:3000", "demo.localhost:port", "", null, undefined, "é", "a".repeat(5000)]) {
      expect(await getBranding(t.db, host)).toEqual(DEFAULT_BRANDING);
    }
  });

  it("falls back to the product's brand when the company list cannot be read", async () => {
    const broken = { select: () => ({ from: () => Promise.reject(new Error("database is away")) }) } as unknown as TestApi["db"];
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await getBranding(broken, "demo.localhost")).toEqual(DEFAULT_BRANDING);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

const record = (over: Partial<LogRecord> = {}): LogRecord => ({
  level: "error",
  source: "console",
  message: "TypeError: x is undefined",
  time: "2030-01-01T10:00:00.000Z",
  page: "http://localhost:3000/dashboard",
  ...over,
});
const linesSince = (before: number) => t.clientLogLines.slice(before).map((l) => JSON.parse(l) as Record<string, any>);

describe("POST /log", () => {
  it("writes each record as a structured JSON line at its level, for visitors too", async () => {
    const before = t.clientLogLines.length;
    const res = await t.call(recordClientLog, {
      body: { records: [record(), record({ level: "info", source: "api", message: "GET /course/video/tree 200", context: { status: 200, durationMs: 12 } })] },
      headers: { "x-forwarded-for": "198.51.100.7", "user-agent": "test-browser" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, message: "2 log records written." });
    const lines = linesSince(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 50, stream: "browser", source: "console", msg: "TypeError: x is undefined", clientTime: "2030-01-01T10:00:00.000Z", ip: "198.51.100.7", userAgent: "test-browser" });
    expect(lines[1]).toMatchObject({ level: 30, source: "api", context: { status: 200, durationMs: 12 } });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("never writes a token, even when a client sends one", async () => {
    const before = t.clientLogLines.length;
    const secret = "sEcReT-token-0123456789abcdef";
    const res = await t.call(recordClientLog, {
      body: {
        records: [
          record({
            message: `failed with Authorization: Bearer ${secret}`,
            page: `http://localhost/login/finish?inviteId=${secret}`,
            context: { authorization: `Bearer ${secret}`, userToken: secret, nested: { inviteId: secret, cookie: `devuserTokenSklGrow=${secret}` } },
          }),
        ],
      },
    });
    expect(res.status).toBe(200);
    const written = t.clientLogLines.slice(before).join("\n");
    expect(written).toContain("[redacted]");
    expect(written).not.toContain(secret);
  });

  it("refuses malformed batches with the field named, and writes nothing", async () => {
    const before = t.clientLogLines.length;
    for (const body of [{}, { records: [] }, { records: [record({ level: "fatal" as never })] }, { records: Array.from({ length: 51 }, () => record()) }, { records: [record({ message: "x".repeat(2001) })] }]) {
      const res = await t.request("POST", "/log", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorBody.safeParse(res.body).success).toBe(true);
      expect(res.body.message).toMatch(/records|message|level/);
    }
    expect(t.clientLogLines.length).toBe(before);
  });

  it("refuses a body over its size limit with 413", async () => {
    const res = await t.request("POST", "/log", { body: JSON.stringify({ records: [record()], padding: "x".repeat(200 * 1024) }) });
    expect(res.status).toBe(413);
  });

  it(`limits one address to ${CLIENT_LOG_REQUESTS_PER_MINUTE} requests a minute`, async () => {
    const headers = { "x-forwarded-for": "192.0.2.200" };
    t.startWindow(60_000);
    for (let i = 0; i < CLIENT_LOG_REQUESTS_PER_MINUTE; i++) {
      expect((await t.call(recordClientLog, { body: { records: [record()] }, headers })).status).toBe(200);
    }
    const refused = await t.call(recordClientLog, { body: { records: [record()] }, headers });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await t.call(recordClientLog, { body: { records: [record()] }, headers: { "x-forwarded-for": "192.0.2.201" } })).status).toBe(200);
    t.advanceClock(61_000);
    expect((await t.call(recordClientLog, { body: { records: [record()] }, headers })).status).toBe(200);
  });
});
