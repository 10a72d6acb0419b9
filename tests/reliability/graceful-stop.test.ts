import { Agent, request } from "node:http";
import { createServer, connect, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newToken } from "@/lib/server/auth/tokens";
import type { Database } from "@/lib/server/db/client";
import { sessions, userEvents, users } from "@/lib/server/db/schema";
import { databaseUrlOf, sleep, startApiProcess, type ApiProcess } from "../support/app-processes";
import { openTestDatabase } from "../support/test-db";

// What SIGTERM does to an app process with a request in flight (the standalone API; `npm start`
// stops the same way, through lib/server/stop-gracefully.mjs). A request is made to run long by
// holding a lock on the table it writes.
const enabled = Boolean(process.env.DATABASE_URL && process.env.RELIABILITY === "1");

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A request on a kept-alive connection of `agent`. */
function send(agent: Agent, url: string, options: { method?: string; token?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        agent,
        method: options.method ?? "GET",
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A TCP relay between the app and PostgreSQL, which the test can cut to take "the database" away. */
async function relayTo(port: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(port, "127.0.0.1");
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

describe.runIf(enabled)("an app process stopped with SIGTERM", () => {
  let database: Database;
  let databaseUrl = "";
  let token = "";
  let userId = "";
  const started: ApiProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    databaseUrl = databaseUrlOf(process.env.DATABASE_URL!, String((await database.raw("select current_database() as name"))[0]!.name));
    const [user] = await database.db.insert(users).values({ email: "stopper@example.com", name: "Stopper" }).returning({ id: users.id });
    userId = user!.id;
    token = newToken();
    await database.db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  });
  afterAll(async () => {
    for (const api of started) api.proc.kill("SIGKILL");
    await database?.close();
  });

  /** Holds an exclusive lock on the events table, so that recording an event waits until `release`. */
  async function lockEvents() {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("begin");
    await client.query("lock table user_events in access exclusive mode");
    return async () => {
      await client.query("commit");
      await client.end();
    };
  }

  const storedEvents = async (name: string) => (await database.db.select().from(userEvents).where(eq(userEvents.eventName, name))).length;

  it("refuses new connections, finishes the request in flight with Connection: close, and exits 0", async () => {
    const api = await startApiProcess(databaseUrl);
    started.push(api);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(agent, `${api.url}/health`)).connection).toBe("keep-alive");

    const release = await lockEvents();
    const inFlight = send(agent, `${api.url}/user/events`, { method: "POST", token, body: { eventName: "in-flight", event: {} } });
    await sleep(500);
    api.proc.kill("SIGTERM");
    await sleep(500);
    // Stopping: no new connection is taken, while the request in flight is still being answered.
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
    expect(api.proc.exitCode).toBeNull();
    await sleep(1000);
    await release();

    const answer = await inFlight;
    expect(answer.status, answer.body).toBe(200);
    // The connection ends with this answer rather than being cut under the client's next request.
    expect(answer.connection).toBe("close");
    expect(await api.exited).toBe(0);
    expect(await storedEvents("in-flight")).toBe(1);
    expect(api.output()).toContain("finishing the requests in flight");
    agent.destroy();
  }, 90_000);

  it("cuts the request in flight on a second SIGTERM; the client's resend with its key is stored once", async () => {
    const api = await startApiProcess(databaseUrl);
    started.push(api);
    const release = await lockEvents();
    const agent = new Agent({ keepAlive: false });
    const body = { eventName: "cut", event: {} };
    const inFlight = send(agent, `${api.url}/user/events`, { method: "POST", token, body, idempotencyKey: "cut-1" }).then(
      (a) => a,
      (err: Error) => err,
    );
    await sleep(500);
    api.proc.kill("SIGTERM");
    await sleep(1500);
    api.proc.kill("SIGTERM");
    const answer = await inFlight;
    // The client's connection is reset without an answer, so it cannot know whether the write was made.
    expect(answer).toBeInstanceOf(Error);
    await sleep(500);
    await release();
    // The process still closes its database (the cut request's query finishes first) and exits 0.
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain("requests still running were cut");
    // The client sends the write again with the same key, to the process that took over: one record.
    const next = await startApiProcess(databaseUrl);
    started.push(next);
    expect((await send(agent, `${next.url}/user/events`, { method: "POST", token, body, idempotencyKey: "cut-1" })).status).toBe(200);
    expect(await storedEvents("cut")).toBe(1);
    next.proc.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  }, 120_000);

  it("exits 0 when PostgreSQL is gone by the time it stops", async () => {
    const relay = await relayTo(Number(new URL(process.env.DATABASE_URL!).port || 5432));
    const viaRelay = new URL(databaseUrl);
    viaRelay.port = String(relay.port);
    viaRelay.hostname = "127.0.0.1";
    const api = await startApiProcess(viaRelay.toString());
    started.push(api);
    relay.cut();
    // A request while the database is away is answered 503 (the browser's client retries it).
    expect((await fetch(`${api.url}/user/info`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(503);
    api.proc.kill("SIGTERM");
    const exited = await Promise.race([api.exited, sleep(40_000).then(() => "still running")]);
    expect(exited).toBe(0);
  }, 90_000);
});
