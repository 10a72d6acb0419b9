import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishLogin, requestSignInLink } from "@/lib/contract/calls/sign-in";
import { jobId } from "@/lib/server/jobs/engine";
import { inviteUsers } from "@/lib/server/services/sign-in/invite-users";
import { createTestApi, type TestApi } from "../support/api";
import { linkToken } from "../support/memory-mailer";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  for (const n of [1, 2, 3]) await t.createUser({ email: `worker${n}@example.com`, name: `Worker ${n}` });
});
afterAll(() => t.close());

describe("e-mail through the job engine", () => {
  it("retries a message the mail server defers and sends it once; the failure is kept until then", async () => {
    const before = t.mailer.sent.length;
    const send = t.mailer.send.bind(t.mailer);
    let refusals = 2;
    t.mailer.send = async (message) => {
      if (refusals-- > 0) throw Object.assign(new Error("451 4.3.0 Try again later"), { responseCode: 451 });
      return send(message);
    };
    try {
      await inviteUsers(t.deps, ["worker1@example.com"]);
      await t.deps.settle();
      expect(t.mailer.sent.length).toBe(before);
      const [waiting] = await t.deps.jobs.list({ queue: "mail", limit: 1 });
      expect(waiting?.state).toBe("retry");
      expect(JSON.stringify(waiting?.output)).toContain("451");

      // Retries come with backoff; run them as a worker would once each is due.
      for (let i = 0; i < 20 && t.mailer.sent.length === before; i++) {
        await new Promise((r) => setTimeout(r, 500));
        await t.deps.settle();
      }
      expect(t.mailer.sent.length).toBe(before + 1);
      expect(t.mailer.sent.at(-1)?.to).toBe("worker1@example.com");
      const [done] = await t.deps.jobs.list({ queue: "mail", limit: 1 });
      expect(done?.state).toBe("completed");
      expect(done?.retryCount).toBeGreaterThanOrEqual(2);

      await t.deps.settle();
      expect(t.mailer.sent.length).toBe(before + 1);
    } finally {
      t.mailer.send = send;
    }
  }, 60_000);

  it("sends the same subject once however often it is queued or its job runs", async () => {
    const before = t.mailer.sent.length;
    await inviteUsers(t.deps, ["worker2@example.com"]);
    const [job] = await t.deps.jobs.list({ queue: "mail", limit: 1 });
    const data = job!.data as { template: "sign-in"; inviteId: string };
    // The same subject sent again (a retried request, a second process) queues nothing more.
    await t.deps.jobs.send("mail", `invite:${data.inviteId}`, data);
    await t.deps.settle();
    expect(t.mailer.sent.length).toBe(before + 1);
    // The job run again after the mail server accepted its message (a crash before it was marked done) sends nothing.
    const { deliverMail } = await import("@/lib/server/mail/outbox");
    await deliverMail(t.deps, data, job!.id);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(job!.id).toBe(jobId("mail", `invite:${data.inviteId}`));
  });

  it("keeps no secret in the queue: the link's token is made when the e-mail is sent", async () => {
    const before = t.mailer.sent.length;
    expect((await t.call(requestSignInLink, { body: { value: "worker3@example.com" } })).status).toBe(200);
    await t.deps.settle();
    const token = linkToken(t.mailer.sent[before]);
    const rows = await t.database.raw("select data::text as data from pgboss.job where name = 'mail'");
    expect(rows.map((r) => String(r.data)).join("\n")).not.toContain(token);
    expect((await t.call(finishLogin, { body: { inviteId: token } })).status).toBe(201);
  });

  it("does not send a link that was used or expired before its e-mail went out", async () => {
    const before = t.mailer.sent.length;
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw Object.assign(new Error("421 Service not available"), { responseCode: 421 });
    };
    try {
      await inviteUsers(t.deps, ["worker1@example.com"]);
      await t.deps.settle();
    } finally {
      t.mailer.send = send;
    }
    // The link is past its seven days when the mail server takes messages again.
    const [job] = await t.deps.jobs.list({ queue: "mail", state: "retry", limit: 1 });
    t.advanceClock(8 * 24 * 3600 * 1000);
    try {
      const { deliverMail } = await import("@/lib/server/mail/outbox");
      await deliverMail(t.deps, job!.data as { template: "sign-in"; inviteId: string }, job!.id);
    } finally {
      t.advanceClock(-8 * 24 * 3600 * 1000);
    }
    expect(t.mailer.sent.length).toBe(before);
  });
});
