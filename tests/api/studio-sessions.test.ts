import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMeetings, registerForMeeting } from "@/lib/contract/calls/meetings";
import { cancelSession, createSession, getSession, listSessionCourses, listSessions, updateSession } from "@/lib/contract/calls/studio-sessions";
import { importContent } from "@/lib/server/content/import-content";
import { courses, meetings, studioAudit } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles, writeContentDir } from "../support/courses";

let t: TestApi;
let admin: string;
let adminId: string;
let learner: string;
let courseId: string;

// 2030-05-10 is in summer time in Berlin (UTC+2).
const base = {
  title: "Truss clinic",
  description: "Bring your drawings.",
  startLocal: "2030-05-10T18:00",
  timeZone: "Europe/Berlin",
  durationInMinutes: 45,
  joinLink: "https://meet.example.com/truss",
  hostName: "Priya Sharma",
  hostEmail: "priya@example.com",
};

const make = (body: Record<string, unknown>) => t.call(createSession, { token: admin, body: { ...base, ...body } });
const patch = (body: Record<string, unknown>) => t.call(updateSession, { token: admin, body });
const auditOf = (action: string) => t.db.select().from(studioAudit).where(eq(studioAudit.action, action)).orderBy(asc(studioAudit.createdAt));
const sessionCount = async () => (await t.db.select({ id: meetings.id }).from(meetings)).length;
const mailTo = (email: string, from: number) => t.mailer.sent.slice(from).filter((m) => m.to === email);

beforeAll(async () => {
  t = await createTestApi();
  adminId = (await t.createUser({ email: "admin@example.com", name: "Ada Admin", role: "admin" })).id;
  admin = await t.signIn("admin@example.com");
  await t.createUser({ email: "asha@example.com", name: "Asha Raman" });
  learner = await t.signIn("asha@example.com");
  await importFiles(t, { courses: [generatedCourse({ key: "core", chapters: 1, videosPerSubChapter: 1 })] });
  courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "core")))[0]!.id;
}, 60_000);
afterAll(() => t.close());

describe("making a session", () => {
  it("stores the instant of the wall time in its zone, and audits it", async () => {
    const res = await make({});
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.session).toMatchObject({
      title: "Truss clinic",
      course: null,
      startDate: "2030-05-10T16:00:00.000Z",
      endDate: "2030-05-10T16:45:00.000Z",
      startLocal: "2030-05-10T18:00",
      timeZone: "Europe/Berlin",
      sequence: 0,
      cancelledAt: null,
      rangeType: "upcoming",
      registrantCount: 0,
    });
    expect(res.body.session.key).toMatch(/^studio-/);
    const [row] = await auditOf("session.create");
    expect(row).toMatchObject({ userId: adminId, before: null, after: { title: "Truss clinic", start: "2030-05-10T16:00:00.000Z", timeZone: "Europe/Berlin" } });
  });

  it("takes a course chosen from the list", async () => {
    const list = await t.call(listSessionCourses, { token: admin });
    expect(list.body.courses.map((c: { id: string }) => c.id)).toContain(courseId);
    const res = await make({ title: "Core session", courseId });
    expect(res.status).toBe(201);
    expect(res.body.session.course).toMatchObject({ id: courseId });
  });

  it("refuses bad input, naming what is wrong, and makes nothing", async () => {
    const before = await sessionCount();
    const cases: [Record<string, unknown>, number, RegExp, string?][] = [
      [{ timeZone: "Mars/Olympus" }, 400, /timeZone must be an IANA time zone/],
      [{ joinLink: "http://meet.example.com/x" }, 400, /joinLink must be an https:\/\/ address/],
      [{ joinLink: "not a link" }, 400, /joinLink/],
      [{ courseId: "00000000-0000-4000-8000-00000000c0de" }, 400, /courseId: no course has this id/, "unknown_course"],
      [{ startLocal: "2020-01-01T10:00" }, 400, /startLocal: 2020-01-01T10:00 .* not in the future/, "meeting_start_past"],
      [{ startLocal: "2030-03-31T02:30" }, 400, /does not exist in Europe\/Berlin/, "meeting_time_invalid"],
      [{ startLocal: "2030-10-27T02:30" }, 400, /happens twice in Europe\/Berlin/, "meeting_time_invalid"],
      [{ startLocal: "2030-02-30T10:00" }, 400, /not a date and time that exists/, "meeting_time_invalid"],
      [{ startLocal: "tomorrow" }, 400, /startLocal must be a date and time/],
      [{ durationInMinutes: 0 }, 400, /durationInMinutes must be at least 5/],
      [{ hostEmail: "priya" }, 400, /hostEmail/],
      [{ title: " " }, 400, /title must not be empty/],
    ];
    const ambiguous = await make({ startLocal: "2030-10-27T02:30" });
    expect(ambiguous.body.details).toEqual({ reason: "ambiguous", startLocal: "2030-10-27T02:30", timeZone: "Europe/Berlin", first: "+02:00", second: "+01:00" });
    for (const [body, status, message, code] of cases) {
      const res = await make(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
      if (code) expect(res.body.code).toBe(code);
      if (code === "unknown_course") expect(res.body).toMatchObject({ details: { reason: "session" } });
      if (code === "meeting_time_invalid") expect(res.body.details, JSON.stringify(body)).toMatchObject({ startLocal: body.startLocal, reason: expect.stringMatching(/^(gap|ambiguous|nonexistent)$/) });
    }
    expect(await sessionCount()).toBe(before);
  });
});

describe("registrants, changes and cancelling", () => {
  let id: string;

  beforeAll(async () => {
    const res = await make({ title: "Moving clinic" });
    id = res.body.session.id;
    expect((await t.call(registerForMeeting, { token: learner, query: { meetingId: id } })).status).toBe(200);
  });

  it("lists upcoming sessions with their registrant counts, and who registered", async () => {
    const list = await t.call(listSessions, { token: admin, query: { range: "upcoming" } });
    expect(list.status).toBe(200);
    expect(list.body.sessions.find((s: { id: string }) => s.id === id)).toMatchObject({ registrantCount: 1 });
    const past = await t.call(listSessions, { token: admin, query: { range: "past" } });
    expect(past.body.sessions.find((s: { id: string }) => s.id === id)).toBeUndefined();
    const one = await t.call(getSession, { token: admin, query: { id } });
    expect(one.body.registrants).toEqual([expect.objectContaining({ name: "Asha Raman", email: "asha@example.com" })]);
    expect(Date.parse(one.body.registrants[0]!.registeredAt)).not.toBeNaN();
  });

  it("raises the sequence only on a real change: the same values, or a host change, tell nobody", async () => {
    const before = t.mailer.sent.length;
    const audits = (await auditOf("session.update")).length;
    const same = await patch({ id, title: "Moving clinic", startLocal: "2030-05-10T18:00", timeZone: "Europe/Berlin", durationInMinutes: 45 });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ session: { sequence: 0 }, notified: 0 });
    expect(await auditOf("session.update")).toHaveLength(audits);

    // The same instant written in another zone is no change to a calendar.
    const zone = await patch({ id, startLocal: "2030-05-10T17:00", timeZone: "Europe/London" });
    expect(zone.body).toMatchObject({ session: { sequence: 0, timeZone: "Europe/London", startDate: "2030-05-10T16:00:00.000Z" }, notified: 0 });

    const host = await patch({ id, hostName: "Priya S." });
    expect(host.body).toMatchObject({ session: { sequence: 0, hostName: "Priya S." }, notified: 0 });
    expect(await auditOf("session.update")).toHaveLength(audits + 2);
    await t.deps.settle();
    expect(mailTo("asha@example.com", before)).toHaveLength(0);
  });

  it("moving it by an hour raises the sequence and e-mails the learner a REQUEST with the new time", async () => {
    const before = t.mailer.sent.length;
    const res = await patch({ id, startLocal: "2030-05-10T19:00", timeZone: "Europe/Berlin" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ session: { sequence: 1, startDate: "2030-05-10T17:00:00.000Z" }, notified: 1 });
    const [audit] = (await auditOf("session.update")).slice(-1);
    expect(audit).toMatchObject({ before: { start: "2030-05-10T16:00:00.000Z", sequence: 0 }, after: { start: "2030-05-10T17:00:00.000Z", sequence: 1 } });
    await t.deps.settle();
    const mails = mailTo("asha@example.com", before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Changed: Moving clinic");
    const ics = mails[0]!.attachments![0]!;
    expect(ics.contentType).toContain("method=REQUEST");
    expect(ics.content).toContain("METHOD:REQUEST");
    expect(ics.content).toContain("SEQUENCE:1");
    expect(ics.content).toContain("DTSTART:20300510T170000Z");
    expect(ics.content).toContain("ATTENDEE;CN=");
    expect(ics.content).toContain(`UID:meeting-${id}@localhost`);
  });

  it("a later change supersedes an update still waiting: only the newest revision is sent", async () => {
    const before = t.mailer.sent.length;
    await patch({ id, durationInMinutes: 60 });
    await patch({ id, durationInMinutes: 90 });
    await t.deps.settle();
    const mails = mailTo("asha@example.com", before);
    const sequences = mails.map((m) => /SEQUENCE:(\d+)/.exec(m.attachments![0]!.content)![1]);
    expect(sequences.at(-1)).toBe("3");
    expect(sequences.length).toBeLessThanOrEqual(2);
  });

  it("allows an edit to a time in the past (a record corrected), unlike a new session", async () => {
    const other = await make({ title: "Correctable" });
    const res = await patch({ id: other.body.session.id, startLocal: "2020-01-01T10:00" });
    expect(res.status).toBe(200);
    expect(res.body.session.rangeType).toBe("past");
    const past = await t.call(listSessions, { token: admin, query: { range: "past" } });
    expect(past.body.sessions.map((s: { id: string }) => s.id)).toContain(other.body.session.id);
  });

  it("refuses a bad change naming the field, and keeps what was saved", async () => {
    for (const [body, message] of [
      [{ joinLink: "http://x.example.com" }, /joinLink must be an https/],
      [{ timeZone: "Nowhere/City" }, /timeZone must be an IANA/],
      [{ courseId: "00000000-0000-4000-8000-00000000c0de" }, /courseId: no course/],
    ] as const) {
      const res = await patch({ id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const one = await t.call(getSession, { token: admin, query: { id } });
    expect(one.body.session).toMatchObject({ joinLink: "https://meet.example.com/truss", timeZone: "Europe/Berlin", sequence: 3 });
    expect((await patch({ id: "00000000-0000-4000-8000-00000000dead", title: "x" })).status).toBe(404);
  });

  it("cancelling e-mails a CANCEL with a raised sequence, hides it from learners and closes registration; again is harmless", async () => {
    const before = t.mailer.sent.length;
    const res = await t.call(cancelSession, { token: admin, body: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alreadyCancelled: false, notified: 1, session: { sequence: 4 } });
    expect(res.body.session.cancelledAt).not.toBeNull();
    await t.deps.settle();
    const mails = mailTo("asha@example.com", before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Cancelled: Moving clinic");
    const ics = mails[0]!.attachments![0]!.content;
    expect(ics).toContain("METHOD:CANCEL");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SEQUENCE:4");
    expect(ics).not.toContain("BEGIN:VALARM");
    expect(await auditOf("session.cancel")).toHaveLength(1);

    const seen = await t.call(listMeetings, { token: learner, query: { rangeType: "upcoming", pageNumber: "1", pageSize: "50" } });
    expect(seen.body.results.map((m: { id: string }) => m.id)).not.toContain(id);
    const register = await t.call(registerForMeeting, { token: learner, query: { meetingId: id } });
    expect(register.status).toBe(409);
    expect(register.body.code).toBe("meeting_cancelled");

    const again = await t.call(cancelSession, { token: admin, body: { id } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadyCancelled: true, notified: 0, session: { sequence: 4 } });
    await t.deps.settle();
    expect(mailTo("asha@example.com", before)).toHaveLength(1);
    expect(await auditOf("session.cancel")).toHaveLength(1);

    const edit = await patch({ id, title: "Back again" });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("meeting_cancelled");
    // The studio still lists it, marked cancelled, with who had registered.
    const one = await t.call(getSession, { token: admin, query: { id } });
    expect(one.body.registrants).toHaveLength(1);
  });
});

describe("the content import and the studio", () => {
  const imported = (title: string, start = "2030-06-01T10:00") => ({
    key: "imported-clinic",
    title,
    start,
    timeZone: "Asia/Kolkata",
    durationInMinutes: 60,
    joinLink: "https://meet.example.com/imported",
    meetingTakerName: "Priya",
    meetingTakerEmail: "priya@example.com",
  });
  const reimport = (list: Record<string, unknown>[]) => importContent(t.db, writeContentDir({ meetings: list }), { now: t.deps.now() });
  const row = async () => (await t.db.select().from(meetings).where(eq(meetings.key, "imported-clinic")))[0]!;

  it("an import leaves a session the studio changed or cancelled as the studio left it", async () => {
    await reimport([imported("Imported clinic")]);
    const first = await row();
    expect(first.studioEditedAt).toBeNull();
    // Not yet touched by the studio: the import still updates it.
    await reimport([imported("Imported clinic, renamed")]);
    expect((await row()).title).toBe("Imported clinic, renamed");

    expect((await patch({ id: first.id, title: "Studio title" })).status).toBe(200);
    await reimport([imported("Imported clinic, renamed again", "2030-06-02T10:00")]);
    expect(await row()).toMatchObject({ title: "Studio title", startDate: first.startDate });

    expect((await t.call(cancelSession, { token: admin, body: { id: first.id } })).status).toBe(200);
    await reimport([imported("Imported clinic")]);
    const after = await row();
    expect(after.cancelledAt).not.toBeNull();
    expect(after.title).toBe("Studio title");
  });
});
