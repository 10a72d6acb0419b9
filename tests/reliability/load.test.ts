import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userEvents } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { serveOverHttp } from "../support/serve-api";

// 30 s at 50 connections: run with RELIABILITY=1 (CI does, against PostgreSQL and PGlite alike).
const enabled = process.env.RELIABILITY === "1";
const DURATION_S = Number(process.env.LOAD_SECONDS ?? 30);

describe.runIf(enabled)("sign-in and writes at 50 connections", () => {
  let t: TestApi;
  let served: Awaited<ReturnType<typeof serveOverHttp>>;
  beforeAll(async () => {
    t = await createTestApi();
    served = await serveOverHttp(t);
  });
  afterAll(async () => {
    await served?.close();
    await t?.close();
  });

  it("answers only 2xx, apart from the intended 429s of the sign-in limit", async () => {
    await t.createUser({ email: "load@example.com" });
    const token = await t.signIn("load@example.com");
    const result = await autocannon({
      url: served.baseURL.replace(/\/api$/, ""),
      connections: 50,
      duration: DURATION_S,
      requests: [
        {
          method: "POST",
          path: "/api/auth/login/invite",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ value: "load@example.com" }),
        },
        {
          method: "POST",
          path: "/api/user/events",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": randomUUID() }, body: JSON.stringify({ eventName: "load", event: {} }) }),
        },
      ],
    });
    await served.idle();
    await t.deps.settle();

    const unexpected = served.answers.filter((a) => !(a.status >= 200 && a.status < 300) && !(a.status === 429 && a.path === "/api/auth/login/invite"));
    expect(result.errors, "connection errors or timeouts").toBe(0);
    expect(unexpected.slice(0, 5)).toEqual([]);
    const writes = served.answers.filter((a) => a.path === "/api/user/events" && a.status === 200).length;
    expect(writes).toBeGreaterThan(100);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(userEvents).where(eq(userEvents.eventName, "load"));
    expect(Number(row!.n)).toBe(writes);
    console.log(`load: ${result.requests.total} requests in ${DURATION_S}s, p99 ${result.latency.p99} ms, ${writes} writes stored`);
  }, (DURATION_S + 60) * 1000);
});
