import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCourseOffer, recordPurchaseIntent } from "@/lib/contract/calls/learning";
import { getCourseOutline, publishCourse } from "@/lib/contract/calls/studio-content";
import {
  answerPurchaseRequest,
  enrollPeople,
  getEnrollmentChoices,
  listPersonEnrollments,
  listPurchaseRequests,
  moveEnrollmentVersion,
} from "@/lib/contract/calls/studio-enrollment";
import { createPerson, importPeople, listAudit, updatePerson } from "@/lib/contract/calls/studio-people";
import { batches, batchMembers, chapters, courses, enrollments, programs, studioAudit, subChapters, videoProgress, videos } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importDemo } from "../support/courses";

let t: TestApi;
let admin: string;
let adminId: string;
const id = {} as Record<"cad" | "embedded" | "power" | "python" | "mechProgram" | "embeddedProgram" | "employee" | "grader" | "learner", string>;
const unknownId = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  t = await createTestApi();
  await importDemo(t);
  admin = await t.signIn("admin@demo.test");
  adminId = (await t.userByEmail("admin@demo.test"))!.id;
  const courseId = async (key: string) => (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
  id.cad = await courseId("cad-solidworks");
  id.embedded = await courseId("embedded-c");
  id.power = await courseId("power-electronics");
  id.python = await courseId("python-for-engineers");
  id.mechProgram = (await t.db.select({ id: programs.id }).from(programs).where(eq(programs.key, "mechanical-design-program")))[0]!.id;
  id.embeddedProgram = (await t.db.select({ id: programs.id }).from(programs).where(eq(programs.key, "embedded-systems-program")))[0]!.id;
  for (const who of ["employee", "grader", "learner"] as const) id[who] = (await t.userByEmail(`${who}@demo.test`))!.id;
}, 120_000);
afterAll(() => t.close());

const enrollmentsOf = (userId: string) =>
  t.db
    .select({ courseId: enrollments.courseId, batchId: enrollments.batchId, startDate: enrollments.startDate, grantedAt: enrollments.grantedAt })
    .from(enrollments)
    .where(eq(enrollments.userId, userId));
const auditCount = async () => (await t.db.select({ n: count() }).from(studioAudit))[0]!.n;
const enrollmentCount = async () => (await t.db.select({ n: count() }).from(enrollments))[0]!.n;

describe("a batch's members are enrolled whether or not they ever sign in", () => {
  it("a person added to a batch by hand has the batch's enrollment rows at once", async () => {
    const res = await t.call(createPerson, { token: admin, body: { email: "never.signed@example.com", name: "Never Signed", batches: ["mech-design-2024-auto", "embedded-2024-scheduled"], invite: false } });
    expect(res.status).toBe(201);
    const rows = await enrollmentsOf(res.body.person.id);
    // System batch: every course of its program, open at once; Customer batch: its mandatory course, from the batch's start.
    expect(rows.map((r) => r.courseId).sort()).toEqual([id.cad, id.embedded, id.python].sort());
    expect(rows.find((r) => r.courseId === id.cad)!.startDate).toBeNull();
    expect(rows.find((r) => r.courseId === id.embedded)!.startDate?.toISOString()).toBe("2024-09-15T00:00:00.000Z");
    // Not the optional course of the scheduled batch: the member chooses it.
    expect(rows.some((r) => r.courseId === id.power)).toBe(false);
  });

  it("a person moved into a batch on their page, and people of a CSV import, are enrolled too", async () => {
    const made = await t.call(createPerson, { token: admin, body: { email: "moved.later@example.com", name: "Moved Later", invite: false } });
    expect(await enrollmentsOf(made.body.person.id)).toEqual([]);
    await t.call(updatePerson, { token: admin, body: { id: made.body.person.id, batches: ["embedded-2024-scheduled"] } });
    expect((await enrollmentsOf(made.body.person.id)).map((r) => r.courseId)).toEqual([id.embedded]);

    const form = new FormData();
    form.append("file", new Blob(["email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry\r\ncsv.member@example.com,Csv Member,,,mech-design-2024-auto,,,\r\n"], { type: "text/csv" }), "people.csv");
    form.append("dryRun", "false");
    expect((await t.call(importPeople, { token: admin, body: form })).status).toBe(200);
    const csvMember = (await t.userByEmail("csv.member@example.com"))!;
    expect((await enrollmentsOf(csvMember.id)).map((r) => r.courseId).sort()).toEqual([id.cad, id.python].sort());
  });
});

describe("POST /studio/enrollments", () => {
  let paidBatchId: string;
  let newcomer: string;
  beforeAll(async () => {
    // A batch of its own (no program), started, with the Basic-plan employee and a person who never signed in.
    [{ id: paidBatchId }] = (await t.db
      .insert(batches)
      .values({ key: "paid-cad-2027", name: "Paid CAD, 2027", enrollmentType: "Customer (Scheduled and Optional)", startsAt: new Date("2025-01-01T00:00:00Z") })
      .returning({ id: batches.id })) as [{ id: string }];
    newcomer = (await t.call(createPerson, { token: admin, body: { email: "paid.newcomer@example.com", name: "Paid Newcomer", batches: ["paid-cad-2027"], invite: false } })).body.person.id;
    await t.db.insert(batchMembers).values({ batchId: paidBatchId, userId: id.employee });
  });

  it("enrolls a batch in a paid course; twice changes nothing; a member then finds it open", async () => {
    const auditBefore = await auditCount();
    const first = await t.call(enrollPeople, { token: admin, body: { batch: "paid-cad-2027", course: id.cad } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ learners: 2, courses: 1, created: 2, alreadyEnrolled: 0 });
    expect(first.body.message).toContain("2 new enrollments");
    const row = (await enrollmentsOf(newcomer)).find((r) => r.courseId === id.cad)!;
    expect(row.batchId).toBe(paidBatchId);
    expect(row.grantedAt).not.toBeNull();
    expect(await auditCount()).toBe(auditBefore + 1);

    const again = await t.call(enrollPeople, { token: admin, body: { batch: "paid-cad-2027", course: id.cad } });
    expect(again.body).toMatchObject({ created: 0, alreadyEnrolled: 2 });
    expect(await auditCount()).toBe(auditBefore + 1);

    // The employee is on the Basic plan and CAD is a premium, paid course: it is open all the same.
    const employee = await t.signIn("employee@demo.test");
    const offer = await t.call(getCourseOffer, { token: employee, query: { courseId: id.cad } });
    expect(offer.body.enrollmentState.status).toBe("open");
    expect(offer.body.isPurchased).toBe(true);

    const audit = await t.call(listAudit, { token: admin, query: { kind: "enrollment.create", actor: adminId } });
    expect(audit.body.entries[0]).toMatchObject({ summary: expect.stringContaining("batch paid-cad-2027"), courseId: id.cad, after: { batch: "paid-cad-2027", created: 2 } });
  });


  it("enrolls people by id in a program's courses, keeping what they have", async () => {
    const res = await t.call(enrollPeople, { token: admin, body: { people: [id.grader, newcomer], program: id.embeddedProgram } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ learners: 2, courses: 3, created: 6, alreadyEnrolled: 0 });
    const graderRows = await enrollmentsOf(id.grader);
    expect(graderRows.map((r) => r.courseId).sort()).toEqual([id.embedded, id.power, id.python].sort());
    const again = await t.call(enrollPeople, { token: admin, body: { people: [id.grader], program: id.embeddedProgram } });
    expect(again.body).toMatchObject({ created: 0, alreadyEnrolled: 3 });
    const audit = await t.call(listAudit, { token: admin, query: { target: id.grader, kind: "enrollment.create" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0].after.courses).toHaveLength(3);
  });

  it("refuses bad input by name and writes nothing", async () => {
    const before = [await enrollmentCount(), await auditCount()];
    const cases: [unknown, number, string][] = [
      [{ batch: "no-such-batch", course: id.cad }, 400, "unknown_batch"],
      [{ people: [unknownId], course: id.cad }, 404, "person_not_found"],
      [{ people: [id.grader], course: unknownId }, 404, "course_not_found"],
      [{ people: [id.grader], program: unknownId }, 404, "program_not_found"],
      [{ people: [id.grader], batch: "paid-cad-2027", course: id.cad }, 400, "bad_request"],
      [{ people: [id.grader] }, 400, "bad_request"],
      [{ people: [], course: id.cad }, 400, "bad_request"],
      [{ people: ["not-an-id"], course: id.cad }, 400, "bad_request"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.call(enrollPeople, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const unknownBatch = await t.call(enrollPeople, { token: admin, body: { batch: "no-such-batch", course: id.cad } });
    expect(unknownBatch.body.message).toContain("no-such-batch");
    expect(unknownBatch.body).toMatchObject({ details: { field: "batch", keys: '"no-such-batch"', count: 1 } });
    // An archived course takes no one.
    await t.db.update(courses).set({ archivedAt: new Date() }).where(eq(courses.id, id.power));
    const archived = await t.call(enrollPeople, { token: admin, body: { people: [id.learner], course: id.power } });
    await t.db.update(courses).set({ archivedAt: null }).where(eq(courses.id, id.power));
    expect(archived.status).toBe(409);
    expect(archived.body.code).toBe("course_not_enrollable");
    expect((archived.body as { details?: { reason?: string } }).details?.reason).toBe("archived");
    expect([await enrollmentCount(), await auditCount()]).toEqual(before);
  });

  it("lists the courses, programs and batches to choose from", async () => {
    const res = await t.call(getEnrollmentChoices, { token: admin });
    expect(res.body.courses.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([id.cad, id.embedded, id.power, id.python]));
    expect(res.body.courses.find((c: { id: string }) => c.id === id.cad)).toMatchObject({ priceCents: 499900, isPremium: true });
    expect(res.body.programs.find((p: { id: string }) => p.id === id.embeddedProgram)).toMatchObject({ courses: 3 });
    expect(res.body.batches.find((b: { key: string }) => b.key === "paid-cad-2027")).toMatchObject({ members: 2, program: null });
  });

  it("enrolls a member who joins the batch later in the course the batch was enrolled in, granted as the others", async () => {
    const late = (await t.call(createPerson, { token: admin, body: { email: "paid.late@example.com", name: "Paid Late", batches: ["paid-cad-2027"], invite: false } })).body.person.id;
    const row = (await enrollmentsOf(late)).find((r) => r.courseId === id.cad);
    expect(row).toMatchObject({ batchId: paidBatchId, startDate: new Date("2025-01-01T00:00:00Z") });
    expect(row!.grantedAt).not.toBeNull();
    const lateToken = await t.signIn("paid.late@example.com");
    expect((await t.call(getCourseOffer, { token: lateToken, query: { courseId: id.cad } })).body.enrollmentState.status).toBe("open");
  });
});

describe("purchase requests", () => {
  let graderToken: string;
  beforeAll(async () => {
    graderToken = await t.signIn("grader@demo.test");
  });
  const ask = async (token: string, courseId: string) =>
    expect((await t.call(recordPurchaseIntent, { token, body: { id: courseId, name: "x", pageUrl: "/learn/x" } })).status).toBe(200);

  it("lists open requests first, keyset-paged, and a grant opens the course for the learner", async () => {
    // The grader (Basic plan, no batch) asks for CAD, which is theirs by nothing else.
    await t.db.delete(enrollments).where(and(eq(enrollments.userId, id.grader), eq(enrollments.courseId, id.cad)));
    await ask(graderToken, id.cad);
    const employee = await t.signIn("employee@demo.test");
    await ask(employee, id.power);
    const before = await t.call(getCourseOffer, { token: graderToken, query: { courseId: id.cad } });
    expect(before.body.enrollmentState).toMatchObject({ status: "cannotEnroll", basis: "paid" });

    const first = await t.call(listPurchaseRequests, { token: admin, query: { limit: "1" } });
    expect(first.body.requests).toHaveLength(1);
    expect(first.body.hasMore).toBe(true);
    const second = await t.call(listPurchaseRequests, { token: admin, query: { limit: "1", cursor: first.body.nextCursor } });
    expect(second.body.requests).toHaveLength(1);
    expect(second.body.requests[0].id).not.toBe(first.body.requests[0].id);
    const all = await t.call(listPurchaseRequests, { token: admin, query: { status: "open" } });
    const graderRequest = all.body.requests.find((r: { person: { id: string } }) => r.person.id === id.grader);
    expect(graderRequest).toMatchObject({ status: "open", course: { id: id.cad }, priceCents: 499900, enrolled: false });

    const granted = await t.call(answerPurchaseRequest, { token: admin, body: { id: graderRequest.id, decision: "grant" } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.request).toMatchObject({ status: "granted", enrolled: true, answeredBy: { id: adminId } });
    const after = await t.call(getCourseOffer, { token: graderToken, query: { courseId: id.cad } });
    expect(after.body.enrollmentState.status).toBe("open");

    // Answered requests come after the open ones.
    const list = await t.call(listPurchaseRequests, { token: admin, query: {} });
    const statuses = list.body.requests.map((r: { status: string }) => r.status);
    expect(statuses.indexOf("granted")).toBeGreaterThan(statuses.lastIndexOf("open"));

    const twice = await t.call(answerPurchaseRequest, { token: admin, body: { id: graderRequest.id, decision: "decline" } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("purchase_request_answered");
    expect((twice.body as { details?: unknown }).details).toEqual({ status: "granted", answeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const audit = await t.call(listAudit, { token: admin, query: { target: id.grader, kind: "purchase.grant" } });
    expect(audit.body.entries).toHaveLength(1);
  });

  it("a decline keeps its note and enrolls no one; asking again opens the request again", async () => {
    const open = await t.call(listPurchaseRequests, { token: admin, query: { status: "open" } });
    const request = open.body.requests.find((r: { person: { id: string } }) => r.person.id === id.employee);
    const declined = await t.call(answerPurchaseRequest, { token: admin, body: { id: request.id, decision: "decline", note: "Not in this year's budget." } });
    expect(declined.body.request).toMatchObject({ status: "declined", note: "Not in this year's budget.", enrolled: false });
    expect((await enrollmentsOf(id.employee)).some((r) => r.courseId === id.power)).toBe(false);
    // The learner is e-mailed the answer with the note, through the job engine's mail, once, in their
    // profile's language (the demo employee reads Tamil).
    await t.deps.settle();
    const mails = () => t.mailer.sent.filter((m) => m.to === "employee@demo.test" && m.subject.includes("நிராகரிக்கப்பட்டது"));
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.subject).toBe(`"${request.course.name}" கோர்ஸுக்கான உங்கள் கோரிக்கை நிராகரிக்கப்பட்டது`);
    expect(mails()[0]!.text).toContain(`"${request.course.name}" வாங்க நீங்கள் அனுப்பிய கோரிக்கை நிராகரிக்கப்பட்டது.`);
    expect(mails()[0]!.text).toContain(`உங்கள் அட்மினின் குறிப்பு: "Not in this year's budget."`);
    expect(mails()[0]!.text).toContain("http://localhost:3000/learn/course/");
    expect(mails()[0]!.html).toContain("Not in this year&#39;s budget.");
    const employee = await t.signIn("employee@demo.test");
    // The learner's course page is told: declined, when, and the note.
    const told = await t.call(getCourseOffer, { token: employee, query: { courseId: id.power } });
    expect(told.body.purchaseRequest).toMatchObject({ status: "declined", note: "Not in this year's budget." });
    expect(told.body.purchaseRequest.answeredAt).toEqual(expect.any(String));
    await ask(employee, id.power);
    const reopened = await t.call(listPurchaseRequests, { token: admin, query: { status: "open" } });
    expect(reopened.body.requests.find((r: { id: string }) => r.id === request.id)).toMatchObject({ status: "open", requestCount: 2 });
    // Asked again, it is open again: the earlier answer is not shown as this request's.
    const again = await t.call(getCourseOffer, { token: employee, query: { courseId: id.power } });
    expect(again.body.purchaseRequest).toMatchObject({ status: "open", answeredAt: null, note: null });
    // A second decline, of the request asked again, is an answer of its own: e-mailed too, without a note this time.
    expect((await t.call(answerPurchaseRequest, { token: admin, body: { id: request.id, decision: "decline" } })).status).toBe(200);
    await t.deps.settle();
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.text).toContain("உங்கள் அட்மின் எந்தக் குறிப்பும் எழுதவில்லை.");
  });

  it("refuses an unknown request, a bad decision and a bad cursor", async () => {
    const unknown = await t.call(answerPurchaseRequest, { token: admin, body: { id: unknownId, decision: "grant" } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "purchase_request_not_found"]);
    const bad = await t.call(answerPurchaseRequest, { token: admin, body: { id: unknownId, decision: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("decision");
    const cursor = await t.call(listPurchaseRequests, { token: admin, query: { cursor: "nonsense" } });
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toContain("cursor");
  });
});

describe("a person's enrollments and moving to another version", () => {
  let v1: string;
  let v2: string;
  beforeAll(async () => {
    // The learner is on CAD's first version and has watched one of its videos.
    await t.call(enrollPeople, { token: admin, body: { people: [id.learner], course: id.cad } });
    v1 = (await t.db.select({ versionId: enrollments.versionId }).from(enrollments).where(and(eq(enrollments.userId, id.learner), eq(enrollments.courseId, id.cad))))[0]!.versionId;
    const [video] = await t.db
      .select({ id: videos.id, seconds: videos.durationSeconds })
      .from(videos)
      .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
      .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
      .where(eq(chapters.versionId, v1))
      .limit(1);
    await t.db.insert(videoProgress).values({ userId: id.learner, videoId: video!.id, courseId: id.cad, versionId: v1, watchedRanges: [[0, video!.seconds]], watchedSeconds: video!.seconds, completedAt: new Date(), completedBy: "watched" });
    // An author publishes the course again: a second version with the same items.
    const outline = await t.call(getCourseOutline, { token: admin, query: { courseId: id.cad } });
    const published = await t.call(publishCourse, { token: admin, body: { courseId: id.cad, revision: outline.body.revision, versionName: "2027.1", releaseNotes: "" } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    v2 = published.body.versionId;
  });

  it("lists the person's enrollments with their versions", async () => {
    const res = await t.call(listPersonEnrollments, { token: admin, query: { id: id.learner } });
    const cad = res.body.enrollments.find((e: { courseId: string }) => e.courseId === id.cad);
    expect(cad.version.id).toBe(v1);
    expect(cad.versions[0]).toMatchObject({ id: v2, isCurrent: true });
    expect(cad.versions.map((v: { id: string }) => v.id)).toContain(v1);
    const unknown = await t.call(listPersonEnrollments, { token: admin, query: { id: unknownId } });
    expect([unknown.status, unknown.body.code]).toEqual([404, "person_not_found"]);
  });

  it("moves the enrollment, carrying the watched video, audited; moving again changes nothing", async () => {
    const res = await t.call(moveEnrollmentVersion, { token: admin, body: { person: id.learner, course: id.cad, version: v2 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ moved: true, enrollment: { version: { id: v2, name: "2027.1", isCurrent: true } }, carried: { videos: 1 } });
    // The old version keeps its row.
    expect((await t.db.select({ n: count() }).from(videoProgress).where(eq(videoProgress.userId, id.learner)))[0]!.n).toBe(2);
    const audit = await t.call(listAudit, { token: admin, query: { target: id.learner, kind: "enrollment.version" } });
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.body.entries[0].after).toMatchObject({ version: "2027.1" });
    const again = await t.call(moveEnrollmentVersion, { token: admin, body: { person: id.learner, course: id.cad, version: v2 } });
    expect(again.body).toMatchObject({ moved: false });
    expect((await t.call(listAudit, { token: admin, query: { target: id.learner, kind: "enrollment.version" } })).body.entries).toHaveLength(1);
  });

  it("refuses a version of another course, an unknown version, course or person, and a person not enrolled", async () => {
    const pythonVersion = (await t.db.execute<{ id: string }>(sql`select id from course_versions where course_id = ${id.python} limit 1`)).rows[0] as { id: string };
    const cases: [Record<string, string>, number, string][] = [
      [{ person: id.learner, course: id.cad, version: pythonVersion.id }, 400, "version_of_another_course"],
      [{ person: id.learner, course: id.cad, version: unknownId }, 404, "version_not_found"],
      [{ person: id.learner, course: unknownId, version: v1 }, 404, "course_not_found"],
      [{ person: unknownId, course: id.cad, version: v1 }, 404, "person_not_found"],
      [{ person: (await t.userByEmail("moved.later@example.com"))!.id, course: id.power, version: (await t.db.execute<{ id: string }>(sql`select id from course_versions where course_id = ${id.power} limit 1`)).rows[0]!.id as string }, 409, "not_enrolled"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.call(moveEnrollmentVersion, { token: admin, body });
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const other = await t.call(moveEnrollmentVersion, { token: admin, body: cases[0]![0] });
    expect(other.body.message).toContain("another course");
  });
});
