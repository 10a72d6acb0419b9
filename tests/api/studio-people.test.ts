import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUserProfile, finishLogin, requestSignInLink } from "@/lib/contract/calls/sign-in";
import { createPerson, getPeopleImportTemplate, getPerson, importPeople, listAudit, listPeople, resendInvitation, updatePerson } from "@/lib/contract/calls/studio-people";
import { listStudioCourses } from "@/lib/contract/calls/studio-content";
import { batches, studioAudit, users } from "@/lib/server/db/schema";
import { SIGN_IN_LINK_SENT } from "@/lib/server/services/sign-in/request-sign-in-link";
import { createTestApi, type TestApi } from "../support/api";
import { linkToken, refuseMailTo } from "../support/memory-mailer";

let t: TestApi;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApi();
  adminId = (await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" })).id;
  admin = await t.signIn("admin@example.com");
  await t.db.insert(batches).values([
    { key: "jan-2027", name: "January 2027" },
    { key: "feb-2027", name: "February 2027" },
  ]);
}, 60_000);
afterAll(() => t.close());

const HEADER = "email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry";
const csvForm = (csv: string, dryRun: boolean) => {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "people.csv");
  form.append("dryRun", String(dryRun));
  return form;
};
const importCsv = (csv: string, dryRun: boolean) => t.call(importPeople, { token: admin, body: csvForm(csv, dryRun) });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const auditCount = async () => (await t.db.select({ n: count() }).from(studioAudit))[0]!.n;
const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email).length;


describe("POST /studio/people", () => {
  it("adds a person with their batches, records it in the audit log and e-mails one invitation", async () => {
    const res = await t.call(createPerson, {
      token: admin,
      body: { email: "Meera.Nair@Example.com", name: "Meera Nair", userKind: "Employee", plan: "Premium", batches: ["jan-2027"], preferredLanguage: "Tamil", accessExpiresAt: "2030-01-01T00:00:00Z" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.person).toMatchObject({
      email: "meera.nair@example.com",
      userKind: "Employee",
      plan: "Premium",
      role: "learner",
      preferredLanguage: "Tamil",
      batches: ["jan-2027"],
      accessExpiresAt: "2030-01-01T00:00:00.000Z",
      status: "active",
      invitation: { state: "queued" },
    });
    await t.deps.settle();
    await t.deps.settle();
    expect(mailsTo("meera.nair@example.com")).toBe(1);
    const after = await t.call(getPerson, { token: admin, query: { id: res.body.person.id } });
    expect(after.body.person.invitation).toMatchObject({ state: "sent", reason: null });

    const audit = await t.call(listAudit, { token: admin, query: { target: res.body.person.id } });
    expect(audit.body.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(["person.create", "person.invite"]);
    const created = audit.body.entries.find((e: { kind: string }) => e.kind === "person.create");
    expect(created).toMatchObject({ actor: { id: adminId, email: "admin@example.com" }, target: { email: "meera.nair@example.com" }, before: null, after: { plan: "Premium", batches: ["jan-2027"] } });
  });

  it("keeps people writes out of the studio home's recent changes, which authors read", async () => {
    expect((await t.call(createPerson, { token: admin, body: { email: "private.person@example.com", name: "Private Person", invite: false } })).status).toBe(201);
    await t.createUser({ email: "author@example.com", role: "author" });
    const author = await t.signIn("author@example.com");
    const home = await t.call(listStudioCourses, { token: author });
    expect(home.status).toBe(200);
    expect(JSON.stringify(home.body.recentChanges)).not.toContain("private.person@example.com");
    expect(home.body.recentChanges.filter((c: { action: string }) => c.action.startsWith("person."))).toEqual([]);
  });

  it("refuses an e-mail that already has an account with 409, naming it, and an unknown batch by its key", async () => {
    const dup = await t.call(createPerson, { token: admin, body: { email: "MEERA.nair@example.com", name: "Someone Else" } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: "email_taken", details: { email: "meera.nair@example.com" } });
    expect(dup.body.message).toContain("meera.nair@example.com");
    const batch = await t.call(createPerson, { token: admin, body: { email: "new.one@example.com", name: "New One", batches: ["mar-2099"] } });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain('"mar-2099"');
    expect(batch.body).toMatchObject({ code: "unknown_batch", details: { field: "batches", keys: '"mar-2099"', count: 1 } });
    expect(await t.userByEmail("new.one@example.com")).toBeUndefined();
    const bad = await t.call(createPerson, { token: admin, body: { email: "not-an-email", name: "X" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("email");
  });
});

describe("GET /studio/people", () => {
  beforeAll(async () => {
    for (const [email, name, extra] of [
      ["ravi.kumar@example.com", "Ravi Kumar", { plan: "Premium" as const }],
      ["priya.shah@example.com", "Priya Shah", { userKind: "Employee" as const }],
      ["grace.grader@example.com", "Grace Hopper", { role: "grader" as const }],
      ["sam.percent@example.com", "Sam 100% Sure", {}],
      ["old.timer@example.com", "Old Timer", { deactivatedAt: new Date() }],
    ] as const) {
      await t.createUser({ email, name, ...extra });
    }
  });

  const list = async (query: Record<string, string>) => {
    const res = await t.call(listPeople, { token: admin, query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { people: { email: string; status: string }[]; hasMore: boolean; nextCursor: string | null };
  };
  const emails = (body: { people: { email: string }[] }) => body.people.map((p) => p.email);

  it("finds people by part of their name or e-mail, whatever the case, taking % literally", async () => {
    expect(emails(await list({ search: "KUMAR" }))).toEqual(["ravi.kumar@example.com"]);
    expect(emails(await list({ search: "shah@" }))).toEqual(["priya.shah@example.com"]);
    expect(emails(await list({ search: "100%" }))).toEqual(["sam.percent@example.com"]);
    expect(emails(await list({ search: "%" }))).toEqual(["sam.percent@example.com"]);
  });

  it("filters by kind, plan, role, batch and status", async () => {
    expect(emails(await list({ userKind: "Employee" }))).toEqual(["meera.nair@example.com", "priya.shah@example.com"]);
    expect(emails(await list({ plan: "Premium" }))).toEqual(["meera.nair@example.com", "ravi.kumar@example.com"]);
    expect(emails(await list({ role: "grader" }))).toEqual(["grace.grader@example.com"]);
    expect(emails(await list({ batch: "jan-2027" }))).toEqual(["meera.nair@example.com"]);
    expect(emails(await list({ status: "deactivated" }))).toEqual(["old.timer@example.com"]);
    expect(emails(await list({ status: "active", plan: "Premium", userKind: "Customer" }))).toEqual(["ravi.kumar@example.com"]);
  });

  it("pages by cursor through everyone once, in e-mail order, saying whether more follow", async () => {
    const all = emails(await list({ limit: "100" }));
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list({ limit: "2", ...(cursor ? { cursor } : {}) });
      seen.push(...emails(page));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
  });

  it("refuses a cursor it did not give and a filter value it does not know, naming the field", async () => {
    const res = await t.call(listPeople, { token: admin, query: { cursor: "bm9wZQ" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("cursor");
    const kind = await t.call(listPeople, { token: admin, query: { userKind: "Robot" } });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain("userKind");
  });
});

describe("POST /studio/people/import", () => {
  const bad = [
    HEADER,
    "good.one@example.com,Good One,Customer,Basic,jan-2027,learner,English,2030-06-30",
    ",No Email,Customer,Basic,,learner,English,",
    "not-an-email,Bad Email,Customer,Basic,,learner,English,",
    "kind@example.com,Bad Kind,Robot,Basic,,learner,English,",
    "plan@example.com,Bad Plan,Customer,Gold,,learner,English,",
    "role@example.com,Bad Role,Customer,Basic,,owner,English,",
    "lang@example.com,Bad Language,Customer,Basic,,learner,Klingon,",
    "batch@example.com,Bad Batch,Customer,Basic,dec-1999,learner,English,",
    "date@example.com,Bad Date,Customer,Basic,,learner,English,31/12/2030",
    "good.one@example.com,Good Again,Customer,Basic,,learner,English,",
    "meera.nair@example.com,Already There,Customer,Basic,,learner,English,",
    "noname@example.com,,Customer,Basic,,learner,English,",
  ].join("\n");

  it("lists every bad row by its line and reason on a dry run, and writes nothing", async () => {
    const [usersBefore, auditBefore] = [await userCount(), await auditCount()];
    const res = await importCsv(bad, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byLine = Object.fromEntries(res.body.problems.map((p: { line: number; message: string }) => [p.line, p.message]));
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(byLine[3]).toContain("email is missing");
    expect(byLine[4]).toContain('email "not-an-email"');
    expect(byLine[5]).toContain('userKind "Robot"');
    expect(byLine[6]).toContain('plan "Gold"');
    expect(byLine[7]).toContain('role "owner"');
    expect(byLine[8]).toContain('preferredLanguage "Klingon"');
    expect(byLine[9]).toContain('batch "dec-1999" does not exist');
    expect(byLine[10]).toContain('accessExpiry "31/12/2030"');
    expect(byLine[11]).toContain("already on line 2");
    expect(byLine[12]).toContain("meera.nair@example.com already has an account");
    expect(byLine[13]).toContain("name is missing");
    expect(await userCount()).toBe(usersBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it("refuses a real import with any bad row (422, each problem listed) and writes nothing", async () => {
    const usersBefore = await userCount();
    const res = await importCsv(bad, false);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("people_import_invalid");
    expect(res.body.details.problems).toHaveLength(11);
    expect(res.body.message).toContain("line 3: email is missing");
    expect(await userCount()).toBe(usersBefore);
    expect(await t.userByEmail("good.one@example.com")).toBeUndefined();
  });

  it("imports a good file with a BOM, CRLF and quoted commas, and e-mails each new person once", async () => {
    const csv =
      "\uFEFF" +
      [
        "email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry",
        'anil.k@example.com,"Kapoor, Anil",employee,premium,jan-2027;feb-2027,learner,hindi,2030-06-30',
        'bela.m@example.com,"Bela ""B"" Mehta",,,,grader,,',
      ].join("\r\n") +
      "\r\n";
    const dry = await importCsv(csv, true);
    expect(dry.body).toEqual({ dryRun: true, rows: 2, created: 2, invited: 0, problems: [] });
    expect(await t.userByEmail("anil.k@example.com")).toBeUndefined();

    const res = await importCsv(csv, false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ dryRun: false, rows: 2, created: 2, invited: 2, problems: [] });
    const anil = await t.userByEmail("anil.k@example.com");
    expect(anil).toMatchObject({ name: "Kapoor, Anil", userKind: "Employee", plan: "Premium", preferredLanguage: "Hindi" });
    expect(anil!.accessExpiresAt?.toISOString()).toBe("2030-07-01T00:00:00.000Z");
    expect(await t.userByEmail("bela.m@example.com")).toMatchObject({ name: 'Bela "B" Mehta', role: "grader", plan: "Basic", userKind: "Customer" });
    const person = await t.call(getPerson, { token: admin, query: { id: anil!.id } });
    expect(person.body.person.batches).toEqual(["feb-2027", "jan-2027"]);

    await t.deps.settle();
    await t.deps.settle();
    expect(mailsTo("anil.k@example.com")).toBe(1);
    expect(mailsTo("bela.m@example.com")).toBe(1);
    const audit = await t.call(listAudit, { token: admin, query: { target: anil!.id, kind: "person.import" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0].after).toMatchObject({ name: "Kapoor, Anil", batches: ["jan-2027", "feb-2027"] });

    const again = await importCsv(csv, false);
    expect(again.status).toBe(422);
    expect(again.body.details.problems.map((p: { line: number }) => p.line)).toEqual([2, 3]);
  });

  it("names an empty file, a missing header column and a header with no rows", async () => {
    const empty = await importCsv("", true);
    expect(empty.body.problems).toEqual([{ line: null, message: expect.stringContaining("The file is empty") }]);
    const bomOnly = await importCsv("\uFEFF\r\n", true);
    expect(bomOnly.body.problems[0].message).toContain("The file is empty");
    const missing = await importCsv("email,name,userKind,plan,batch,role,preferredLanguage\nx@example.com,X,,,,,\n", true);
    expect(missing.body.problems).toEqual([{ line: 1, message: expect.stringContaining("lacks the column accessExpiry") }]);
    const headerOnly = await importCsv(`${HEADER}\n`, true);
    expect(headerOnly.body.problems[0].message).toContain("no people");
    const noFile = await t.call(importPeople, { token: admin, body: (() => { const f = new FormData(); f.append("dryRun", "true"); return f; })() });
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toContain("file");
  });
});

describe("GET /studio/people/import-template.csv", () => {
  it("downloads the header and examples as a CSV file the import accepts", async () => {
    const res = await t.call(getPeopleImportTemplate, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("people-import-template.csv");
    expect(String(res.body).split("\r\n")[0]).toBe(HEADER);
    const dry = await importCsv(String(res.body), true);
    expect(dry.body.problems).toEqual([]);
    expect(dry.body.rows).toBe(2);
  });
});

describe("invitations", () => {
  it("shows a failed invitation with the mail server's reason, and a resend that gets through as sent", async () => {
    const created = await t.call(createPerson, { token: admin, body: { email: "bounce@example.com", name: "Bounce Back" } });
    const id = created.body.person.id as string;
    const restore = refuseMailTo(t.mailer, "bounce@example.com", "550 5.1.1 Mailbox unavailable", 550);
    try {
      await t.deps.settle();
      const retrying = await t.call(getPerson, { token: admin, query: { id } });
      expect(retrying.body.person.invitation).toMatchObject({ state: "queued", reason: expect.stringContaining("550") });
      for (let retry = 0; retry < 12; retry++) {
        await t.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`);
        await t.deps.jobs.drain();
      }
    } finally {
      restore();
    }
    const failed = await t.call(listPeople, { token: admin, query: { search: "bounce@" } });
    expect(failed.body.people[0].invitation).toMatchObject({ state: "failed", reason: expect.stringContaining("550 5.1.1 Mailbox unavailable") });

    const resent = await t.call(resendInvitation, { token: admin, body: { id } });
    expect(resent.status).toBe(200);
    expect(resent.body.person.invitation.state).toBe("queued");
    await t.deps.settle();
    expect((await t.call(getPerson, { token: admin, query: { id } })).body.person.invitation.state).toBe("sent");
    expect(mailsTo("bounce@example.com")).toBe(1);
  });
});

describe("PATCH /studio/person", () => {
  it("changes plan, kind, role, access end and batches, recording before and after", async () => {
    const person = await t.createUser({ email: "change.me@example.com", name: "Change Me" });
    const res = await t.call(updatePerson, {
      token: admin,
      body: { id: person.id, plan: "Premium", userKind: "Employee", role: "author", accessExpiresAt: "2031-01-01T00:00:00Z", batches: ["feb-2027"] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.person).toMatchObject({ plan: "Premium", userKind: "Employee", role: "author", accessExpiresAt: "2031-01-01T00:00:00.000Z", batches: ["feb-2027"] });
    t.advanceClock(10);
    const moved = await t.call(updatePerson, { token: admin, body: { id: person.id, batches: ["jan-2027"], accessExpiresAt: null } });
    expect(moved.body.person).toMatchObject({ batches: ["jan-2027"], accessExpiresAt: null });
    const audit = await t.call(listAudit, { token: admin, query: { target: person.id, kind: "person.update" } });
    expect(audit.body.entries).toHaveLength(2);
    expect(audit.body.entries[0]).toMatchObject({ before: { batches: ["feb-2027"], accessExpiresAt: "2031-01-01T00:00:00.000Z" }, after: { batches: ["jan-2027"], accessExpiresAt: null } });
    expect(audit.body.entries[1]).toMatchObject({ before: { plan: "Basic", role: "learner" }, after: { plan: "Premium", role: "author" } });
  });

  it("ends every session of a deactivated person at once and refuses their sign-in, keeping their records; reactivation lets them back", async () => {
    const person = await t.createUser({ email: "leaver@example.com", name: "Lea Ver" });
    const phone = await t.signIn("leaver@example.com");
    const laptop = await t.signIn("leaver@example.com");
    // A link asked for before the deactivation, not used yet.
    const before = t.mailer.sent.length;
    await t.call(requestSignInLink, { body: { value: "leaver@example.com" } });
    await t.deps.settle();
    const pendingLink = linkToken(t.mailer.sent[before]);

    const res = await t.call(updatePerson, { token: admin, body: { id: person.id, status: "deactivated" } });
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({ status: "deactivated" });
    for (const token of [phone, laptop]) expect((await t.call(getUserProfile, { token })).status).toBe(401);

    const mails = t.mailer.sent.length;
    const asked = await t.call(requestSignInLink, { body: { value: "leaver@example.com" } });
    expect(asked.body).toEqual({ isSuccess: true, message: SIGN_IN_LINK_SENT });
    await t.deps.settle();
    expect(t.mailer.sent.length).toBe(mails);
    const finished = await t.call(finishLogin, { body: { inviteId: pendingLink } });
    expect(finished.status).toBe(401);
    expect(finished.body.message).toContain("deactivated");
    expect(await t.userByEmail("leaver@example.com")).toBeDefined();
    const refused = await t.call(resendInvitation, { token: admin, body: { id: person.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("person_deactivated");

    t.advanceClock(10);
    const back = await t.call(updatePerson, { token: admin, body: { id: person.id, status: "active" } });
    expect(back.body.person.status).toBe("active");
    const token = await t.signIn("leaver@example.com");
    expect((await t.call(getUserProfile, { token })).status).toBe(200);
    const kinds = (await t.call(listAudit, { token: admin, query: { target: person.id } })).body.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(["person.reactivate", "person.deactivate"]);
  });

  it("ends the sessions of a person whose access end has passed", async () => {
    await t.createUser({ email: "expiring@example.com", name: "Ex Piring" });
    const token = await t.signIn("expiring@example.com");
    const person = await t.userByEmail("expiring@example.com");
    await t.call(updatePerson, { token: admin, body: { id: person!.id, accessExpiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect((await t.call(getUserProfile, { token })).status).toBe(401);
  });

  it("refuses an administrator's deactivating or demoting themselves, and a person it does not know", async () => {
    const self = await t.call(updatePerson, { token: admin, body: { id: adminId, status: "deactivated" } });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("own_account");
    const demote = await t.call(updatePerson, { token: admin, body: { id: adminId, role: "learner" } });
    expect(demote.status).toBe(409);
    const unknown = await t.call(updatePerson, { token: admin, body: { id: "00000000-0000-4000-8000-000000000000", plan: "Basic" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("person_not_found");
  });
});

describe("a large import", () => {
  it("imports 10,000 people in one go within a few seconds, one invitation job each", async () => {
    const lines = [HEADER];
    for (let n = 0; n < 10_000; n++) lines.push(`bulk${n}@example.com,"Bulk, Person ${n}",Customer,Basic,feb-2027,learner,English,`);
    const csv = lines.join("\r\n");
    const started = Date.now();
    const dry = await importCsv(csv, true);
    expect(dry.body).toMatchObject({ rows: 10_000, created: 10_000, problems: [] });
    const res = await importCsv(csv, false);
    const seconds = (Date.now() - started) / 1000;
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({ created: 10_000, invited: 10_000 });
    expect(seconds).toBeLessThan(20);
    const [{ jobs }] = (await t.db.execute(sql`select count(*)::int as jobs from pgboss.job where name = 'mail' and data->>'template' = 'sign-in'`)).rows as [{ jobs: number }];
    expect(jobs).toBeGreaterThanOrEqual(10_000);
    const page = await t.call(listPeople, { token: admin, query: { batch: "feb-2027", search: "Person 9999", limit: "5" } });
    expect(page.body.people.map((p: { email: string }) => p.email)).toEqual(["bulk9999@example.com"]);
    expect(page.body.hasMore).toBe(false);
    expect(page.body.people[0].invitation.state).toBe("queued");
  }, 120_000);
});

// After the large import: nothing below drains the queue, which holds its 10,000 invitations.
describe("GET /studio/audit", () => {
  it("filters by person, kind and dates, and pages newest first by cursor through rows of one instant", async () => {
    const all = await t.call(listAudit, { token: admin, query: { kind: "person.import", limit: "200" } });
    expect(all.body.entries).toHaveLength(200);
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: { body: { entries: { id: string; at: string }[]; nextCursor: string | null } } = await t.call(listAudit, {
        token: admin,
        query: { kind: "person.import", limit: "100", ...(cursor ? { cursor } : {}) },
      });
      for (const entry of res.body.entries) seen.add(entry.id);
      cursor = res.body.nextCursor;
    }
    expect(seen.size).toBe(500);

    const byAdmin = await t.call(listAudit, { token: admin, query: { actor: adminId, kind: "person.create" } });
    expect(byAdmin.body.entries.length).toBeGreaterThanOrEqual(2);
    expect(byAdmin.body.entries.every((e: { actor: { id: string } }) => e.actor.id === adminId)).toBe(true);
    const future = await t.call(listAudit, { token: admin, query: { from: "2100-01-01T00:00:00Z" } });
    expect(future.body.entries).toEqual([]);
    const past = await t.call(listAudit, { token: admin, query: { to: "2000-01-01T00:00:00Z" } });
    expect(past.body.entries).toEqual([]);
    const bad = await t.call(listAudit, { token: admin, query: { from: "last week" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("from");
  });

  it("is append-only: the database refuses to change or delete an entry", async () => {
    const [row] = await t.db.select({ id: studioAudit.id }).from(studioAudit).limit(1);
    await expect(t.db.execute(sql`update studio_audit set summary = 'rewritten' where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from studio_audit where id = ${row!.id}`)).rejects.toThrow();
    const [kept] = await t.db.select().from(studioAudit).where(eq(studioAudit.id, row!.id));
    expect(kept!.summary).not.toBe("rewritten");
  });

  it("keeps the entries of a deleted person, without the reference", async () => {
    const person = await t.call(createPerson, { token: admin, body: { email: "short.stay@example.com", name: "Short Stay", invite: false } });
    await t.db.delete(users).where(eq(users.id, person.body.person.id));
    const entries = await t.call(listAudit, { token: admin, query: { kind: "person.create" } });
    expect(entries.body.entries.some((e: { summary: string; targetUserId: string | null }) => e.summary === "Added short.stay@example.com" && e.targetUserId === null)).toBe(true);
  });
});
