import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getMeetingCalendar, listMeetings, registerForMeeting, cancelMeetingRegistration } from "@/lib/contract/calls/meetings";
import type { Meeting } from "@/lib/contract/entities/meetings";
import { ContentError, importContent } from "@/lib/server/content/import-content";
import { courses, meetingRegistrations, meetings, users } from "@/lib/server/db/schema";
import { formatSessionTime } from "@/lib/meeting-time";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, writeContentDir } from "../support/courses";

/*
 * The "Add to calendar" file of a session (RFC 5545): its shape, escaping and folding, a UID that
 * never changes, a SEQUENCE that goes up with every change the importer brings, the join link for
 * registered learners only, and the right instants and wall times on both sides of daylight-saving
 * changes in Europe/Berlin and America/New_York, and for Asia/Kolkata (no daylight saving) seen
 * from Berlin across Europe's change.
 */

let t: TestApi;
let token: string;
let otherToken: string;
let alphaId: string;

const host = { meetingTakerName: "Priya Sharma", meetingTakerEmail: "priya@example.com", durationInMinutes: 60 };
const importSessions = (list: Record<string, unknown>[]) => importContent(t.db, writeContentDir({ meetings: list }), { now: t.deps.now() });
const idOf = async (key: string) => (await t.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.key, key)))[0]!.id;

async function download(key: string, as = token) {
  const res = await t.call(getMeetingCalendar, { token: as, query: { meetingId: await idOf(key) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { text: res.body as string, headers: res.headers };
}

/** The logical lines of a calendar: folded lines joined again (RFC 5545 3.1). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
/** The value of a property, as written (still escaped). */
const prop = (text: string, name: string) => {
  const line = unfold(text).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line === undefined ? undefined : line.slice(line.indexOf(":") + 1);
};
const unescapeText = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** The instant a session starts, read back through the API (whichever range it falls in now). */
async function startOf(key: string): Promise<string> {
  const id = await idOf(key);
  for (const rangeType of ["upcoming", "live", "past"]) {
    const res = await t.call(listMeetings, { token, query: { rangeType, pageSize: "100" } });
    const found = (res.body.results as Meeting[]).find((m) => m.id === id);
    if (found) return found.startDate;
  }
  throw new Error(`${key} is not listed`);
}

beforeAll(async () => {
  t = await createTestApi();
  await importContent(
    t.db,
    writeContentDir({
      users: [
        { email: "learner@example.com", name: "Asha Learner" },
        { email: "other@example.com", name: "Other Learner" },
      ],
      courses: [generatedCourse({ key: "alpha", name: "Alpha Mechanics", chapters: 1, videosPerSubChapter: 1 })],
    }),
  );
  alphaId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "alpha")))[0]!.id;
  token = await t.signIn("learner@example.com");
  otherToken = await t.signIn("other@example.com");
  await t.call(enrollInCourse, { token, body: { courseId: alphaId } });
});
afterAll(() => t.close());

describe("the file", () => {
  const description =
    "Bring your sketch; we fix relations, dimensions and constraints together.\nSecond line: C:\\models\\bracket.sldprt\n" +
    "Long enough to be folded several times — with ₹ prices, é accents and 日本語 characters that must never be cut in half across a fold.";
  beforeAll(async () => {
    await importSessions([
      { key: "clinic", title: 'Gears, shafts; and C:\\temp "notes"', course: "alpha", start: "+2d", joinLink: "https://meet.example.com/clinic?x=1;y=2", description, ...host },
    ]);
  });

  it("is a text/calendar download named after the session", async () => {
    const { headers } = await download("clinic");
    expect(headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="gears-shafts-and-c-backslash-temp-notes\.ics"/);
  });

  it("is one VCALENDAR with one VEVENT, CRLF line endings, lines of at most 75 octets", async () => {
    const { text } = await download("clinic");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(text.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    // Every line break is CRLF: none is left once the CRLFs are taken out.
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const physical = text.split("\r\n").slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
    expect(physical.some((l) => l.startsWith(" ")), "the long description is folded").toBe(true);
    expect(text).not.toContain("\uFFFD");
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(prop(text, "DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it("escapes commas, semicolons, backslashes and line breaks in text, and folds without losing a character", async () => {
    const { text } = await download("clinic");
    expect(prop(text, "SUMMARY")).toBe('Gears\\, shafts\\; and C:\\\\temp "notes"');
    const written = prop(text, "DESCRIPTION")!;
    expect(written).not.toMatch(/[\r\n]/);
    expect(written).toContain("Bring your sketch\\; we fix relations\\, dimensions");
    expect(written).toContain("\\nSecond line: C:\\\\models\\\\bracket.sldprt\\n");
    expect(unescapeText(written).startsWith(description)).toBe(true);
  });

  it("gives the times in UTC and the organiser", async () => {
    const { text } = await download("clinic");
    const start = new Date(await startOf("clinic"));
    const utc = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
    expect(prop(text, "DTSTART")).toBe(utc(start));
    expect(prop(text, "DTEND")).toBe(utc(new Date(start.getTime() + 60 * 60_000)));
    expect(unfold(text)).toContain('ORGANIZER;CN="Priya Sharma":mailto:priya@example.com');
    expect(unfold(text)).toContain("TRIGGER:-PT15M");
  });
});

describe("UID and SEQUENCE", () => {
  const base = { key: "revised", title: "Revision clinic", course: "alpha", start: "2031-05-06T09:00:00Z", joinLink: "https://meet.example.com/rev", description: "First", order: 1, ...host };

  it("keeps the UID and raises SEQUENCE with each change of time, link, title or description, and only then", async () => {
    await importSessions([base]);
    const id = await idOf("revised");
    const first = (await download("revised")).text;
    expect(prop(first, "UID")).toBe(`meeting-${id}@localhost`);
    expect(prop(first, "SEQUENCE")).toBe("0");

    const steps: [string, Record<string, unknown>, string][] = [
      ["the same file again", {}, "0"],
      ["a new time", { start: "2031-05-06T10:00:00Z" }, "1"],
      ["a new join link", { joinLink: "https://meet.example.com/rev-2" }, "2"],
      ["a new title", { title: "Revision clinic (moved)" }, "3"],
      ["only the list order", { order: 7 }, "3"],
      ["a new description", { description: "Second" }, "4"],
    ];
    let current: Record<string, unknown> = base;
    for (const [what, change, sequence] of steps) {
      current = { ...current, ...change };
      await importSessions([current]);
      const text = (await download("revised")).text;
      expect(prop(text, "UID"), what).toBe(`meeting-${id}@localhost`);
      expect(prop(text, "SEQUENCE"), what).toBe(sequence);
    }
    const last = (await download("revised")).text;
    expect(prop(last, "DTSTART")).toBe("20310506T100000Z");
    expect(unescapeText(prop(last, "SUMMARY")!)).toBe("Revision clinic (moved)");
  });

  it("gives every session its own UID", async () => {
    await importSessions([{ ...base, key: "another", title: "Another" }]);
    expect(prop((await download("another")).text, "UID")).not.toBe(prop((await download("revised")).text, "UID"));
  });
});

describe("the join link in the file", () => {
  const link = "https://meet.example.com/linked-session";
  beforeAll(async () => {
    await importSessions([
      { key: "linked", title: "Linked session", course: "alpha", start: "+3d", joinLink: link, ...host },
      { key: "ended", title: "Ended session", start: "-2d", joinLink: "https://meet.example.com/ended", ...host },
    ]);
  });

  it("is left out for a learner who is not registered, with a pointer to registering", async () => {
    const { text } = await download("linked");
    expect(text).not.toContain("meet.example.com");
    expect(prop(text, "LOCATION")).toBe("Online");
    expect(unescapeText(prop(text, "DESCRIPTION")!)).toMatch(/register on http:\/\/localhost:3000\/group-sessions/);
  });

  it("is carried (location, URL, description) once the learner is registered, days before the session", async () => {
    await t.call(registerForMeeting, { token, query: { meetingId: await idOf("linked") } });
    const { text } = await download("linked");
    expect(prop(text, "LOCATION")).toBe(link);
    expect(prop(text, "URL")).toBe(link);
    expect(unescapeText(prop(text, "DESCRIPTION")!)).toContain(`Join: ${link}`);
    // Another learner's file of the same session still has none.
    await t.call(enrollInCourse, { token: otherToken, body: { courseId: alphaId } });
    expect((await download("linked", otherToken)).text).not.toContain(link);
  });

  it("is gone again after the registration is cancelled", async () => {
    await t.call(cancelMeetingRegistration, { token, query: { meetingId: await idOf("linked") } });
    expect((await download("linked")).text).not.toContain(link);
  });

  it("is never in the file of a session that is over, even for a registered learner", async () => {
    const learner = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, "learner@example.com")))[0]!;
    await t.db.insert(meetingRegistrations).values({ meetingId: await idOf("ended"), userId: learner.id });
    expect((await download("ended")).text).not.toContain("meet.example.com/ended");
  });
});

describe("across daylight-saving changes", () => {
  const wall = (key: string, start: string, timeZone: string, durationInMinutes = 60) => ({
    key,
    title: key,
    start,
    timeZone,
    joinLink: "https://meet.example.com/dst",
    ...host,
    durationInMinutes,
  });
  beforeAll(async () => {
    await importSessions([
      // Europe/Berlin moves from CET (+01:00) to CEST (+02:00) on Sunday 28 March 2027 at 02:00.
      wall("berlin-before", "2027-03-27T10:00", "Europe/Berlin"),
      wall("berlin-after", "2027-03-29T10:00", "Europe/Berlin"),
      wall("berlin-across", "2027-03-28T01:30", "Europe/Berlin", 120),
      // America/New_York moves to EDT on 14 March 2027 and back to EST on 7 November 2027.
      wall("ny-before", "2027-03-13T12:00", "America/New_York"),
      wall("ny-after", "2027-03-15T12:00", "America/New_York"),
      wall("ny-fall-before", "2027-11-06T12:00", "America/New_York"),
      wall("ny-fall-after", "2027-11-08T12:00", "America/New_York"),
      // Asia/Kolkata keeps +05:30 all year: the same instant of day while Berlin's clocks move.
      wall("kolkata-before", "2027-03-27T18:00", "Asia/Kolkata"),
      wall("kolkata-after", "2027-03-29T18:00", "Asia/Kolkata"),
    ]);
  });

  const cases: [key: string, utc: string, organiserWall: string, timeZone: string][] = [
    ["berlin-before", "2027-03-27T09:00:00.000Z", "10:00", "Europe/Berlin"],
    ["berlin-after", "2027-03-29T08:00:00.000Z", "10:00", "Europe/Berlin"],
    ["ny-before", "2027-03-13T17:00:00.000Z", "12:00", "America/New_York"],
    ["ny-after", "2027-03-15T16:00:00.000Z", "12:00", "America/New_York"],
    ["ny-fall-before", "2027-11-06T16:00:00.000Z", "12:00", "America/New_York"],
    ["ny-fall-after", "2027-11-08T17:00:00.000Z", "12:00", "America/New_York"],
    ["kolkata-before", "2027-03-27T12:30:00.000Z", "18:00", "Asia/Kolkata"],
    ["kolkata-after", "2027-03-29T12:30:00.000Z", "18:00", "Asia/Kolkata"],
  ];

  for (const [key, utc, organiserWall, timeZone] of cases) {
    it(`${key}: stored and served as ${utc}, in the file in UTC, the organiser's ${organiserWall} ${timeZone} in its description`, async () => {
      expect(await startOf(key)).toBe(utc);
      const { text } = await download(key);
      expect(prop(text, "DTSTART")).toBe(utc.replace(/\.000Z$/, "Z").replace(/[-:]/g, ""));
      expect(unescapeText(prop(text, "DESCRIPTION")!)).toContain(`at ${organiserWall} (${timeZone})`);
      // The viewer in the organiser's zone sees the wall time the organiser planned.
      const m = (await t.call(listMeetings, { token, query: { rangeType: "upcoming", pageSize: "100" } })).body.results.find((r: Meeting) => r.title === key);
      const shown = formatSessionTime(utc, new Date(Date.parse(utc) + 3_600_000).toISOString(), timeZone);
      expect(shown.start.time).toBe(organiserWall);
      if (m) expect(m.timeZone).toBe(timeZone);
    });
  }

  it("shows each session at the right wall time to viewers elsewhere, on both sides of the change", async () => {
    const at = async (key: string, viewer: string) => formatSessionTime(await startOf(key), new Date(Date.parse(await startOf(key)) + 3_600_000).toISOString(), viewer).start;
    // A Berlin session seen from Kolkata: 14:30 IST before Europe's change, 13:30 after.
    expect(await at("berlin-before", "Asia/Kolkata")).toMatchObject({ time: "14:30", zone: "GMT+5:30" });
    expect(await at("berlin-after", "Asia/Kolkata")).toMatchObject({ time: "13:30", zone: "GMT+5:30" });
    // A Kolkata session seen from Berlin: 13:30 CET before, 14:30 CEST after.
    expect(await at("kolkata-before", "Europe/Berlin")).toMatchObject({ time: "13:30", zone: "CET" });
    expect(await at("kolkata-after", "Europe/Berlin")).toMatchObject({ time: "14:30", zone: "CEST" });
    // A New York session seen from Berlin: 18:00 CET, then 17:00 CET once New York is on EDT and Berlin not yet on CEST.
    expect(await at("ny-before", "Europe/Berlin")).toMatchObject({ time: "18:00", zone: "CET" });
    expect(await at("ny-after", "Europe/Berlin")).toMatchObject({ time: "17:00", zone: "CET" });
  });

  it("lasts its real duration when the clocks change during it", async () => {
    expect(await startOf("berlin-across")).toBe("2027-03-28T00:30:00.000Z");
    const { text } = await download("berlin-across");
    expect(prop(text, "DTSTART")).toBe("20270328T003000Z");
    expect(prop(text, "DTEND")).toBe("20270328T023000Z");
    // Two hours from 01:30 CET end at 04:30 CEST on Berlin's clocks.
    expect(formatSessionTime("2027-03-28T00:30:00.000Z", "2027-03-28T02:30:00.000Z", "Europe/Berlin").text).toBe("Sun, 28 Mar 2027, 01:30 CET – 04:30 CEST");
  });

  it("refuses wall times the change skips or repeats, and unknown zones, naming the field", async () => {
    const attempt = async (m: Record<string, unknown>) => {
      try {
        await importSessions([m]);
        return "imported";
      } catch (err) {
        expect(err).toBeInstanceOf(ContentError);
        return (err as ContentError).message;
      }
    };
    expect(await attempt(wall("gap", "2027-03-28T02:30", "Europe/Berlin"))).toMatch(/0\.start: "2027-03-28T02:30" does not exist in Europe\/Berlin/);
    expect(await attempt(wall("ny-gap", "2027-03-14T02:30", "America/New_York"))).toMatch(/0\.start: .*does not exist in America\/New_York/);
    expect(await attempt(wall("twice", "2027-10-31T02:30", "Europe/Berlin"))).toMatch(
      /0\.start: "2027-10-31T02:30" happens twice in Europe\/Berlin .*2027-10-31T02:30\+02:00 or 2027-10-31T02:30\+01:00/,
    );
    expect(await attempt(wall("mars", "2027-03-28T10:00", "Mars/Olympus_Mons"))).toMatch(/0\.timeZone: must be an IANA time zone name/);
    expect(await attempt(wall("offset-only", "2027-03-28T10:00", "+05:30"))).toMatch(/0\.timeZone/);
    // An explicit offset picks one of the repeated hours.
    expect(await attempt(wall("second-0230", "2027-10-31T02:30:00+01:00", "Europe/Berlin"))).toBe("imported");
    expect(await startOf("second-0230")).toBe("2027-10-31T01:30:00.000Z");
  });
});
