import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishLogin } from "@/lib/contract/calls/sign-in";
import { inviteUsers } from "@/lib/server/services/sign-in/invite-users";
import { createTestApi, type TestApi } from "../support/api";
import { linkToken } from "../support/memory-mailer";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "grace@example.com", name: "Grace Hopper" });
});
afterAll(() => t.close());

describe("operator invitations", () => {
  it("e-mails existing users a link valid for 7 days and reports unknown e-mails", async () => {
    const result = await inviteUsers(t.deps, ["Grace@Example.com", "ghost@example.com"]);
    expect(result).toEqual({ sent: ["grace@example.com"], unknown: ["ghost@example.com"] });
    // The e-mail goes out through the job engine.
    await t.deps.settle();
    const mail = t.mailer.sent.at(-1);
    expect(mail?.text).toContain("7 days");
    expect(mail?.text).toContain("invited");

    // Still good after six days, gone after eight.
    const token = linkToken(mail);
    t.advanceClock(6 * 24 * 3600 * 1000);
    expect((await t.call(finishLogin, { body: { inviteId: token } })).status).toBe(201);
    t.advanceClock(-6 * 24 * 3600 * 1000);

    await inviteUsers(t.deps, ["grace@example.com"]);
    await t.deps.settle();
    const late = linkToken(t.mailer.sent.at(-1));
    t.advanceClock(8 * 24 * 3600 * 1000);
    expect((await t.call(finishLogin, { body: { inviteId: late } })).status).toBe(401);
    t.advanceClock(-8 * 24 * 3600 * 1000);
  });
});
