import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import {
  getBatchDetails,
  getDashboardStats,
  listGroupSessions,
  listEnrolledPrograms,
  listPurchasedCourses,
} from "@/lib/contract/calls/dashboard";
import { recordVideoWatch, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { DashboardStats } from "@/lib/contract/entities/dashboard";
import { courses, essayAttempts, users } from "@/lib/server/db/schema";
import { addDays, localDate } from "@/lib/time-zone";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { formatSeconds } from "@/lib/format-duration";

/*
 * A learner with a known history, in Pacific/Kiritimati (UTC+14), and every figure of the dashboard
 * computed by hand:
 *
 *   alpha (Mechanical, mandatory in the program): videos of 1800 s and 1800 s, a quiz, an essay.
 *     video 1 watched whole (1800 s), video 2 watched 0-360 s nine days ago (360 s),
 *     the quiz completed, the essay submitted: not complete (video 2 is not).
 *   beta (Mechanical, in the program): one video of 600 s watched whole: complete.
 *   gamma (Civil, enrolled alone): one video of 1200 s, a quiz and an essay.
 *     0-300 s watched at 23:30 local time two days ago, 0-300 s again at 00:30 the next day,
 *     then 300-480 s at 00:40: 480 s really watched, 13 minutes played.
 *     Its quiz is started, not submitted; its essay is being written: neither counts.
 *
 *   courses enrolled 3, completed 1 (beta)
 *   hours learned (1800 + 360 + 600 + 480) / 3600 = 0.9 (rewatching counted would give 1.0)
 *   challenges submitted 2 (alpha's quiz and essay)
 *   badges earned 4 (docs/achievements.md): first video (alpha's first), first course (beta), first
 *     challenge (alpha's quiz), a 3-day streak (two days ago, yesterday and today in Kiritimati); not
 *     the first hour (0.9 h)
 *   domains Mechanical 2, Civil 1
 *   learning time: two days ago 5 min, yesterday 8 min, today 30 + 10 = 40 min; nine days ago is outside the week.
 */

const TZ = "Pacific/Kiritimati";
const DAY = 86_400_000;

let t: TestApi;
let token: string;
let otherToken: string;
const tree: Record<"alpha" | "beta" | "gamma", VideoCourseTree> = {} as never;
let expiresAt: Date;

const itemsOf = (tr: VideoCourseTree): VideoTreeItem[] => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
const range = (from: number, to: number, step = 2) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** The instant of a local wall-clock time in Kiritimati (UTC+14 all year, no daylight saving). */
const kiritimati = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+14:00`));

async function watch(tr: VideoCourseTree, index: number, samples: number[], recordedAt?: Date) {
  const video = itemsOf(tr).filter((i) => i.type === "video")[index]!;
  const res = await t.call(recordVideoWatch, {
    token,
    body: {
      courseId: tr.id,
      versionId: tr.versionId,
      videoId: video.id,
      watchDuration: { timeStamp: samples, totalDuration: samples.length },
      ...(recordedAt ? { recordedAt: recordedAt.toISOString() } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function stats(timeZone?: string): Promise<DashboardStats> {
  const res = await t.call(getDashboardStats, { token, query: timeZone ? { timeZone } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "history@example.com", plan: "Premium" });
  await t.createUser({ email: "someone.else@example.com", plan: "Premium" });
  expiresAt = new Date(Date.now() + 20 * DAY + 12 * 3_600_000);
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "alpha", name: "Alpha", domain: "Mechanical", chapters: 1, videosPerSubChapter: 2, durationSeconds: 1800, withChallenges: true }),
      generatedCourse({ key: "beta", name: "Beta", domain: "Mechanical", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600 }),
      Object.assign(generatedCourse({ key: "gamma", name: "Gamma", domain: "Civil", chapters: 1, videosPerSubChapter: 1, durationSeconds: 1200, withChallenges: true }), {
        courseType: "complimentary",
      }),
      generatedCourse({ key: "delta", name: "Delta", domain: "Telecom", chapters: 1, videosPerSubChapter: 1 }),
    ],
    programs: [
      {
        key: "design",
        name: "Design Program",
        domain: "Mechanical",
        courses: [
          { course: "alpha", courseType: "mandatory" },
          { course: "beta", courseType: "nonMandatory" },
        ],
        batches: [
          {
            key: "design-2025",
            name: "Design 2025",
            enrollmentType: "System (Auto enroll)",
            accountExpiresAt: expiresAt.toISOString(),
            members: ["history@example.com"],
          },
        ],
      },
    ],
  });
  token = await t.signIn("history@example.com");
  otherToken = await t.signIn("someone.else@example.com");
  for (const key of ["alpha", "beta", "gamma"] as const) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    expect((await t.call(enrollInCourse, { token, body: { courseId: id } })).status).toBe(200);
    tree[key] = (await t.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree;
  }
});
afterAll(() => t.close());

describe("a new learner's dashboard", () => {
  it("counts the enrolled courses and nothing else", async () => {
    const s = await stats(TZ);
    expect(s).toMatchObject({ coursesEnrolled: 3, coursesCompleted: 0, totalHoursLearned: 0, totalSecondsLearned: 0, totalChallengesSubmitted: 0, badgesEarned: 0, certificatesEarned: 0 });
    expect(s.weeklyLearningTime!.days.map((d) => d.minutes)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(s.recentChallenges).toEqual([]);
  });
});

describe("the figures of a learner with a known history", () => {
  let today: string;

  beforeAll(async () => {
    const now = new Date();
    today = localDate(now, TZ);
    const twoDaysAgo = addDays(today, -2);
    const yesterday = addDays(today, -1);

    await watch(tree.alpha, 0, range(0, 1800));
    await watch(tree.alpha, 1, range(0, 360), new Date(now.getTime() - 9 * DAY));
    await watch(tree.beta, 0, range(0, 600));
    await watch(tree.gamma, 0, range(0, 300), kiritimati(twoDaysAgo, "23:30"));
    await watch(tree.gamma, 0, range(0, 300), kiritimati(yesterday, "00:30"));
    await watch(tree.gamma, 0, range(300, 480), kiritimati(yesterday, "00:40"));

    const alphaItems = itemsOf(tree.alpha);
    const quiz = alphaItems.find((i) => i.type === "mcqBlock")!;
    expect((await t.call(startMcqBlock, { token, body: { courseId: tree.alpha.id, mcqBlockId: quiz.id } })).status).toBe(200);
    expect((await t.call(submitMcqBlock, { token, body: { courseId: tree.alpha.id, mcqBlockId: quiz.id } })).status).toBe(200);
    const gammaQuiz = itemsOf(tree.gamma).find((i) => i.type === "mcqBlock")!;
    expect((await t.call(startMcqBlock, { token, body: { courseId: tree.gamma.id, mcqBlockId: gammaQuiz.id } })).status).toBe(200);

    // Essays are written through their own calls; their rows are what the figures read.
    const user = await t.userByEmail("history@example.com");
    const essayOf = (tr: VideoCourseTree) => itemsOf(tr).find((i) => i.type === "essayBlock")!;
    await t.db.insert(essayAttempts).values([
      {
        userId: user!.id,
        blockId: essayOf(tree.alpha).id,
        courseId: tree.alpha.id,
        versionId: tree.alpha.versionId,
        status: "awaitingResults",
        startedAt: new Date(now.getTime() - 2 * 3_600_000),
        deadlineAt: new Date(now.getTime() - 3_600_000),
        submittedAt: new Date(now.getTime() - 90 * 60_000),
        submissionSource: "manual",
        answer: "My essay",
      },
      {
        userId: user!.id,
        blockId: essayOf(tree.gamma).id,
        courseId: tree.gamma.id,
        versionId: tree.gamma.versionId,
        status: "onProgress",
        startedAt: now,
        deadlineAt: new Date(now.getTime() + 3_600_000),
        answer: "Half written",
      },
    ]);
  });

  it("counts courses enrolled and completed by the completion model", async () => {
    const s = await stats(TZ);
    expect(s.coursesEnrolled).toBe(3);
    expect(s.coursesCompleted).toBe(1);
  });

  it("counts hours of video really watched, rewatching once, to one decimal", async () => {
    expect((await stats(TZ)).totalHoursLearned).toBe(0.9);
  });

  it("gives the same time in seconds, which the page shows in hours and minutes", async () => {
    // 1800 s + 360 s of Alpha, 600 s of Beta, 480 s of Gamma (its first 300 s watched twice count once).
    const s = await stats(TZ);
    expect(s.totalSecondsLearned).toBe(3240);
    expect(formatSeconds(s.totalSecondsLearned)).toBe("54 mins");
  });

  it("counts completed quizzes and submitted essays, not those still running", async () => {
    const s = await stats(TZ);
    expect(s.totalChallengesSubmitted).toBe(2);
    expect(s.recentChallenges!.map((c) => [c.type, c.courseName, c.status])).toEqual([
      ["mcqBlock", "Alpha", "completed"],
      ["essayBlock", "Alpha", "awaitingResults"],
    ]);
    expect(s.recentChallenges![0]!.learnPath).toBe("/learn/mcqBlock/alpha/c1/c1-s1/c1-quiz");
    expect(s.recentChallenges![1]).toMatchObject({ closedBy: "learner", obtainedScore: null });
  });

  it("counts the badges the history earned", async () => {
    expect((await stats(TZ)).badgesEarned).toBe(4);
  });

  it("counts enrolled courses per domain, most first", async () => {
    expect((await stats(TZ)).domainCounts).toEqual([
      { domain: "Mechanical", count: 2 },
      { domain: "Civil", count: 1 },
    ]);
  });

  it("adds up each day's minutes in the learner's time zone: 23:30 local counts for that local day", async () => {
    const week = (await stats(TZ)).weeklyLearningTime!;
    expect(week.timeZone).toBe(TZ);
    expect(week.days.map((d) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map((n) => addDays(today, n)));
    expect(week.days.map((d) => d.minutes)).toEqual([0, 0, 0, 0, 5, 8, 40]);
    expect(week.totalMinutes).toBe(53);
  });

  it("puts the same watching on other days for a learner in UTC", async () => {
    const week = (await stats("UTC")).weeklyLearningTime!;
    // 23:30 and 00:30 in Kiritimati are 09:30 and 10:30 of the same UTC day.
    const utcDay = localDate(kiritimati(addDays(today, -2), "23:30"), "UTC");
    const minutes = Object.fromEntries(week.days.map((d) => [d.date, d.minutes]));
    expect(minutes[utcDay]).toBe(13);
    expect(week.totalMinutes).toBe(53);
  });

  it("counts a resent record once, in the chart as in the hours", async () => {
    await watch(tree.gamma, 0, range(0, 300), kiritimati(addDays(today, -1), "00:30"));
    const s = await stats(TZ);
    expect(s.weeklyLearningTime!.days.map((d) => d.minutes)).toEqual([0, 0, 0, 0, 5, 8, 40]);
    expect(s.totalHoursLearned).toBe(0.9);
  });

  it("refuses a time zone that does not exist, naming the field", async () => {
    const res = await t.call(getDashboardStats, { token, query: { timeZone: "Mars/Olympus_Mons" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("timeZone");
  });

  it("shows another learner none of these figures", async () => {
    const res = await t.call(getDashboardStats, { token: otherToken });
    expect(res.body).toMatchObject({ coursesEnrolled: 0, coursesCompleted: 0, totalHoursLearned: 0, totalChallengesSubmitted: 0, domainCounts: [], recentChallenges: [] });
  });
});

describe("the learner's courses, a page at a time", () => {
  const names = (body: { results: { courseName: string }[] }) => body.results.map((c) => c.courseName);

  it("lists the completed courses behind the figure", async () => {
    const res = await t.call(listPurchasedCourses, { token, query: { status: "completed" } });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Beta"]);
    expect(res.body.totalItems).toBe((await stats()).coursesCompleted);
  });

  it("lists the started, unfinished ones, and filters by course type and domain", async () => {
    expect(names((await t.call(listPurchasedCourses, { token, query: { status: "inProgress" } })).body).sort()).toEqual(["Alpha", "Gamma"]);
    expect(names((await t.call(listPurchasedCourses, { token, query: { courseType: "complimentary" } })).body)).toEqual(["Gamma"]);
    expect(names((await t.call(listPurchasedCourses, { token, query: { courseType: "mandatory" } })).body)).toEqual(["Alpha"]);
    expect(names((await t.call(listPurchasedCourses, { token, query: { domain: "Mechanical" } })).body).sort()).toEqual(["Alpha", "Beta"]);
  });

  it("pages through every enrolled course and never lists one the learner is not enrolled in", async () => {
    const first = await t.call(listPurchasedCourses, { token, query: { pageSize: "2", pageNumber: "1" } });
    const second = await t.call(listPurchasedCourses, { token, query: { pageSize: "2", pageNumber: "2" } });
    expect(first.body).toMatchObject({ currentPageNumber: 1, currentPageSize: 2, totalItems: 3, totalPages: 2 });
    expect(second.body.results).toHaveLength(1);
    expect([...names(first.body), ...names(second.body)].sort()).toEqual(["Alpha", "Beta", "Gamma"]);
  });

  it("refuses an unknown filter value, naming the field", async () => {
    const res = await t.call(listPurchasedCourses, { token, query: { courseType: "optional" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("courseType");
    const status = await t.call(listPurchasedCourses, { token, query: { status: "done" } });
    expect(status.body.message).toContain("status");
  });
});

describe("programs", () => {
  it("lists the learner's program with its progress: one of two courses completed", async () => {
    const res = await t.call(listEnrolledPrograms, { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ programName: "Design Program", totalCourses: 2, completedCourses: 1, progressInPercentage: 50, totalCourseDurationInHours: 1.2, totalCourseDurationInMinutes: 70 });
  });

  it("lists none for a learner in no program", async () => {
    expect((await t.call(listEnrolledPrograms, { token: otherToken })).body).toEqual([]);
  });
});

describe("group sessions", () => {
  beforeAll(async () => {
    await importFiles(t, {
      meetings: [
        { key: "open-live", title: "Open clinic", meetingTakerName: "Host", meetingTakerEmail: "host@example.com", start: "-10m", durationInMinutes: 60, joinLink: "https://meet.example.com/a" },
        { key: "gamma-soon", title: "Gamma session", course: "gamma", meetingTakerName: "Host", meetingTakerEmail: "host@example.com", start: "+2h", durationInMinutes: 30, joinLink: "https://meet.example.com/b" },
        { key: "delta-soon", title: "Delta session", course: "delta", meetingTakerName: "Host", meetingTakerEmail: "host@example.com", start: "+1h", durationInMinutes: 30, joinLink: "https://meet.example.com/c" },
        { key: "open-past", title: "Morning clinic", meetingTakerName: "Host", meetingTakerEmail: "host@example.com", start: "-3h", durationInMinutes: 60, joinLink: "https://meet.example.com/d" },
      ],
    });
  });

  it("shows the live and upcoming sessions of the learner's courses and the open ones, live first", async () => {
    const res = await t.call(listGroupSessions, { token });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { title: string; rangeType: string }) => [m.title, m.rangeType])).toEqual([
      ["Open clinic", "live"],
      ["Gamma session", "upcoming"],
    ]);
  });

  it("shows a learner with no course only the open sessions", async () => {
    const res = await t.call(listGroupSessions, { token: otherToken });
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(["Open clinic"]);
  });
});

// Moves the test clock: keep last.
describe("batch details and the account's expiry", () => {
  it("shows the program, its courses and hours, and the expiry date", async () => {
    const res = await t.call(getBatchDetails, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isProgramAvailable: true,
      programCount: 1,
      courseCount: 2,
      totalCourseDurationInHours: 1.2,
      // Alpha's two 30-minute videos and Beta's 10 minutes.
      totalCourseDurationInMinutes: 70,
      courseInfo: null,
      accountStatus: "active",
      accountExpiryDate: expiresAt.toISOString(),
      daysUntilExpiry: 21,
      isExpiringSoon: false,
    });
    expect(res.body.programData.map((p: { programName: string; totalCourseDurationInMinutes: number }) => [p.programName, p.totalCourseDurationInMinutes])).toEqual([["Design Program", 70]]);
  });

  it("shows the courses of a learner in no batch, with no end to the access", async () => {
    const other = await t.userByEmail("someone.else@example.com");
    const delta = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "delta")))[0]!.id;
    expect((await t.call(enrollInCourse, { token: otherToken, body: { courseId: delta } })).status).toBe(200);
    const res = await t.call(getBatchDetails, { token: otherToken });
    expect(other).toBeDefined();
    expect(res.body).toMatchObject({
      isProgramAvailable: false,
      programData: null,
      courseCount: 1,
      totalCourseDurationInHours: 0.2,
      totalCourseDurationInMinutes: 10,
      accountStatus: "active",
      accountExpiryDate: null,
      isExpiringSoon: false,
    });
    expect(res.body.courseInfo.map((c: { courseName: string }) => c.courseName)).toEqual(["Delta"]);
  });

  it("ends the account on the person's own access end, as an administrator set it, when it comes first", async () => {
    const other = await t.userByEmail("someone.else@example.com");
    const ownEnd = new Date(t.deps.now().getTime() + 5 * DAY - 60_000);
    await t.db.update(users).set({ accessExpiresAt: ownEnd }).where(eq(users.id, other!.id));
    try {
      const res = await t.call(getBatchDetails, { token: otherToken });
      expect(res.body).toMatchObject({ accountStatus: "active", accountExpiryDate: ownEnd.toISOString(), daysUntilExpiry: 5, isExpiringSoon: true });
    } finally {
      await t.db.update(users).set({ accessExpiresAt: null }).where(eq(users.id, other!.id));
    }
  });

  it("warns within 14 days of the end, then shows the account expired", async () => {
    t.advanceClock(10 * DAY);
    const soon = (await t.call(getBatchDetails, { token })).body;
    expect(soon).toMatchObject({ accountStatus: "active", daysUntilExpiry: 11, isExpiringSoon: true });
    t.advanceClock(11 * DAY);
    const ended = (await t.call(getBatchDetails, { token })).body;
    expect(ended).toMatchObject({ accountStatus: "expired", daysUntilExpiry: null, isExpiringSoon: false });
  });
});
