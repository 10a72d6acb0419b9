import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listJobs, retryJob } from "@/lib/contract/calls/studio-jobs";
import { listAudit } from "@/lib/contract/calls/studio-people";
import { inviteUsers } from "@/lib/server/services/sign-in/invite-users";
import { createTestApi, type TestApi } from "../support/api";
import { refuseMailTo } from "../support/memory-mailer";

let t: TestApi;
let admin: string;
beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "admin@example.com", role: "admin" });
  admin = await t.signIn("admin@example.com");
  for (const n of [1, 2, 3]) await t.createUser({ email: `invited${n}@example.com` });
});
afterAll(() => t.close());

type Listed = {
  jobs: { id: string; queue: string; state: string; retryCount: number; retryLimit: number; createdAt: string; startAfter: string; output: unknown; completedAt: string | null; recipient: { email: string } | null }[];
};
const list = async (query: Record<string, string>) => {
  const res = await t.call(listJobs, { token: admin, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Listed;
};


describe("GET /studio/jobs", () => {
  it("lists an e-mail the mail server keeps deferring as retried, with the server's reply, and a sent one as completed", async () => {
    const restore = refuseMailTo(t.mailer, "invited1@example.com", "451 4.3.0 Mailbox busy, try again later", 451);
    try {
      await inviteUsers(t.deps, ["invited1@example.com"]);
      await inviteUsers(t.deps, ["invited2@example.com"]);
      await t.deps.settle();
    } finally {
      restore();
    }
    const retried = await list({ state: "retry" });
    expect(retried.jobs).toHaveLength(1);
    expect(retried.jobs[0]).toMatchObject({ queue: "mail", state: "retry", retryLimit: 12, completedAt: null, recipient: { email: "invited1@example.com" } });
    expect(JSON.stringify(retried.jobs[0]!.output)).toContain("451");

    const completed = await list({ state: "completed", queue: "mail" });
    // The admin's own sign-in link and invited2's invitation.
    expect(completed.jobs).toHaveLength(2);
    expect(completed.jobs.every((job) => job.state === "completed" && job.completedAt !== null)).toBe(true);
  });

  it("answers newest first, a page at a time", async () => {
    await inviteUsers(t.deps, ["invited3@example.com"]);
    const all = await list({ queue: "mail" });
    expect(all.jobs.length).toBe(4);
    const times = all.jobs.map((job) => job.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await list({ queue: "mail", limit: "2" });
    expect(first.jobs.map((job) => job.id)).toEqual(all.jobs.slice(0, 2).map((job) => job.id));
    const next = await list({ queue: "mail", limit: "2", before: first.jobs.at(-1)!.createdAt });
    expect(next.jobs.map((job) => job.id)).toEqual(all.jobs.slice(2, 4).map((job) => job.id));
  });

  it("keeps an e-mail refused through every retry as failed, with the mail server's last reply", async () => {
    await t.createUser({ email: "nobody-home@example.com" });
    const restore = refuseMailTo(t.mailer, "nobody-home@example.com", "550 5.1.1 Mailbox unavailable", 550);
    try {
      await inviteUsers(t.deps, ["nobody-home@example.com"]);
      await t.deps.settle();
      // Each retry waits out its backoff (1 s doubling to 30 min): the test makes the retries due at once.
      for (let retry = 0; retry < 12; retry++) {
        await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`);
        await t.deps.jobs.drain();
      }
    } finally {
      restore();
    }
    const failed = await list({ state: "failed" });
    expect(failed.jobs).toHaveLength(1);
    expect(failed.jobs[0]).toMatchObject({ queue: "mail", state: "failed", retryCount: 12, retryLimit: 12 });
    expect(JSON.stringify(failed.jobs[0]!.output)).toContain("550 5.1.1 Mailbox unavailable");
  });

  it("refuses a state, queue, limit or time it does not know, naming the field", async () => {
    for (const [query, field] of [
      [{ state: "stuck" }, "state"],
      [{ queue: "sms" }, "queue"],
      [{ limit: "0" }, "limit"],
      [{ before: "yesterday" }, "before"],
    ] as const) {
      const res = await t.call(listJobs, { token: admin, query });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    const res = await t.call(listJobs, { token: admin, query: { state: "stuck" } });
    expect(res.body.message).toContain("created, retry, active, completed, cancelled, failed");
  });
});

describe("POST /studio/jobs/retry", () => {
  it("sends a failed e-mail once the administrator retries it, and records who did it", async () => {
    const [failed] = (await list({ state: "failed" })).jobs;
    expect(failed).toBeDefined();
    const sent: string[] = [];
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (message) => {
      sent.push(message.to);
      return send(message);
    };
    try {
      const res = await t.call(retryJob, { token: admin, body: { id: failed!.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.job).toMatchObject({ id: failed!.id, state: "retry", retryLimit: 13 });
      await t.deps.jobs.drain();
    } finally {
      t.mailer.send = send;
    }
    expect(sent).toEqual(["nobody-home@example.com"]);
    expect((await list({ state: "failed" })).jobs).toHaveLength(0);

    const audit = await t.call(listAudit, { token: admin, query: { kind: "job.retry" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ actor: { email: "admin@example.com" }, before: { job: failed!.id, state: "failed" }, after: { state: "retry" } });
  });

  it("runs an e-mail waiting out its backoff at once", async () => {
    await t.createUser({ email: "busy@example.com" });
    const restore = refuseMailTo(t.mailer, "busy@example.com", "451 4.3.0 Mailbox busy, try again later", 451);
    try {
      await inviteUsers(t.deps, ["busy@example.com"]);
      await t.deps.settle();
    } finally {
      restore();
    }
    const [waiting] = (await list({ state: "retry" })).jobs;
    expect(waiting).toBeDefined();
    expect(Date.parse(waiting!.startAfter)).toBeGreaterThan(Date.now());
    const res = await t.call(retryJob, { token: admin, body: { id: waiting!.id } });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.job.startAfter)).toBeLessThanOrEqual(Date.now());
    await t.deps.jobs.drain();
    expect((await list({ state: "retry" })).jobs.map((job) => job.id)).not.toContain(waiting!.id);
  });

  it("refuses a job that already ran, and an id no job has, writing nothing", async () => {
    const audited = async () => (await t.call(listAudit, { token: admin, query: { kind: "job.retry" } })).body.entries.length;
    const before = await audited();
    const [done] = (await list({ state: "completed" })).jobs;
    const ran = await t.call(retryJob, { token: admin, body: { id: done!.id } });
    expect(ran.status).toBe(409);
    expect(ran.body).toMatchObject({ code: "job_not_retryable", details: { state: "completed" } });
    expect(ran.body.message).toContain("already run");
    const unknown = await t.call(retryJob, { token: admin, body: { id: "00000000-0000-5000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "job_not_found" });
    const bad = await t.call(retryJob, { token: admin, body: { id: "seven" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("id");
    expect(await audited()).toBe(before);
  });
});
