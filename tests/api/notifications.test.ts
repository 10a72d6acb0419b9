import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateSubmission } from "@/lib/contract/calls/grading";
import { getNotificationSettings, unsubscribe, setNotificationSettings } from "@/lib/contract/calls/notifications";
import type { MailMessage } from "@/lib/server/mail/mailer";
import { essayAttempts, meetingRegistrations, meetings } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { importFiles, oneVideoCourse } from "../support/courses";
import { essayOf, insertSubmission, type EssayRef } from "../support/essay-submissions";

const course = oneVideoCourse("bridges", "Bridge Design", [
  {
    essay: {
      slugId: "truss-report",
      title: "Truss Report",
      question: "Size the members of a Pratt truss.",
      durationInMinutes: 120,
      criteria: [
        { gradingCriteria: "Analysis", marks: 10 },
        { gradingCriteria: "Drawings", marks: 5 },
      ],
    },
  },
]);

let t: TestApi;
let essay: EssayRef;
const ids: Record<"asha" | "ben" | "grader", string> = { asha: "", ben: "", grader: "" };
const tokens: Record<"asha" | "ben" | "grader", string> = { asha: "", ben: "", grader: "" };

const mailTo = (email: string, from: number) => t.mailer.sent.slice(from).filter((m) => m.to === email);
/** The token of a notification e-mail's one-click unsubscribe address (List-Unsubscribe). */
const oneClickToken = (m: MailMessage) => /token=([A-Za-z0-9_-]+)/.exec(m.headers?.["List-Unsubscribe"] ?? "")![1]!;

async function gradeNewEssay(userId: string, marks: [number, number]) {
  await t.db.delete(essayAttempts).where(eq(essayAttempts.userId, userId));
  const submissionId = await insertSubmission(t, userId, essay, { answer: "Members sized." });
  const res = await t.call(evaluateSubmission, {
    token: tokens.grader,
    body: { submissionId, criteria: essay.criteria.map((c, i) => ({ criterionId: c.id, givenMarks: marks[i]! })) },
  });
  expect(res.status).toBe(200);
  await t.deps.settle();
  return submissionId;
}

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, { courses: [course] });
  essay = await essayOf(t, "bridges", "truss-report");
  for (const [who, role] of [["asha", "learner"], ["ben", "learner"], ["grader", "grader"]] as const) {
    ids[who] = (await t.createUser({ email: `${who}@example.com`, name: who === "asha" ? "Asha Raman" : who, role })).id;
    tokens[who] = await t.signIn(`${who}@example.com`);
  }
});
afterAll(() => t.close());

describe("a learner is e-mailed when their essay is graded", () => {
  it("sends the marks and a link to the essay, with an unsubscribe link that needs no sign-in", async () => {
    const before = t.mailer.sent.length;
    const submissionId = await gradeNewEssay(ids.asha, [8, 4]);
    const [mail] = mailTo("asha@example.com", before);
    expect(mail?.subject).toContain("12/15");
    expect(mail?.text).toContain('"Truss Report" in Bridge Design has been graded: 12 of 15 marks');
    expect(mail?.text).toContain("http://localhost:3000/learn/essayBlock/bridges/");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // A correction by the grader is not e-mailed again.
    await t.call(evaluateSubmission, {
      token: tokens.grader,
      body: { submissionId, criteria: essay.criteria.map((c, i) => ({ criterionId: c.id, givenMarks: [9, 4][i]! })) },
    });
    await t.deps.settle();
    expect(mailTo("asha@example.com", before)).toHaveLength(1);

    // A mail client's one-click unsubscribe: no session, the body is not read.
    const res = await t.request("POST", "/user/notifications/unsubscribe", {
      query: { token: oneClickToken(mail!) },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe("essayGraded");
    expect((await t.call(getNotificationSettings, { token: tokens.asha })).body).toEqual({ essayGraded: false, meetingReminder: true });

    const after = t.mailer.sent.length;
    await gradeNewEssay(ids.asha, [5, 5]);
    expect(mailTo("asha@example.com", after)).toHaveLength(0);

    // Turned on again from the user menu's page.
    expect((await t.call(setNotificationSettings, { token: tokens.asha, body: { essayGraded: true } })).body).toEqual({ essayGraded: true, meetingReminder: true });
    const again = t.mailer.sent.length;
    await gradeNewEssay(ids.asha, [6, 5]);
    expect(mailTo("asha@example.com", again)).toHaveLength(1);
  });

  it("refuses settings and unsubscribe links that are not what they should be, naming what is wrong", async () => {
    const bad = await t.call(setNotificationSettings, { token: tokens.asha, body: { essayGraded: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("essayGraded");
    expect((await t.call(getNotificationSettings, {})).status).toBe(401);
    const malformed = await t.call(unsubscribe, { query: { token: "x" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain("token");
    const unknown = await t.call(unsubscribe, { query: { token: "A".repeat(43) } });
    expect(unknown.status).toBe(404);
  });
});

describe("notification e-mails speak the learner's language", () => {
  it("tells a learner whose profile says Hindi of their graded essay in Hindi, and an English one in the same words as ever", async () => {
    const chitra = await t.createUser({ email: "chitra@example.com", name: "Chitra Iyer", preferredLanguage: "Hindi" });
    const before = t.mailer.sent.length;
    await gradeNewEssay(chitra.id, [7, 4.5]);
    const [hindi] = mailTo("chitra@example.com", before);
    expect(hindi?.subject).toBe("आपके निबंध की ग्रेडिंग हो गई है: 11.5/15");
    expect(hindi?.text).toContain("नमस्ते Chitra Iyer,");
    expect(hindi?.text).toContain('Bridge Design में आपके निबंध "Truss Report" की ग्रेडिंग हो गई है: 15 में से 11.5 अंक।');
    expect(hindi?.text).toContain("ये ईमेल बंद करने के लिए: http://localhost:3000/unsubscribe#token=");
    expect(hindi?.html).toContain('<html lang="hi">');
    expect(hindi?.html).toContain(">अपने नतीजे देखें</a>");
    expect(hindi?.html).toMatch(/<a href="http:\/\/localhost:3000\/unsubscribe#token=[A-Za-z0-9_-]+">ये ईमेल बंद करें<\/a>।<\/p>/);

    const again = t.mailer.sent.length;
    await gradeNewEssay(ids.asha, [8, 4]);
    const [english] = mailTo("asha@example.com", again);
    const link = /^http:\/\/localhost:3000\/learn\/essayBlock\/\S+$/m.exec(english!.text)![0];
    const page = /To turn these e-mails off: (\S+)$/.exec(english!.text)![1]!;
    expect(english?.subject).toBe("Your essay has been graded: 12/15");
    expect(english?.text).toBe(
      [
        "Hello Asha Raman,",
        "",
        'Your essay "Truss Report" in Bridge Design has been graded: 12 of 15 marks.',
        "The marks for each criterion and the grader's comments are on the essay's page.",
        "",
        link,
        "",
        `You get this e-mail when a grader marks one of your essays. To turn these e-mails off: ${page}`,
      ].join("\n"),
    );
    expect(english?.html).toContain('<html lang="en">');
    expect(english?.html).toContain(`You get this e-mail when a grader marks one of your essays. <a href="${page}">Turn these e-mails off</a>.</p>`);
  });
});

describe("registered learners are e-mailed an hour before a group session", () => {
  it("sends each registered learner one reminder with the join link and the calendar file", async () => {
    const now = t.deps.now().getTime();
    const [soon] = await t.db
      .insert(meetings)
      .values({ key: "soon", title: "Truss clinic", meetingTakerName: "Priya", meetingTakerEmail: "priya@example.com", startDate: new Date(now + 50 * 60_000), durationInMinutes: 45, joinLink: "https://meet.example.com/truss" })
      .returning();
    const [later] = await t.db
      .insert(meetings)
      .values({ key: "later", title: "Later clinic", meetingTakerName: "Priya", meetingTakerEmail: "priya@example.com", startDate: new Date(now + 3 * 3600_000), durationInMinutes: 45, joinLink: "https://meet.example.com/later" })
      .returning();
    await t.db.insert(meetingRegistrations).values([
      { meetingId: soon!.id, userId: ids.asha },
      { meetingId: later!.id, userId: ids.asha },
    ]);
    const before = t.mailer.sent.length;
    // The minute's schedule runs twice: still one e-mail.
    for (const minute of ["1", "2"]) {
      await t.deps.jobs.send("meeting-reminders", minute, {});
      await t.deps.settle();
    }
    const mails = mailTo("asha@example.com", before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Starting soon: Truss clinic");
    expect(mails[0]!.text).toContain("https://meet.example.com/truss");
    const ics = mails[0]!.attachments?.[0];
    expect(ics?.contentType).toContain("text/calendar");
    expect(ics?.content).toContain("BEGIN:VEVENT");
    expect(ics?.content).toContain("https://meet.example.com/truss");
    expect(mailTo("ben@example.com", before)).toHaveLength(0);

    // Turned off: Ben registers for a session later on and gets no reminder.
    await t.call(setNotificationSettings, { token: tokens.ben, body: { meetingReminder: false } });
    await t.db.insert(meetingRegistrations).values({ meetingId: soon!.id, userId: ids.ben });
    await t.deps.jobs.send("meeting-reminders", "3", {});
    await t.deps.settle();
    expect(mailTo("ben@example.com", before)).toHaveLength(0);
  });
});
