import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/client";
import { MAX_LINKS_PER_EMAIL } from "@/lib/server/services/request-sign-in-link";
import { openTestDatabase } from "../support/test-db";

// Two API processes on one PostgreSQL database: what must be shared (rate limits) lives in the database.
const enabled = Boolean(process.env.DATABASE_URL);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startApi(databaseUrl: string): Promise<{ url: string; proc: ChildProcess; output: () => string }> {
  const port = await freePort();
  const proc = spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "lib/server/api/standalone.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), APP_ENV: "stage", SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout?.on("data", (d) => (output += d));
  proc.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, proc, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill();
  throw new Error(`the API process did not start:\n${output}`);
}

describe.runIf(enabled)("two API processes on one database", () => {
  let database: Database;
  const procs: ChildProcess[] = [];
  const urls: string[] = [];
  const outputs: (() => string)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const dbUrl = await database.raw("select current_database() as name").then((r) => {
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${r[0]!.name as string}`;
      return u.toString();
    });
    // Both start at once: migrations take a lock, so neither trips over the other.
    const started = await Promise.all([startApi(dbUrl), startApi(dbUrl)]);
    for (const s of started) {
      procs.push(s.proc);
      urls.push(s.url);
      outputs.push(s.output);
    }
    await database.db.insert(users).values({ email: "shared@example.com", name: "Shared" });
  }, 90_000);

  afterAll(async () => {
    for (const p of procs) p.kill("SIGTERM");
    await database?.close();
  });

  it("enforce one sign-in limit per e-mail between them", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${urls[i % 2]}/auth/login/invite`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i + 1}` },
          body: JSON.stringify({ value: "shared@example.com" }),
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(MAX_LINKS_PER_EMAIL);
    expect(results.filter((s) => s === 429)).toHaveLength(20 - MAX_LINKS_PER_EMAIL);
  }, 30_000);

  it("share sessions: a link asked for on one is finished on the other, and a logout on either ends it", async () => {
    await database.db.insert(users).values({ email: "roamer@example.com", name: "Roamer" });
    const post = (url: string, body: unknown, token?: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post(`${urls[0]}/auth/login/invite`, { value: "roamer@example.com" })).status).toBe(200);
    // Without SMTP the first process prints the link in its log.
    let inviteId = "";
    for (let i = 0; i < 40 && !inviteId; i++) {
      inviteId = /To: roamer@example\.com[\s\S]*?#inviteId=([A-Za-z0-9_-]+)/.exec(outputs[0]!())?.[1] ?? "";
      if (!inviteId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(inviteId).not.toBe("");
    const finished = await post(`${urls[1]}/auth/finishLogin`, { inviteId });
    expect(finished.status).toBe(201);
    const { userToken } = (await finished.json()) as { userToken: string };
    const info = (u: string) => fetch(`${u}/user/info`, { headers: { authorization: `Bearer ${userToken}` } }).then((r) => r.status);
    expect([await info(urls[0]!), await info(urls[1]!)]).toEqual([200, 200]);
    expect((await post(`${urls[1]}/auth/logout`, {}, userToken)).status).toBe(200);
    expect([await info(urls[0]!), await info(urls[1]!)]).toEqual([401, 401]);
  }, 30_000);
});
