import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { hashToken, newToken } from "@/lib/server/auth/tokens";
import { mailDeliveries, sessions, users } from "@/lib/server/db/schema";
import { askForLinks, databaseUrlOf, deliveredOnce, sleep, startApiProcess, startSmtpServer, stopApiProcess, type ApiProcess, type SmtpServer } from "../support/app-processes";
import { openTestDatabase } from "../support/test-db";

// E-mail goes through the job engine: each message is sent once, whichever process runs its job,
// however often the mail server defers it, and whatever happens to the process that queued it.
const onPostgres = Boolean(process.env.DATABASE_URL && process.env.RELIABILITY === "1");
const reliability = process.env.RELIABILITY === "1";

/** The mail jobs by state, as the engine keeps them. */
async function mailJobStates(database: Database) {
  const rows = await database.raw("select state::text as state, count(*)::int as n from pgboss.job where name = 'mail' group by state");
  return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
}

/**
 * Waits until every mail job has been deferred and none is due for a moment: a kill then interrupts
 * no delivery (a job running when its process dies is retried only once it expires, minutes later).
 */
async function allWaitingToRetry(database: Database, count: number) {
  for (let i = 0; i < 1200; i++) {
    const [row] = await database.raw(
      "select count(*) filter (where state = 'retry' and start_after > now() + interval '0.3 seconds')::int as waiting, count(*)::int as total from pgboss.job where name = 'mail'",
    );
    if (Number(row!.waiting) === count && Number(row!.total) === count) return;
    await sleep(100);
  }
  throw new Error(`the mail jobs did not all wait to be retried: ${JSON.stringify(await mailJobStates(database))}`);
}

describe.runIf(onPostgres)("e-mail jobs on PostgreSQL", () => {
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const done of cleanup.reverse()) await done();
  });

  async function setup(count: number, prefix: string) {
    const database = await openTestDatabase();
    cleanup.push(() => database.close());
    const name = String((await database.raw("select current_database() as name"))[0]!.name);
    const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
    await database.db.insert(users).values(emails.map((email, i) => ({ email, name: `${prefix} ${i}` })));
    return { database, url: databaseUrlOf(process.env.DATABASE_URL!, name), emails };
  }

  async function start(url: string, smtp: SmtpServer) {
    const api = await startApiProcess(url, { env: { SMTP_URL: smtp.url } });
    cleanup.push(() => api.proc.kill("SIGKILL"));
    return api;
  }

  it("sends each of 50 links asked for across two processes once, though the mail server defers the first five", async () => {
    const smtp = await startSmtpServer({ deferFirst: 5 });
    cleanup.push(() => smtp.close());
    const { database, url, emails } = await setup(50, "pair");
    const apis = await Promise.all([start(url, smtp), start(url, smtp)]);
    await askForLinks(apis, emails);

    expect(await deliveredOnce(smtp, emails)).toEqual([]);
    expect(smtp.state.deferred).toBe(5);
    expect(await mailJobStates(database)).toEqual({ completed: 50 });
    expect(await database.db.select().from(mailDeliveries)).toHaveLength(50);
  }, 180_000);

  it("delivers the e-mails of a process killed with SIGKILL, and of one stopped with SIGTERM, from the process started after it", async () => {
    const smtp = await startSmtpServer();
    cleanup.push(() => smtp.close());
    const { database, url, emails } = await setup(20, "survivor");
    const [killedFor, stoppedFor] = [emails.slice(0, 8), emails.slice(8)];

    // The mail server defers everything; the first process has queued and tried each message when it is killed.
    smtp.state.deferring = true;
    const first = await start(url, smtp);
    await askForLinks([first], killedFor);
    await allWaitingToRetry(database, killedFor.length);
    first.proc.kill("SIGKILL");
    await first.exited;
    expect(smtp.received).toHaveLength(0);

    // The mail server is back, but slow; the second process is stopped half-way through the next links.
    smtp.state.deferring = false;
    smtp.state.delayMs = 300;
    const second = await start(url, smtp);
    expect(await deliveredOnce(smtp, killedFor)).toEqual([]);
    await askForLinks([second], stoppedFor);
    while (smtp.received.length < killedFor.length + 3) await sleep(50);
    expect(await stopApiProcess(second)).toBe(0);
    const sentBeforeStop = smtp.received.length;
    expect(sentBeforeStop).toBeLessThan(emails.length);

    await start(url, smtp);
    expect(await deliveredOnce(smtp, emails)).toEqual([]);
    expect(await mailJobStates(database)).toEqual({ completed: 20 });
  }, 300_000);
});

describe.runIf(reliability)("e-mail jobs on the embedded database", () => {
  it("survive a SIGKILL: the process started again on the folder sends each message once", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "jobs-pglite-"));
    const smtp = await startSmtpServer();
    const emails = Array.from({ length: 6 }, (_, i) => `embedded${i}@example.com`);
    const seed = await openDatabase({ dir });
    await seed.migrate();
    await seed.db.insert(users).values(emails.map((email, i) => ({ email, name: `Embedded ${i}` })));
    // An administrator, to watch the queue through the API while the process holds the folder.
    const [admin] = await seed.db.insert(users).values({ email: "admin@example.com", name: "Admin", role: "admin" }).returning({ id: users.id });
    const adminToken = newToken();
    await seed.db.insert(sessions).values({ userId: admin!.id, tokenHash: hashToken(adminToken), expiresAt: new Date(Date.now() + 3_600_000) });
    await seed.close();
    const env = { DATABASE_URL: "", PGLITE_DIR: dir, SMTP_URL: smtp.url };
    const running: ApiProcess[] = [];
    try {
      smtp.state.deferring = true;
      const first = await startApiProcess("", { env });
      running.push(first);
      await askForLinks([first], emails);
      // Every message tried and deferred, and none due for a moment, when the process is killed.
      for (let waiting = false; !waiting; ) {
        await sleep(100);
        const res = await fetch(`${first.url}/studio/jobs?queue=mail&limit=200`, { headers: { authorization: `Bearer ${adminToken}` } });
        const { jobs } = (await res.json()) as { jobs: { state: string; startAfter: string }[] };
        waiting = jobs.length === emails.length && jobs.every((job) => job.state === "retry" && Date.parse(job.startAfter) > Date.now() + 1000);
      }
      first.proc.kill("SIGKILL");
      await first.exited;

      smtp.state.deferring = false;
      const second = await startApiProcess("", { env });
      running.push(second);
      expect(await deliveredOnce(smtp, emails)).toEqual([]);
      expect(await stopApiProcess(second)).toBe(0);
    } finally {
      for (const api of running) api.proc.kill("SIGKILL");
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
