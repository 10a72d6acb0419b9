import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { listGroupSessions } from "@/lib/contract/calls/dashboard";
import {
  cancelMeetingRegistration,
  listMeetingCourses,
  getMeetingCalendar,
  listMeetings,
  registerForMeeting,
} from "@/lib/contract/calls/meetings";
import type { Meeting } from "@/lib/contract/entities/meetings";
import { importContent } from "@/lib/server/content/import-content";
import { courses, meetingRegistrations, meetings } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, writeContentDir } from "../support/courses";

/*
 * A learner enrolled in course alpha, another enrolled in nothing. Sessions, counted from the test's
 * clock at import:
 *
 *   alpha-soon     alpha   +30m  60 min  upcoming
 *   alpha-day-1..5 alpha   +1d..+5d      upcoming
 *   beta-soon      beta    +1h           upcoming, not the learner's course: never shown to them
 *   open-live      -       -10m  60 min  live, open to everyone
 *   alpha-past     alpha   -2d           past
 *   open-past      -       -1d           past
 *   window         alpha   +10d  30 min  the join-window tests move the clock to it (last)
 */

const MIN = 60_000;
const DAY = 86_400_000;
const host = { meetingTakerName: "Priya Sharma", meetingTakerEmail: "priya@example.com" };
const session = (key: string, title: string, start: string, extra: Record<string, unknown> = {}) => ({
  key,
  title,
  start,
  durationInMinutes: 60,
  joinLink: `https://meet.example.com/${key}`,
  ...host,
  ...extra,
});
const sessions = [
  session("alpha-soon", "Alpha soon", "+30m", { course: "alpha" }),
  ...[1, 2, 3, 4, 5].map((d) => session(`alpha-day-${d}`, `Alpha day ${d}`, `+${d}d`, { course: "alpha" })),
  session("beta-soon", "Beta soon", "+1h", { course: "beta" }),
  session("open-live", "Open live", "-10m"),
  session("alpha-past", "Alpha past", "-2d", { course: "alpha" }),
  session("open-past", "Open past", "-1d"),
  session("window", "Window session", "+10d", { course: "alpha", durationInMinutes: 30 }),
];

let t: TestApi;
let token: string;
let otherToken: string;
const courseId: Record<string, string> = {};
const meetingId: Record<string, string> = {};

const titles = (body: { results: Meeting[] }) => body.results.map((m) => m.title);
const list = (query: Record<string, string | string[]>, as = token) => t.call(listMeetings, { token: as, query });
const findIn = async (range: string, key: string, as = token) => {
  const res = await list({ rangeType: range, pageSize: "100" }, as);
  return (res.body.results as Meeting[]).find((m) => m.id === meetingId[key]);
};

beforeAll(async () => {
  t = await createTestApi();
  await importContent(
    t.db,
    writeContentDir({
      users: [
        { email: "learner@example.com", name: "Asha Learner" },
        { email: "other@example.com", name: "Other Learner" },
        { email: "member@example.com", name: "Batch Member" },
      ],
      programs: [
        {
          key: "beta-program",
          name: "Beta Program",
          courses: [{ course: "beta" }],
          batches: [{ key: "beta-auto", name: "Beta auto batch", enrollmentType: "System (Auto enroll)", members: ["member@example.com"] }],
        },
      ],
      courses: [
        generatedCourse({ key: "alpha", name: "Alpha Mechanics", chapters: 1, videosPerSubChapter: 1 }),
        generatedCourse({ key: "beta", name: "Beta Circuits", chapters: 1, videosPerSubChapter: 1 }),
      ],
      meetings: sessions,
    }),
    { now: t.deps.now() },
  );
  for (const r of await t.db.select({ id: courses.id, key: courses.key }).from(courses)) courseId[r.key] = r.id;
  for (const r of await t.db.select({ id: meetings.id, key: meetings.key }).from(meetings)) meetingId[r.key] = r.id;
  token = await t.signIn("learner@example.com");
  otherToken = await t.signIn("other@example.com");
  expect((await t.call(enrollInCourse, { token, body: { courseId: courseId.alpha! } })).status).toBe(200);
});
afterAll(() => t.close());

describe("sessions by range", () => {
  it("lists upcoming sessions of the learner's courses and open ones, soonest first, never another course's", async () => {
    const res = await list({ rangeType: "upcoming" });
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(["Alpha soon", "Alpha day 1", "Alpha day 2", "Alpha day 3", "Alpha day 4", "Alpha day 5", "Window session"]);
    expect(res.body.results.every((m: Meeting) => m.rangeType === "upcoming")).toBe(true);
    expect(res.body.results[0]).toMatchObject({ courseName: "Alpha Mechanics", meetingTakerName: "Priya Sharma", duration: 60, timeZone: "UTC", isRegistered: false });
  });

  it("upcoming is the default range", async () => {
    expect(titles((await list({})).body)).toEqual(titles((await list({ rangeType: "upcoming" })).body));
  });

  it("lists live sessions and past ones, the latest past first", async () => {
    expect(titles((await list({ rangeType: "live" })).body)).toEqual(["Open live"]);
    const past = await list({ rangeType: "past" });
    expect(titles(past.body)).toEqual(["Open past", "Alpha past"]);
    expect(past.body.results.map((m: Meeting) => m.rangeType)).toEqual(["past", "past"]);
  });

  it("gives each session its end and the moment its join link opens", async () => {
    const m = (await findIn("upcoming", "alpha-soon"))!;
    expect(Date.parse(m.endDate) - Date.parse(m.startDate)).toBe(60 * MIN);
    expect(Date.parse(m.startDate) - Date.parse(m.joinOpensAt)).toBe(15 * MIN);
    expect(m.startDate).toMatch(/Z$/);
  });

  it("shows a learner with no course only the open sessions", async () => {
    expect(titles((await list({ rangeType: "upcoming" }, otherToken)).body)).toEqual([]);
    expect(titles((await list({ rangeType: "live" }, otherToken)).body)).toEqual(["Open live"]);
    expect(titles((await list({ rangeType: "past" }, otherToken)).body)).toEqual(["Open past"]);
  });

  it("pages: sizes, totals and the last, partial page", async () => {
    const first = await list({ rangeType: "upcoming", pageSize: "3", pageNumber: "1" });
    expect(first.body).toMatchObject({ currentPageNumber: 1, currentPageSize: 3, totalItems: 7, totalPages: 3 });
    expect(titles(first.body)).toEqual(["Alpha soon", "Alpha day 1", "Alpha day 2"]);
    const second = await list({ rangeType: "upcoming", pageSize: "3", pageNumber: "2" });
    expect(titles(second.body)).toEqual(["Alpha day 3", "Alpha day 4", "Alpha day 5"]);
    const last = await list({ rangeType: "upcoming", pageSize: "3", pageNumber: "3" });
    expect(titles(last.body)).toEqual(["Window session"]);
    const beyond = await list({ rangeType: "upcoming", pageSize: "3", pageNumber: "4" });
    expect(beyond.body).toMatchObject({ currentPageNumber: 4, totalItems: 7, totalPages: 3, results: [] });
  });

  it("filters by course: only that course's sessions, open ones left out", async () => {
    const alpha = await list({ rangeType: "past", "courseIds[]": [courseId.alpha!] });
    expect(titles(alpha.body)).toEqual(["Alpha past"]);
    const one = await list({ rangeType: "upcoming", courseIds: courseId.alpha!, pageSize: "2" });
    expect(one.body).toMatchObject({ totalItems: 7, totalPages: 4 });
    expect(titles((await list({ rangeType: "live", "courseIds[]": [courseId.alpha!] })).body)).toEqual([]);
  });

  it("a filter on a course the learner is not in, or on no real course, matches nothing", async () => {
    expect((await list({ rangeType: "upcoming", "courseIds[]": [courseId.beta!] })).body).toMatchObject({ totalItems: 0, results: [] });
    expect((await list({ rangeType: "upcoming", "courseIds[]": ["not-a-course"] })).body).toMatchObject({ totalItems: 0, results: [] });
    const both = await list({ rangeType: "upcoming", "courseIds[]": [courseId.alpha!, courseId.beta!], pageSize: "100" });
    expect(titles(both.body)).not.toContain("Beta soon");
    expect(both.body.totalItems).toBe(7);
  });

  it("enrolls an auto-enroll batch's member who opens the page first, so their course's sessions show", async () => {
    const memberToken = await t.signIn("member@example.com");
    expect(titles((await list({ rangeType: "upcoming" }, memberToken)).body)).toEqual(["Beta soon"]);
    expect((await t.call(listMeetingCourses, { token: memberToken })).body).toEqual([{ courseId: courseId.beta, courseName: "Beta Circuits" }]);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const range = await list({ rangeType: "soon" });
    expect(range.status).toBe(400);
    expect(range.body.message).toMatch(/rangeType/);
    const size = await list({ pageSize: "0" });
    expect(size.status).toBe(400);
    expect(size.body.message).toMatch(/pageSize/);
    const page = await list({ pageNumber: "two" });
    expect(page.status).toBe(400);
    expect(page.body.message).toMatch(/pageNumber/);
  });

  it("asks for a session", async () => {
    expect((await t.call(listMeetings, { query: {} })).status).toBe(401);
  });
});

describe("course names to filter by", () => {
  it("lists the courses of the sessions the learner can see, once each", async () => {
    const res = await t.call(listMeetingCourses, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ courseId: courseId.alpha, courseName: "Alpha Mechanics" }]);
  });

  it("lists none to a learner who sees only open sessions", async () => {
    expect((await t.call(listMeetingCourses, { token: otherToken })).body).toEqual([]);
  });
});

describe("registration", () => {
  const register = (key: string, as = token) => t.call(registerForMeeting, { token: as, query: { meetingId: meetingId[key] ?? key } });
  const cancel = (key: string, as = token) => t.call(cancelMeetingRegistration, { token: as, query: { meetingId: meetingId[key] ?? key } });
  const rowsOf = (key: string) => t.db.select().from(meetingRegistrations).where(eq(meetingRegistrations.meetingId, meetingId[key]!));

  it("registers the learner; registering again keeps one registration", async () => {
    const first = await register("alpha-day-1");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isSuccess: true, meetingId: meetingId["alpha-day-1"], isRegistered: true });
    const again = await register("alpha-day-1");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isRegistered: true, message: expect.stringMatching(/already registered/) });
    expect(await rowsOf("alpha-day-1")).toHaveLength(1);
    expect((await findIn("upcoming", "alpha-day-1"))!.isRegistered).toBe(true);
  });

  it("keeps one registration when the same request arrives twice at once", async () => {
    const answers = await Promise.all([register("alpha-day-2"), register("alpha-day-2"), register("alpha-day-2")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await rowsOf("alpha-day-2")).toHaveLength(1);
  });

  it("cancels the registration; cancelling again changes nothing", async () => {
    await register("alpha-day-3");
    const cancelled = await cancel("alpha-day-3");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ isSuccess: true, isRegistered: false });
    expect(await rowsOf("alpha-day-3")).toHaveLength(0);
    expect((await findIn("upcoming", "alpha-day-3"))!.isRegistered).toBe(false);
    const again = await cancel("alpha-day-3");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isRegistered: false, message: expect.stringMatching(/not registered/) });
    // Registering after a cancellation works again.
    expect((await register("alpha-day-3")).body.isRegistered).toBe(true);
    expect(await rowsOf("alpha-day-3")).toHaveLength(1);
  });

  it("registers for a live session", async () => {
    expect((await register("open-live")).status).toBe(200);
    expect((await findIn("live", "open-live"))!.isRegistered).toBe(true);
  });

  it("refuses a past session, for registering and for cancelling, with 409 meeting_over", async () => {
    const res = await register("alpha-past");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("meeting_over");
    expect(await rowsOf("alpha-past")).toHaveLength(0);
    expect((await cancel("alpha-past")).status).toBe(409);
  });

  it("answers 404 for a session of a course the learner is not in, as for an unknown one", async () => {
    for (const id of [meetingId["beta-soon"]!, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await t.call(registerForMeeting, { token, query: { meetingId: id } });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("meeting_not_found");
    }
    expect(await rowsOf("beta-soon")).toHaveLength(0);
  });

  it("another learner's cancel leaves this learner's registration alone", async () => {
    await register("open-live");
    const learner = await t.userByEmail("learner@example.com");
    const other = await t.userByEmail("other@example.com");
    expect((await cancel("open-live", otherToken)).body.isRegistered).toBe(false);
    const rows = await t.db
      .select()
      .from(meetingRegistrations)
      .where(and(eq(meetingRegistrations.meetingId, meetingId["open-live"]!), eq(meetingRegistrations.userId, learner!.id)));
    expect(rows).toHaveLength(1);
    // And a registration is the caller's own: the other learner's registering shows as theirs only.
    await register("open-live", otherToken);
    expect((await rowsOf("open-live")).map((r) => r.userId).sort()).toEqual([learner!.id, other!.id].sort());
    await cancel("open-live", otherToken);
    expect((await findIn("live", "open-live"))!.isRegistered).toBe(true);
  });

  it("refuses a request without meetingId, naming it", async () => {
    const res = await t.request("POST", "/GroupMeeting/group/grow/registration", { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/meetingId/);
  });
});

describe("the join link", () => {
  it("is absent from the JSON of an upcoming session, registered or not, before its window", async () => {
    await t.call(registerForMeeting, { token, query: { meetingId: meetingId.window! } });
    const res = await t.request("GET", "/GroupMeeting/meetings", { token, query: { rangeType: "upcoming", pageSize: "100" } });
    for (const m of res.body.results) expect(Object.keys(m), m.title).not.toContain("joinLink");
    expect(JSON.stringify(res.body)).not.toContain("meet.example.com");
  });

  it("is offered for a live session to registered learners only", async () => {
    const registered = await findIn("live", "open-live");
    expect(registered!.joinLink).toBe("https://meet.example.com/open-live");
    const res = await t.request("GET", "/GroupMeeting/meetings", { token: otherToken, query: { rangeType: "live" } });
    expect(res.body.results[0].title).toBe("Open live");
    expect(Object.keys(res.body.results[0])).not.toContain("joinLink");
  });

  it("is never offered for a past session", async () => {
    const res = await t.request("GET", "/GroupMeeting/meetings", { token, query: { rangeType: "past" } });
    for (const m of res.body.results) expect(Object.keys(m)).not.toContain("joinLink");
  });
});

// Moves the test clock: keep last.
describe("the join window, on the clock", () => {
  let start: number;
  const windowSession = () => findIn("upcoming", "window").then(async (m) => m ?? (await findIn("live", "window")) ?? (await findIn("past", "window")));
  const moveTo = (instant: number) => t.advanceClock(instant - t.deps.now().getTime());

  beforeAll(async () => {
    start = Date.parse((await windowSession())!.startDate);
  });

  it("opens 15 minutes before the start, stays open while it is live, and closes at the end", async () => {
    const expectations: [string, number, boolean, string][] = [
      ["a second before start - 15 min", start - 15 * MIN - 1000, false, "upcoming"],
      ["at start - 15 min", start - 15 * MIN, true, "upcoming"],
      ["a second before the start", start - 1000, true, "upcoming"],
      ["at the start", start, true, "live"],
      ["a second before the end", start + 30 * MIN - 1000, true, "live"],
      ["at the end", start + 30 * MIN, false, "past"],
      ["a day later", start + DAY, false, "past"],
    ];
    for (const [when, instant, offered, range] of expectations) {
      moveTo(instant);
      const res = await t.request("GET", "/GroupMeeting/meetings", { token, query: { rangeType: range, pageSize: "100" } });
      const m = res.body.results.find((r: Meeting) => r.id === meetingId.window);
      expect(m, when).toBeDefined();
      expect("joinLink" in m, when).toBe(offered);
      if (offered) expect(m.joinLink).toBe("https://meet.example.com/window");
    }
  });

  it("is offered on the dashboard by the same rule", async () => {
    moveTo(start - 16 * MIN);
    const before = (await t.call(listGroupSessions, { token })).body.find((m: Meeting) => m.id === meetingId.window);
    expect(before).toBeDefined();
    expect(before.joinLink).toBeUndefined();
    moveTo(start - 14 * MIN);
    const open = (await t.call(listGroupSessions, { token })).body.find((m: Meeting) => m.id === meetingId.window);
    expect(open.joinLink).toBe("https://meet.example.com/window");
  });

  it("is not offered within the window to a learner who cancelled", async () => {
    moveTo(start + 5 * MIN);
    await t.call(cancelMeetingRegistration, { token, query: { meetingId: meetingId.window! } });
    const m = await findIn("live", "window");
    expect(m!.isRegistered).toBe(false);
    expect(m!.joinLink).toBeUndefined();
  });

  it("closes registration once the session is over", async () => {
    moveTo(start + 30 * MIN);
    const res = await t.call(registerForMeeting, { token, query: { meetingId: meetingId.window! } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("meeting_over");
  });
});

describe("calendar file access", () => {
  it("is refused for a session the learner cannot see", async () => {
    const res = await t.call(getMeetingCalendar, { token, query: { meetingId: meetingId["beta-soon"]! } });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/json/);
    expect(JSON.stringify(res.body)).not.toContain("Beta soon");
    expect((await t.call(getMeetingCalendar, { query: { meetingId: meetingId["open-live"]! } })).status).toBe(401);
  });
});
