import { execSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createHttpClient } from "@/lib/api/client";
import { postUserEvent } from "@/lib/contract/calls/user";
import { userEvents } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { serveOverHttp } from "../support/serve-api";

// Restarts the PostgreSQL server on this machine: run on its own (RELIABILITY=1), never beside other suites.
const enabled = Boolean(process.env.DATABASE_URL && process.env.RELIABILITY === "1");
const CLIENTS = 20;
const RUN_MS = 8000;

function restartPostgres() {
  const version = readdirSync("/etc/postgresql")[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main restart -m fast`, { stdio: "inherit" });
}

async function waitForPostgres() {
  for (let i = 0; i < 60; i++) {
    try {
      execSync("pg_isready -q -h 127.0.0.1 -p 5432");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error("PostgreSQL did not come back");
}

describe.runIf(enabled)("a PostgreSQL restart under 20 writing clients", () => {
  let t: TestApi;
  let served: Awaited<ReturnType<typeof serveOverHttp>>;
  beforeAll(async () => {
    t = await createTestApi();
    served = await serveOverHttp(t);
  });
  afterAll(async () => {
    await waitForPostgres();
    await served?.close();
    await t?.close();
  });

  it("loses no acknowledged write, doubles none, and refuses only with a retryable 503", async () => {
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      await t.createUser({ email: `writer${i}@example.com` });
      tokens.push(await t.signIn(`writer${i}@example.com`));
    }
    const startedBefore = (await t.database.raw("select pg_postmaster_start_time() as t"))[0]!.t;
    const acknowledged = new Set<string>();
    const stopAt = Date.now() + RUN_MS;

    const client = async (n: number) => {
      const http = createHttpClient({ baseURL: served.baseURL, getToken: () => tokens[n], retries: 4 });
      for (let seq = 0; Date.now() < stopAt; seq++) {
        const key = `c${n}-${seq}`;
        // Like the app's client: a write that fails is sent again with the same key until it is acknowledged.
        for (;;) {
          try {
            await callApi(postUserEvent, { body: { eventName: "reliability", event: { n, seq }, idempotencyKey: key } }, http);
            acknowledged.add(`${n}:${key}`);
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      }
    };

    const restart = (async () => {
      await new Promise((r) => setTimeout(r, 1500));
      restartPostgres();
    })();
    await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), restart]);
    await waitForPostgres();

    const rows = await t.db.select().from(userEvents).where(eq(userEvents.eventName, "reliability"));
    const stored = rows.map((r) => `${(r.event as { n: number }).n}:${r.idempotencyKey}`);
    expect(stored.length).toBe(new Set(stored).size);
    expect(new Set(stored)).toEqual(acknowledged);
    expect(acknowledged.size).toBeGreaterThan(CLIENTS);

    // The server really restarted under the clients; whatever they were refused meanwhile was a retryable 503.
    const startedAfter = (await t.database.raw("select pg_postmaster_start_time() as t"))[0]!.t;
    expect(String(startedAfter)).not.toBe(String(startedBefore));
    const refused = served.statuses.filter((s) => s >= 300);
    expect(refused.filter((s) => s !== 503)).toEqual([]);
  }, 60_000);
});
