import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBatchMembers, createBatch, deleteBatch, getBatch, importBatchMembers, listBatchPrograms, listBatches, removeBatchMember, updateBatch } from "@/lib/contract/calls/studio-batches";
import { batchMembers, enrollments, programs, studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

let t: TestApi;
let admin: string;
let adminId: string;
const program: Record<string, string> = {};
const person: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApi();
  adminId = (await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" })).id;
  admin = await t.signIn("admin@example.com");
  await importFiles(t, {
    courses: [generatedCourse({ key: "core", chapters: 1, videosPerSubChapter: 1 }), generatedCourse({ key: "extra", chapters: 1, videosPerSubChapter: 1 })],
    programs: [
      { key: "data-program", name: "Data Program", courses: [{ course: "core" }, { course: "extra", courseType: "nonMandatory" }] },
      { key: "web-program", name: "Web Program", courses: [{ course: "core" }] },
    ],
  });
  for (const r of await t.db.select({ id: programs.id, key: programs.key }).from(programs)) program[r.key] = r.id;
  for (const name of ["asha", "bala", "chitra", "dev", "esha"]) person[name] = (await t.createUser({ email: `${name}@example.com`, name: name[0]!.toUpperCase() + name.slice(1) })).id;
}, 60_000);
afterAll(() => t.close());

const csvForm = (id: string, csv: string, dryRun: boolean) => {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "members.csv");
  form.append("id", id);
  form.append("dryRun", String(dryRun));
  return form;
};
const auditOf = (action: string) => t.db.select().from(studioAudit).where(eq(studioAudit.action, action)).orderBy(asc(studioAudit.createdAt));
const membersOf = async (batchId: string) => (await t.db.select({ userId: batchMembers.userId }).from(batchMembers).where(eq(batchMembers.batchId, batchId))).map((m) => m.userId).sort();
const make = (body: Record<string, unknown>) => t.call(createBatch, { token: admin, body: { programId: program["data-program"], ...body } });

describe("POST /studio/batches", () => {
  it("makes a batch of a program and records it in the audit log", async () => {
    const res = await make({
      key: "data-jan-2027",
      name: "Data, January 2027",
      enrollmentType: "Customer (Scheduled and Optional)",
      startsAt: "2027-01-04T00:00:00Z",
      accountExpiresAt: "2027-07-01T00:00:00Z",
      allowManualVideoCompletion: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.batch).toMatchObject({
      key: "data-jan-2027",
      name: "Data, January 2027",
      program: { key: "data-program", name: "Data Program" },
      enrollmentType: "Customer (Scheduled and Optional)",
      startsAt: "2027-01-04T00:00:00.000Z",
      accountExpiresAt: "2027-07-01T00:00:00.000Z",
      allowManualVideoCompletion: true,
      memberCount: 0,
    });
    const [row] = await auditOf("batch.create");
    expect(row).toMatchObject({ userId: adminId, targetUserId: null, before: null, after: { key: "data-jan-2027", program: "data-program", allowManualVideoCompletion: true } });
  });

  it("refuses a key another batch has with 409 naming it, and writes nothing", async () => {
    const res = await make({ key: "data-jan-2027", name: "Again" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "batch_key_taken", details: { key: "data-jan-2027" } });
    expect(res.body.message).toContain("data-jan-2027");
    expect(await auditOf("batch.create")).toHaveLength(1);
  });

  it("refuses a key that is not like a content key, naming the field", async () => {
    const res = await make({ key: "data jan!", name: "Bad key" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/key may only hold letters, digits/);
  });

  it("refuses an unknown program and an access end before the start", async () => {
    const unknown = await make({ key: "ghost", name: "Ghost", programId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: "unknown_program" });
    expect(unknown.body.message).toContain("programId");
    const backwards = await make({ key: "backwards", name: "Backwards", startsAt: "2027-03-01T00:00:00Z", accountExpiresAt: "2027-02-01T00:00:00Z" });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: "batch_dates_invalid" });
    expect(backwards.body.message).toMatch(/accountExpiresAt .* must be after startsAt/);
    const list = await t.call(listBatches, { token: admin, query: {} });
    expect(list.body.batches.map((b: { key: string }) => b.key)).toEqual(["data-jan-2027"]);
  });
});

describe("GET /studio/batches and /studio/batches/programs", () => {
  it("lists batches by key a page at a time, with program, type, dates and member count", async () => {
    for (const key of ["web-a", "web-b", "web-c"]) expect((await make({ key, name: key, programId: program["web-program"] })).status).toBe(201);
    const first = await t.call(listBatches, { token: admin, query: { limit: "2" } });
    expect(first.status).toBe(200);
    expect(first.body.batches.map((b: { key: string }) => b.key)).toEqual(["data-jan-2027", "web-a"]);
    expect(first.body).toMatchObject({ hasMore: true });
    expect(first.body.batches[1]).toMatchObject({ program: { key: "web-program" }, enrollmentType: "No Auto Enrollment", startsAt: null, memberCount: 0 });
    const second = await t.call(listBatches, { token: admin, query: { limit: "2", cursor: first.body.nextCursor } });
    expect(second.body.batches.map((b: { key: string }) => b.key)).toEqual(["web-b", "web-c"]);
    expect(second.body).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it("lists the programs a batch may take, by name", async () => {
    const res = await t.call(listBatchPrograms, { token: admin });
    expect(res.body.programs.map((p: { key: string }) => p.key)).toEqual(["data-program", "web-program"]);
  });
});

describe("members", () => {
  let batchId: string;
  beforeAll(async () => {
    const res = await make({ key: "data-auto", name: "Data, auto", enrollmentType: "System (Auto enroll)" });
    batchId = res.body.batch.id;
  });

  it("adds people by id, enrolls them as the batch's type says, and audits each", async () => {
    const res = await t.call(addBatchMembers, { token: admin, body: { id: batchId, userIds: [person.asha, person.bala] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ added: 2, alreadyMembers: 0 });
    expect(await membersOf(batchId)).toEqual([person.asha, person.bala].sort());
    // A System (Auto enroll) batch enrolls its members in every course of its program.
    const enrolled = await t.db.select().from(enrollments).where(eq(enrollments.userId, person.asha!));
    expect(enrolled).toHaveLength(2);
    expect(enrolled.every((e) => e.batchId === batchId && e.enrollmentType === "System (Auto enroll)")).toBe(true);
    const audit = (await auditOf("batch.members.add")).filter((r) => (r.after as { batch: string }).batch === "data-auto");
    expect(audit.map((r) => r.targetUserId).sort()).toEqual([person.asha, person.bala].sort());
    expect(audit[0]).toMatchObject({ userId: adminId, before: null });

    const again = await t.call(addBatchMembers, { token: admin, body: { id: batchId, userIds: [person.asha] } });
    expect(again.body).toEqual({ added: 0, alreadyMembers: 1 });
  });

  it("refuses an unknown person's id and adds nobody of the list", async () => {
    const res = await t.call(addBatchMembers, { token: admin, body: { id: batchId, userIds: [person.chitra, "00000000-0000-4000-8000-000000000001"] } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "person_not_found" });
    expect(res.body.message).toContain("00000000-0000-4000-8000-000000000001");
    expect(await membersOf(batchId)).not.toContain(person.chitra);
  });

  it("checks a CSV of e-mails, naming each unknown e-mail by its line, and adds nobody", async () => {
    const csv = "email\r\nchitra@example.com\r\nnobody@example.com\r\nnot-an-email\r\nCHITRA@example.com\r\n";
    const dry = await t.call(importBatchMembers, { token: admin, body: csvForm(batchId, csv, true) });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.problems.map((p: { line: number }) => p.line)).toEqual([3, 4, 5]);
    expect(dry.body.problems[0].message).toContain("nobody@example.com");
    expect(dry.body.problems[2].message).toContain("already on line 2");
    const real = await t.call(importBatchMembers, { token: admin, body: csvForm(batchId, csv, false) });
    expect(real.status).toBe(422);
    expect(real.body).toMatchObject({ code: "batch_members_import_invalid", details: { problems: [{ line: 3 }, { line: 4 }, { line: 5 }] } });
    expect(real.body.message).toContain("line 3: no one has the e-mail nobody@example.com");
    expect(await membersOf(batchId)).not.toContain(person.chitra);
  });

  it("refuses a file without the email column", async () => {
    const res = await t.call(importBatchMembers, { token: admin, body: csvForm(batchId, "mail\r\nchitra@example.com\r\n", true) });
    expect(res.body.problems).toEqual([{ line: 1, message: expect.stringContaining("email") }]);
  });

  it("adds the people of a good CSV file after a dry run that writes nothing", async () => {
    const csv = "email,name\r\nChitra@Example.com,Chitra\r\nasha@example.com,Asha\r\n";
    const dry = await t.call(importBatchMembers, { token: admin, body: csvForm(batchId, csv, true) });
    expect(dry.body).toEqual({ dryRun: true, rows: 2, added: 1, alreadyMembers: 1, problems: [] });
    expect(await membersOf(batchId)).not.toContain(person.chitra);
    const real = await t.call(importBatchMembers, { token: admin, body: csvForm(batchId, csv, false) });
    expect(real.body).toEqual({ dryRun: false, rows: 2, added: 1, alreadyMembers: 1, problems: [] });
    expect(await membersOf(batchId)).toContain(person.chitra);
    const audit = await t.db.select().from(studioAudit).where(and(eq(studioAudit.targetUserId, person.chitra!), like(studioAudit.summary, "%CSV line 2%")));
    expect(audit).toHaveLength(1);
  });

  it("gets a batch with its members by e-mail, a page at a time", async () => {
    const first = await t.call(getBatch, { token: admin, query: { id: batchId, limit: "2" } });
    expect(first.status).toBe(200);
    expect(first.body.batch).toMatchObject({ key: "data-auto", memberCount: 3, program: { key: "data-program" } });
    expect(first.body.members.map((m: { email: string }) => m.email)).toEqual(["asha@example.com", "bala@example.com"]);
    expect(first.body.hasMore).toBe(true);
    const second = await t.call(getBatch, { token: admin, query: { id: batchId, limit: "2", cursor: first.body.nextCursor } });
    expect(second.body.members.map((m: { email: string }) => m.email)).toEqual(["chitra@example.com"]);
    expect(second.body.hasMore).toBe(false);
    const missing = await t.call(getBatch, { token: admin, query: { id: "00000000-0000-4000-8000-000000000002" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "batch_not_found" });
  });

  it("removes a member (their enrollments stay) and refuses a non-member", async () => {
    const res = await t.call(removeBatchMember, { token: admin, body: { id: batchId, userId: person.bala } });
    expect(res.status).toBe(200);
    expect(await membersOf(batchId)).not.toContain(person.bala);
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, person.bala!))).toHaveLength(2);
    const [row] = await auditOf("batch.members.remove");
    expect(row).toMatchObject({ userId: adminId, targetUserId: person.bala, before: { batch: "data-auto", member: "bala@example.com" }, after: null });

    const again = await t.call(removeBatchMember, { token: admin, body: { id: batchId, userId: person.bala } });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: "not_batch_member" });
    expect(again.body.message).toContain("data-auto");
    expect(await auditOf("batch.members.remove")).toHaveLength(1);
  });
});

describe("enrolling members of a Customer (Scheduled and Optional) batch", () => {
  it("enrolls a new member in the mandatory courses only, from the batch's start date", async () => {
    const [batch] = (await t.call(listBatches, { token: admin, query: {} })).body.batches.filter((b: { key: string }) => b.key === "data-jan-2027");
    const res = await t.call(addBatchMembers, { token: admin, body: { id: batch.id, userIds: [person.esha] } });
    expect(res.body).toEqual({ added: 1, alreadyMembers: 0 });
    const rows = await t.db.select().from(enrollments).where(eq(enrollments.userId, person.esha!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ batchId: batch.id, enrollmentType: "Customer (Scheduled and Optional)", courseType: "mandatory", startDate: new Date("2027-01-04T00:00:00Z") });
  });
});

describe("finding a member and deleting a batch", () => {
  it("finds members by part of their name or e-mail, a page at a time", async () => {
    const made = await make({ key: "data-search", name: "Data, search", enrollmentType: "No Auto Enrollment" });
    const id = made.body.batch.id;
    await t.call(addBatchMembers, { token: admin, body: { id, userIds: [person.asha, person.bala, person.chitra] } });
    const byName = await t.call(getBatch, { token: admin, query: { id, search: "bal" } });
    expect(byName.body.members.map((m: { email: string }) => m.email)).toEqual(["bala@example.com"]);
    const byEmail = await t.call(getBatch, { token: admin, query: { id, search: "A@EXAMPLE", limit: "1" } });
    expect(byEmail.body.members.map((m: { email: string }) => m.email)).toEqual(["asha@example.com"]);
    const next = await t.call(getBatch, { token: admin, query: { id, search: "A@EXAMPLE", limit: "1", cursor: byEmail.body.nextCursor } });
    expect(next.body.members.map((m: { email: string }) => m.email)).toEqual(["bala@example.com"]);
    // A wildcard typed is a character, not a pattern.
    expect((await t.call(getBatch, { token: admin, query: { id, search: "%" } })).body.members).toEqual([]);
    expect((await t.call(getBatch, { token: admin, query: { id } })).body.members).toHaveLength(3);
  });

  it("deletes a batch never used, and records it", async () => {
    const made = await make({ key: "data-mistake", name: "Data, made by mistake" });
    const res = await t.call(deleteBatch, { token: admin, body: { id: made.body.batch.id } });
    expect([res.status, res.body]).toEqual([200, { deleted: true }]);
    expect((await t.call(getBatch, { token: admin, query: { id: made.body.batch.id } })).status).toBe(404);
    const [row] = await auditOf("batch.delete");
    expect(row).toMatchObject({ userId: adminId, summary: "Deleted the batch data-mistake", after: null });
    expect((row!.before as { key: string }).key).toBe("data-mistake");
  });

  it("refuses to delete a batch with members, or one someone was enrolled through, and keeps it", async () => {
    const made = await make({ key: "data-used", name: "Data, used", enrollmentType: "System (Auto enroll)" });
    const id = made.body.batch.id;
    const gita = (await t.createUser({ email: "gita@example.com", name: "Gita" })).id;
    await t.call(addBatchMembers, { token: admin, body: { id, userIds: [gita] } });
    const withMember = await t.call(deleteBatch, { token: admin, body: { id } });
    expect([withMember.status, withMember.body.code]).toEqual([409, "batch_in_use"]);
    expect(withMember.body.message).toContain("1 member");
    expect(withMember.body.details).toEqual({ key: "data-used", members: 1, enrollments: expect.any(Number) });
    // Taken out again, the member's enrollments through the batch still hold it.
    await t.call(removeBatchMember, { token: admin, body: { id, userId: gita } });
    const enrolledThrough = await t.call(deleteBatch, { token: admin, body: { id } });
    expect([enrolledThrough.status, enrolledThrough.body.code]).toEqual([409, "batch_in_use"]);
    expect(enrolledThrough.body.message).toMatch(/enrollments? came through it/);
    expect(enrolledThrough.body.details).toMatchObject({ key: "data-used", members: 0, enrollments: expect.any(Number) });
    expect(enrolledThrough.body.details.enrollments).toBeGreaterThan(0);
    expect((await t.call(getBatch, { token: admin, query: { id } })).status).toBe(200);
  });
});

describe("a batch whose access has ended", () => {
  it("takes a new member but enrolls them in nothing", async () => {
    const farid = (await t.createUser({ email: "farid@example.com", name: "Farid" })).id;
    const made = await make({ key: "data-ended", name: "Data, ended", enrollmentType: "System (Auto enroll)", startsAt: "2024-01-01T00:00:00.000Z", accountExpiresAt: "2024-06-30T23:59:59.000Z" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await t.call(addBatchMembers, { token: admin, body: { id: made.body.batch.id, userIds: [farid] } });
    expect(res.body).toEqual({ added: 1, alreadyMembers: 0 });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, farid))).toEqual([]);
  });
});

describe("PATCH /studio/batch", () => {
  it("changes settings, audits what changed, and enrolls members when the type starts enrolling", async () => {
    const made = await make({ key: "web-manual", name: "Web, manual", programId: program["web-program"] });
    const id = made.body.batch.id as string;
    await t.call(addBatchMembers, { token: admin, body: { id, userIds: [person.dev] } });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, person.dev!))).toHaveLength(0);

    const res = await t.call(updateBatch, { token: admin, body: { id, name: "Web, auto", enrollmentType: "System (Auto enroll)", programId: program["data-program"] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.batch).toMatchObject({ key: "web-manual", name: "Web, auto", enrollmentType: "System (Auto enroll)", program: { key: "data-program" }, memberCount: 1 });
    expect(await t.db.select().from(enrollments).where(eq(enrollments.userId, person.dev!))).toHaveLength(2);
    const [row] = await auditOf("batch.update");
    expect(row).toMatchObject({
      userId: adminId,
      before: { name: "Web, manual", program: "web-program", enrollmentType: "No Auto Enrollment" },
      after: { name: "Web, auto", program: "data-program", enrollmentType: "System (Auto enroll)" },
    });
  });

  it("refuses an access end before the (kept) start, and an unknown batch", async () => {
    const [batch] = (await t.call(listBatches, { token: admin, query: {} })).body.batches.filter((b: { key: string }) => b.key === "data-jan-2027");
    const res = await t.call(updateBatch, { token: admin, body: { id: batch.id, accountExpiresAt: "2026-12-31T00:00:00Z" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "batch_dates_invalid" });
    expect((await t.call(getBatch, { token: admin, query: { id: batch.id } })).body.batch.accountExpiresAt).toBe("2027-07-01T00:00:00.000Z");
    const missing = await t.call(updateBatch, { token: admin, body: { id: "00000000-0000-4000-8000-000000000003", name: "x" } });
    expect(missing.status).toBe(404);
  });
});
