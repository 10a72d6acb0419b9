import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { finishLogin, requestSignInLink, logout } from "@/lib/contract/calls/sign-in";
import { recordUserEvent } from "@/lib/contract/calls/shell";
import { getUserProfile } from "@/lib/contract/calls/sign-in";
import { errorBody } from "@/lib/contract/common";
import { invites, rateLimits, sessions, userEvents } from "@/lib/server/db/schema";
import { RATE_WINDOW_MS, SIGN_IN_LINK_SENT } from "@/lib/server/services/sign-in/request-sign-in-link";
import { inviteUsers } from "@/lib/server/services/sign-in/invite-users";
import { createTestApi, type TestApi } from "../support/api";
import { linkToken } from "../support/memory-mailer";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "ada@example.com", name: "Ada Lovelace", plan: "Premium", isO3ChatAvailable: true });
  await t.createUser({ email: "bob@example.com", name: "Bob Builder" });
  await t.createUser({ email: "kavya@example.com", name: "Kavya Raman", preferredLanguage: "Tamil" });
  await t.createUser({ email: "ravi@example.com", name: "Ravi Teja", preferredLanguage: "Telugu" });
  await t.createUser({ email: "olu@example.com", name: "Olu Ade", preferredLanguage: "Others" });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each case starts with fresh rate-limit windows.
  await t.db.delete(rateLimits).where(sql`true`);
});

async function askLink(email: string, redirectUrl?: string, ip = "192.0.2.1") {
  const before = t.mailer.sent.length;
  const res = await t.call(requestSignInLink, { body: { value: email, redirectUrl }, headers: { "x-forwarded-for": ip } });
  await t.deps.settle();
  return { res, mail: t.mailer.sent[before], mails: t.mailer.sent.length - before };
}

describe("sign in by e-mailed link", () => {
  it("e-mails a link that signs the learner in and opens their profile", async () => {
    const { res, mail } = await askLink("Ada@Example.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccess: true, message: SIGN_IN_LINK_SENT });
    expect(mail?.to).toBe("ada@example.com");
    expect(mail?.text).toContain("http://localhost:3000/login/finish#inviteId=");
    expect(mail?.text).toContain("15 minutes");

    const finished = await t.call(finishLogin, { body: { inviteId: linkToken(mail) } });
    expect(finished.status).toBe(201);
    expect(finished.body.redirectUrl).toBe("/dashboard");
    expect(finished.body.redirectTitle).toBe("Dashboard");
    expect(finished.body.userInfo).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", isPremiumUser: true, isO3ChatAvailable: true });

    const info = await t.call(getUserProfile, { token: finished.body.userToken });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe("ada@example.com");
  });

  it("stores only hashes of link and session tokens", async () => {
    const { mail } = await askLink("bob@example.com");
    const token = linkToken(mail);
    const finished = await t.call(finishLogin, { body: { inviteId: token } });
    const storedInvites = await t.db.select({ h: invites.tokenHash }).from(invites);
    const storedSessions = await t.db.select({ h: sessions.tokenHash }).from(sessions);
    const all = [...storedInvites, ...storedSessions].map((r) => r.h);
    expect(all).not.toContain(token);
    expect(all).not.toContain(finished.body.userToken);
    expect(all.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it("answers an unknown e-mail exactly like a known one, and sends nothing", async () => {
    const known = await askLink("ada@example.com");
    const unknown = await askLink("nobody@example.com");
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(unknown.mails).toBe(0);
    expect(known.mails).toBe(1);
  });

  it("refuses a link used twice", async () => {
    const { mail } = await askLink("ada@example.com");
    const token = linkToken(mail);
    expect((await t.call(finishLogin, { body: { inviteId: token } })).status).toBe(201);
    const again = await t.call(finishLogin, { body: { inviteId: token } });
    expect(again.status).toBe(401);
    expect(errorBody.parse(again.body).message).toMatch(/expired or was already used/);
  });

  it("refuses a link after 15 minutes", async () => {
    const { mail } = await askLink("ada@example.com");
    t.advanceClock(15 * 60 * 1000 + 1000);
    try {
      const res = await t.call(finishLogin, { body: { inviteId: linkToken(mail) } });
      expect(res.status).toBe(401);
    } finally {
      t.advanceClock(-(15 * 60 * 1000 + 1000));
    }
  });

  it("opens at most one session when the same link is finished twice at once", async () => {
    const { mail } = await askLink("bob@example.com");
    const token = linkToken(mail);
    const before = (await t.db.select().from(sessions)).length;
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call(finishLogin, { body: { inviteId: token } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(4);
    expect((await t.db.select().from(sessions)).length).toBe(before + 1);
  });

  it("keeps a redirect that is a path on this site and replaces any other", async () => {
    const cases: [string, string][] = [
      ["/courses?tab=all", "/courses?tab=all"],
      ["//evil.example", "/dashboard"],
      ["https://evil.example", "/dashboard"],
      ["/\\evil.example", "/dashboard"],
      ["javascript:alert(1)", "/dashboard"],
    ];
    for (const [asked, expected] of cases) {
      await t.db.delete(rateLimits).where(sql`true`);
      const { mail } = await askLink("ada@example.com", asked);
      const finished = await t.call(finishLogin, { body: { inviteId: linkToken(mail) } });
      expect(finished.body.redirectUrl, asked).toBe(expected);
    }
  });

  it("limits links per e-mail and per IP with a clear 429", async () => {
    t.startWindow(RATE_WINDOW_MS);
    for (let i = 0; i < 5; i++) expect((await askLink("ada@example.com", undefined, `192.0.2.${i + 10}`)).res.status).toBe(200);
    const limited = await askLink("ada@example.com", undefined, "192.0.2.99");
    expect(limited.res.status).toBe(429);
    expect(limited.mails).toBe(0);
    expect(errorBody.parse(limited.res.body).message).toMatch(/Too many sign-in links.*wait \d+ minute/);
    expect(Number(limited.res.headers.get("retry-after"))).toBeGreaterThan(0);

    await t.db.delete(rateLimits).where(sql`true`);
    t.startWindow(RATE_WINDOW_MS);
    let status = 200;
    for (let i = 0; i < 31 && status === 200; i++) status = (await askLink(`someone${i}@example.com`, undefined, "192.0.2.200")).res.status;
    expect(status).toBe(429);
    // Another address is not affected.
    expect((await askLink("ada@example.com", undefined, "192.0.2.201")).res.status).toBe(200);
  });

  it("logout revokes the session at once", async () => {
    const token = await t.signIn("ada@example.com");
    expect((await t.call(getUserProfile, { token })).status).toBe(200);
    const out = await t.call(logout, { token });
    expect(out.status).toBe(200);
    expect(out.body.isSuccess).toBe(true);
    const after = await t.call(getUserProfile, { token });
    expect(after.status).toBe(401);
    expect(errorBody.parse(after.body).statusCode).toBe(401);
  });

  it("ends a session after 30 days", async () => {
    const token = await t.signIn("bob@example.com");
    t.advanceClock(31 * 24 * 60 * 60 * 1000);
    try {
      expect((await t.call(getUserProfile, { token })).status).toBe(401);
    } finally {
      t.advanceClock(-31 * 24 * 60 * 60 * 1000);
    }
  });
});

describe("protected calls", () => {
  const protectedCalls = [getUserProfile, recordUserEvent, logout];

  it("answer 401 with no token, a made-up token, a revoked token, or a cookie alone", async () => {
    const revoked = await t.signIn("bob@example.com");
    await t.call(logout, { token: revoked });
    const live = await t.signIn("bob@example.com");
    for (const c of protectedCalls) {
      const body = c.body ? { eventName: "x", event: {} } : undefined;
      for (const token of [undefined, "not-a-real-token-at-all", revoked]) {
        const res = await t.call(c, { token, body });
        expect(res.status, `${c.path} with ${token}`).toBe(401);
        expect(errorBody.safeParse(res.body).success).toBe(true);
      }
      const cookieOnly = await t.call(c, { body, headers: { cookie: `devuserTokenSklGrow=${live}` } });
      expect(cookieOnly.status, `${c.path} with a cookie only`).toBe(401);
    }
  });
});

describe("bad input", () => {
  it("names the field that is wrong", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /value/],
      [{ value: 42 }, /value must be a string/],
      [{ value: "not-an-email" }, /value: Enter a valid e-mail/],
      [{ value: "a@b.c" }, /value: Enter a valid e-mail/],
      [{ value: "ada@example.com", redirectUrl: 5 }, /redirectUrl/],
    ];
    for (const [body, message] of cases) {
      const res = await t.call(requestSignInLink, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorBody.parse(res.body).message).toMatch(message);
    }
    const finish = await t.call(finishLogin, { body: { inviteId: 7 } });
    expect(finish.status).toBe(400);
    expect(finish.body.message).toMatch(/inviteId/);
  });

  it("refuses a body that is not JSON", async () => {
    const res = await t.request("POST", "/auth/login/invite", { body: "value=ada", headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
    const broken = await t.request("POST", "/auth/login/invite", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/not valid JSON/);
  });

  it("records a usage event with its campaign data and refuses one without a name", async () => {
    const token = await t.signIn("ada@example.com");
    const ok = await t.call(recordUserEvent, {
      token,
      body: { eventName: "course_opened", event: { courseId: "c1" }, campaign: { utmSource: "newsletter" } },
    });
    expect(ok.status).toBe(200);
    const rows = await t.db.select().from(userEvents);
    expect(rows.at(-1)?.event).toEqual({ courseId: "c1", campaign: { utmSource: "newsletter" } });
    const bad = await t.call(recordUserEvent, { token, body: { event: {} } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/eventName/);
  });

  it("answers an unknown call with 404 in the error shape", async () => {
    const res = await t.request("GET", "/nope");
    expect(res.status).toBe(404);
    expect(errorBody.parse(res.body).message).toMatch(/No API call/);
  });
});

describe("the sign-in e-mail speaks the learner's language", () => {
  it("is in Tamil for a learner whose profile says Tamil, and its link still signs them in", async () => {
    const { mail } = await askLink("kavya@example.com", undefined, "192.0.2.40");
    expect(mail?.subject).toBe("உங்கள் உள்நுழைவு லிங்க்");
    expect(mail?.text).toContain("வணக்கம் Kavya Raman,");
    expect(mail?.text).toContain("நீங்கள் கேட்ட உள்நுழைவு லிங்க் இதோ.");
    expect(mail?.text).toContain("15 நிமிடங்களில் காலாவதியாகும்");
    expect(mail?.text).not.toContain("Hello");
    expect(mail?.html).toContain('<html lang="ta">');
    expect(mail?.html).toContain(">உள்நுழை</a>");
    expect((await t.call(finishLogin, { body: { inviteId: linkToken(mail) } })).status).toBe(201);
  });

  it("is in Telugu for an operator's invitation to a Telugu learner, valid for 7 days", async () => {
    await inviteUsers(t.deps, ["ravi@example.com"]);
    await t.deps.settle();
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe("ravi@example.com");
    expect(mail?.subject).toBe("మీ సైన్-ఇన్ లింక్");
    expect(mail?.text).toContain("మిమ్మల్ని లెర్నింగ్ ప్లాట్‌ఫామ్‌కు ఆహ్వానించారు.");
    expect(mail?.text).toContain("7 రోజుల్లో దీని గడువు ముగుస్తుంది");
    expect(mail?.html).toContain('<html lang="te">');
  });

  it("is unchanged in English, for an English profile and for Others", async () => {
    for (const [email, name] of [["ada@example.com", "Ada Lovelace"], ["olu@example.com", "Olu Ade"]]) {
      const { mail } = await askLink(email!, undefined, "192.0.2.41");
      const link = `http://localhost:3000/login/finish#inviteId=${linkToken(mail)}`;
      expect(mail?.subject).toBe("Your sign-in link");
      expect(mail?.text).toBe(
        `Hello ${name},\n\nHere is the sign-in link you asked for.\n\n${link}\n\nThe link works once and expires in 15 minutes. If you did not ask for it, you can ignore this e-mail.`,
      );
      expect(mail?.html).toContain('<html lang="en">');
      expect(mail?.html).toContain(`<p style="font-size:13px;color:#555">Or paste this address into your browser: ${link}</p>`);
      expect(mail?.html).toContain(">Sign in</a>");
    }
  });
});
