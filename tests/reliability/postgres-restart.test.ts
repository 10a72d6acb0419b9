import { execSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { askForLinks, databaseUrlOf, deliveredOnce, startApiProcess, startSmtpServer, stopApiProcess } from "../support/app-processes";
import { essayDraftWrites, mcqAnswerWrites, usageEvents, watchRecords, type Writer } from "../support/restart-writers";
import { serveOverHttp } from "../support/serve-api";

// Restarts the PostgreSQL server on this machine: run on its own (RELIABILITY=1), never beside other suites.
const enabled = Boolean(process.env.DATABASE_URL && process.env.RELIABILITY === "1");
/** How long the clients keep writing; the restart comes 1.5 s in. */
const RUN_MS = 8000;
/** A client that still cannot get one write acknowledged after this long fails the test rather than spin until its timeout. */
const GIVE_UP_MS = 25_000;

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
      await sleep(500);
    }
  }
  throw new Error("PostgreSQL did not come back");
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const writers: Writer[] = [usageEvents(20), watchRecords(10), mcqAnswerWrites(10), essayDraftWrites(10)];
const totalClients = writers.reduce((sum, w) => sum + w.clients, 0);

describe.runIf(enabled)(`a PostgreSQL restart under ${totalClients} writing clients`, () => {
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
    for (const writer of writers) await writer.setup({ t, baseURL: served.baseURL });
    const startedBefore = (await t.database.raw("select pg_postmaster_start_time() as t"))[0]!.t;
    const acknowledged = writers.map((w) => Array.from({ length: w.clients }, () => [] as string[]));
    const stopAt = Date.now() + RUN_MS;

    // Set once the restart is over. Every client writes for RUN_MS and at least until one of its writes
    // is acknowledged after the restart, however slow the machine: each kind of write crosses it.
    let restartedAt = Number.POSITIVE_INFINITY;
    const client = async (writer: Writer, n: number, acked: string[]) => {
      let lastAckAt = 0;
      for (let seq = 0; Date.now() < stopAt || lastAckAt < restartedAt; seq++) {
        const key = `c${n}-${seq}`;
        const giveUpAt = Date.now() + GIVE_UP_MS;
        // Like the app's client: a write that fails is sent again with the same key until it is acknowledged.
        for (;;) {
          try {
            await writer.write(n, seq, key);
            acked.push(key);
            lastAckAt = Date.now();
            break;
          } catch (err) {
            if (Date.now() > giveUpAt) throw new Error(`${writer.name}, client ${n}: ${key} not acknowledged within ${GIVE_UP_MS} ms`, { cause: err });
            await sleep(200);
          }
        }
      }
    };

    const restart = (async () => {
      await sleep(1500);
      restartPostgres();
      restartedAt = Date.now();
    })();
    await Promise.all([...writers.flatMap((w, i) => acknowledged[i]!.map((acked, n) => client(w, n, acked))), restart]);
    await waitForPostgres();

    for (const [i, writer] of writers.entries()) {
      await writer.verify(acknowledged[i]!);
    }

    // The server really restarted under the clients; whatever they were refused meanwhile was a retryable 503.
    const startedAfter = (await t.database.raw("select pg_postmaster_start_time() as t"))[0]!.t;
    expect(String(startedAfter)).not.toBe(String(startedBefore));
    expect(served.answers.filter((a) => a.status >= 300 && a.status !== 503)).toEqual([]);
  }, 60_000);

  it("delivers e-mail queued before the restart, each message once, from an app process that lived through it", async () => {
    const smtp = await startSmtpServer();
    const emails = Array.from({ length: 20 }, (_, i) => `queued${i}@example.com`);
    await t.db.insert(users).values(emails.map((email, i) => ({ email, name: `Queued ${i}` })));
    const name = String((await t.database.raw("select current_database() as name"))[0]!.name);
    const api = await startApiProcess(databaseUrlOf(process.env.DATABASE_URL!, name), { env: { SMTP_URL: smtp.url } });
    try {
      // The mail server defers every message until PostgreSQL has restarted: the jobs wait in the queue through it.
      smtp.state.deferring = true;
      await askForLinks([api], emails);
      while (smtp.state.deferred < emails.length) await sleep(100);
      restartPostgres();
      await waitForPostgres();
      smtp.state.deferring = false;
      expect(await deliveredOnce(smtp, emails)).toEqual([]);
      expect((await fetch(`${api.url}/health`)).status).toBe(200);
      expect(await stopApiProcess(api)).toBe(0);
    } finally {
      api.proc.kill("SIGKILL");
      await smtp.close();
    }
  }, 180_000);
});
