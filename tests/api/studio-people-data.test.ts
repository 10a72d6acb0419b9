import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { getPublicCertificate } from "@/lib/contract/calls/certificates";
import { exportMyData } from "@/lib/contract/calls/shell";
import { deletePerson, exportPerson, getPerson, listAudit, listPeople, updatePerson } from "@/lib/contract/calls/studio-people";
import { certificates, essayAttempts, essayUploads, sessions, users } from "@/lib/server/db/schema";
import { fileStoreFromEnv } from "@/lib/server/storage/file-store";
import { createTestApi, type TestApi } from "../support/api";
import { oneVideoCourse, importFiles } from "../support/courses";
import { essayOf, insertSubmission } from "../support/essay-submissions";

/*
 * A person's data (docs/people.md): an administrator or the person exports everything about them as a
 * zip of JSON files and their uploads; an administrator deletes a person on request, which erases their
 * personal data, withdraws their certificates (410) and leaves the audit log the fact, not the data.
 */
const course = oneVideoCourse("bridges", "Bridge Design", [
  { essay: { slugId: "truss-report", title: "Truss Report", question: "Size the members.", durationInMinutes: 60, criteria: [{ gradingCriteria: "Analysis", marks: 10 }] } },
]);

let t: TestApi;
let admin: string;
let adminId: string;
let asha: { id: string; token: string };
let certificateUid: string;
const PDF = Buffer.from("%PDF-1.4 truss sketch\n");

beforeAll(async () => {
  t = await createTestApi();
  t.deps.env.UPLOAD_DIR = mkdtempSync(path.join(os.tmpdir(), "person-data-"));
  await importFiles(t, { courses: [course] });
  adminId = (await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" })).id;
  admin = await t.signIn("admin@example.com");
  const user = await t.createUser({ email: "asha@example.com", name: "Asha Raman", phone: "+91 98450 12345", timeZone: "Asia/Kolkata" });
  asha = { id: user.id, token: await t.signIn("asha@example.com") };
  // Her essay, with a file in the store, and a certificate.
  const essay = await essayOf(t, "bridges", "truss-report");
  const attemptId = await insertSubmission(t, asha.id, essay, { answer: "The top chord carries 42 kN.", files: ["truss-sketch.pdf"] });
  const [upload] = await t.db.select().from(essayUploads).where(eq(essayUploads.userId, asha.id));
  await fileStoreFromEnv(t.deps.env).put(upload!.storagePath, PDF);
  expect(attemptId).toBeTruthy();
  const [cert] = await t.db
    .insert(certificates)
    .values({ uid: "A1b2C3d4E5f6G7h8I9j0K1l2M3n", userId: asha.id, kind: "course", courseId: essay.courseId, issuerName: "SkillGrow", recipientName: "Asha Raman", title: "Bridge Design", videoSeconds: 60, issuedAt: new Date() })
    .returning();
  certificateUid = cert!.uid;
  // An earlier change to her, which the audit log recorded with her e-mail.
  expect((await t.call(updatePerson, { token: admin, body: { id: asha.id, plan: "Premium" } })).status).toBe(200);
});
afterAll(() => t.close());

/** The entries of a zip file, by name, as text (or bytes for files/). */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z!))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

async function download(url: string, token: string) {
  const res = await t.api.request(`http://localhost/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const json = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString("utf8"));

describe("exporting a person's data", () => {
  it("gives the administrator a zip of everything about the person, with their uploaded file, and records that it was taken", async () => {
    const res = await download(`${exportPerson.path}?id=${asha.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = await unzip(res.bytes);
    expect(json(entries, "data/profile.json")).toMatchObject({ email: "asha@example.com", name: "Asha Raman", phone: "+91 98450 12345", plan: "Premium" });
    expect(json(entries, "data/essay-attempts.json")[0]).toMatchObject({ answer: "The top chord carries 42 kN." });
    expect(json(entries, "data/certificates.json")[0]).toMatchObject({ uid: certificateUid, title: "Bridge Design" });
    expect(json(entries, "data/changes-by-administrators.json").map((c: { kind: string }) => c.kind)).toContain("person.update");
    // Her sign-ins are listed with their times, never a token's hash.
    const signIns = json(entries, "data/sign-ins.json");
    expect(signIns.length).toBeGreaterThan(0);
    expect(JSON.stringify(signIns)).not.toMatch(/tokenHash/);
    expect(JSON.stringify(json(entries, "data/sign-in-links.json"))).not.toMatch(/tokenHash/);
    const [file] = [...entries.keys()].filter((name) => name.startsWith("files/"));
    expect(file).toMatch(/^files\/[0-9a-f-]{36}\/truss-sketch\.pdf$/);
    expect(entries.get(file!)!.equals(PDF)).toBe(true);
    expect(entries.get("README.txt")!.toString()).toContain("data/*.json");

    const audit = await t.call(listAudit, { token: admin, query: { target: asha.id, kind: "person.export" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0]).toMatchObject({ actor: { email: "admin@example.com" } });
  });

  it("gives a learner the same file of their own data, and nobody else's", async () => {
    const own = await download(exportMyData.group + exportMyData.path, asha.token);
    expect(own.status).toBe(200);
    const entries = await unzip(own.bytes);
    expect(json(entries, "data/profile.json")).toMatchObject({ id: asha.id, email: "asha@example.com" });
    // A learner cannot export someone else: the studio's call refuses them.
    expect((await download(`${exportPerson.path}?id=${adminId}`, asha.token)).status).toBe(403);
    expect((await t.api.request(`http://localhost/api${exportMyData.group}${exportMyData.path}`)).status).toBe(401);
  });

  it("answers 404 for an id no person has, and names a bad id", async () => {
    expect((await download(`${exportPerson.path}?id=00000000-0000-4000-8000-000000000000`, admin)).status).toBe(404);
    const bad = await t.request("GET", exportPerson.path, { token: admin, query: { id: "asha" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("id");
  });
});

describe("deleting a person on request", () => {
  it("refuses without the person's e-mail typed to confirm, and the administrator's own account, changing nothing", async () => {
    const wrong = await t.call(deletePerson, { token: admin, body: { id: asha.id, confirmEmail: "someone@example.com" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("confirmEmail");
    const own = await t.call(deletePerson, { token: admin, body: { id: adminId, confirmEmail: "admin@example.com" } });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe("own_account");
    expect((await t.call(getPerson, { token: admin, query: { id: asha.id } })).body.person.email).toBe("asha@example.com");
  });

  it("erases their personal data, ends their sessions, withdraws their certificates with 410 and keeps only the fact in the audit log", async () => {
    const res = await t.call(deletePerson, { token: admin, body: { id: asha.id, confirmEmail: "  ASHA@example.com " } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, asha.id));
    expect(row).toMatchObject({ name: "Deleted person", phone: null, timeZone: null });
    expect(row!.email).not.toContain("asha");
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, asha.id))).toHaveLength(0);
    const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, asha.id));
    expect(attempt).toMatchObject({ answer: "", attachmentIds: [] });
    expect(await t.db.select().from(essayUploads).where(eq(essayUploads.userId, asha.id))).toHaveLength(0);
    expect(await fileStoreFromEnv(t.deps.env).get(`essays/${asha.id}/0-truss-sketch.pdf`)).toBeNull();

    // Her session no longer works, and her certificate's share page says it was withdrawn.
    expect((await t.request("GET", "/user/info", { token: asha.token })).status).toBe(401);
    const shared = await t.call(getPublicCertificate, { query: { certificateUID: certificateUid } });
    expect(shared.status).toBe(410);
    expect(shared.body.message).toContain("withdrawn");
    expect(JSON.stringify(shared.body)).not.toContain("Asha");

    // The studio no longer lists or opens her.
    expect((await t.call(getPerson, { token: admin, query: { id: asha.id } })).status).toBe(404);
    expect((await t.call(listPeople, { token: admin, query: { search: "asha" } })).body.people).toHaveLength(0);
    expect((await t.call(listPeople, { token: admin, query: { search: "Deleted person" } })).body.people).toHaveLength(0);

    // The log says what was done to her and by whom, and nothing of what it recorded about her.
    const audit = await t.call(listAudit, { token: admin, query: { target: asha.id } });
    const kinds = audit.body.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["person.delete", "person.update", "person.export"]));
    expect(JSON.stringify(audit.body.entries)).not.toMatch(/asha|Asha|Premium/);
    expect(audit.body.entries.find((e: { kind: string }) => e.kind === "person.delete")).toMatchObject({ actor: { email: "admin@example.com" }, summary: "Deleted a person on request" });
  });

  it("lets no one erase the entries of a person who was not deleted, or change or remove any entry", async () => {
    const bob = await t.createUser({ email: "bob@example.com", name: "Bob Stone" });
    expect((await t.call(updatePerson, { token: admin, body: { id: bob.id, plan: "Premium" } })).status).toBe(200);
    const erase = sql.raw(`update studio_audit set summary = 'Erased: the person was deleted on request', before = null, after = null where target_user_id = '${bob.id}'`);
    /** What the database answered: "done", or the reason it refused. */
    const run = (statement: ReturnType<typeof sql.raw>) =>
      t.db.execute(statement).then(
        () => "done",
        (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
      );
    expect(await run(erase)).toMatch(/append-only/);
    const [entry] = (await t.call(listAudit, { token: admin, query: { kind: "person.delete" } })).body.entries;
    expect(await run(sql.raw(`update studio_audit set summary = 'edited' where id = '${entry.id}'`))).toMatch(/append-only/);
    expect(await run(sql.raw(`delete from studio_audit where id = '${entry.id}'`))).toMatch(/append-only/);
  });
});
