import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAchievementsDetails } from "@/lib/contract/calls/achievements";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { getDashboardStats } from "@/lib/contract/calls/dashboard";
import { recordVideoWatch, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { Badge } from "@/lib/contract/entities/achievements";
import { badgeAwards, chapters, courses, courseVersions, essayAttempts, essayBlocks, subChapters, videoProgress } from "@/lib/server/db/schema";
import { awardEarnedBadges } from "@/lib/server/services/achievements/award-badges";
import { badgeHistory, loadBadgeRecords } from "@/lib/server/services/achievements/badge-history";
import { BADGE_RULES, earnedBadges } from "@/lib/server/services/achievements/badge-rules";
import { addDays, localDate } from "@/lib/time-zone";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/*
 * A learner in Pacific/Kiritimati (UTC+14) with a history whose badges are computed by hand. D is a
 * local day five days ago.
 *
 *   D   23:50  "one" (one video of 600 s) watched whole: the video, and with it the course, completed
 *              (at the server's time of that record): first video, first course. 600 s learned.
 *   D+1 00:10  "hours" video 1 (1800 s) watched whole: 2400 s = 0.7 h. A new local day (in UTC it is
 *              still the same day as 23:50 the evening before, 09:50 and 10:10 UTC).
 *   D+1 00:20  "hours" video 2, 0-1000 s: 3400 s = 0.94 h, shown as 0.9: no hour yet.
 *   D+2 09:00  an essay submitted: first challenge; three local days in a row: 3-day streak.
 *   D+2 12:00  "hours" video 2, 1000-1100 s: 3500 s = 0.97 h, shown as 1.0: first hour.
 *
 * Badges: first-video and first-course at the completion, challenges-1 and streak-3 at D+2 09:00,
 * hours-1 at the quarter hour of D+2 12:00. In UTC the same history has no 3-day streak.
 */

const TZ = "Pacific/Kiritimati";
const kiritimati = (date: string, time: string) => new Date(Date.parse(`${date}T${time}:00+14:00`));
const range = (from: number, to: number, step = 2) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
const itemsOf = (tr: VideoCourseTree): VideoTreeItem[] => tr.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));

let t: TestApi;
const tree: Record<"one" | "hours" | "quiz", VideoCourseTree> = {} as never;

async function learner(email: string, keys: (keyof typeof tree)[]) {
  const user = await t.createUser({ email, plan: "Premium" });
  const token = await t.signIn(email);
  for (const key of keys) {
    const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, key)))[0]!.id;
    expect((await t.call(enrollInCourse, { token, body: { courseId: id } })).status).toBe(200);
    tree[key] = (await t.call(getVideoTree, { token, query: { id } })).body as VideoCourseTree;
  }
  return { user, token };
}

async function watch(token: string, tr: VideoCourseTree, index: number, samples: number[], extra: { recordedAt?: Date; idempotencyKey?: string } = {}) {
  const video = itemsOf(tr).filter((i) => i.type === "video")[index]!;
  const res = await t.call(recordVideoWatch, {
    token,
    headers: extra.idempotencyKey ? { "Idempotency-Key": extra.idempotencyKey } : undefined,
    body: {
      courseId: tr.id,
      versionId: tr.versionId,
      videoId: video.id,
      watchDuration: { timeStamp: samples, totalDuration: samples.length },
      ...(extra.recordedAt ? { recordedAt: extra.recordedAt.toISOString() } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { newBadges?: Badge[] };
}

async function details(token: string, timeZone?: string) {
  const res = await t.call(getAchievementsDetails, { token, query: timeZone ? { timeZone } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { badgesEarned: number; certificatesEarned: number; badges: Badge[]; certificates: { courseName: string }[] };
}

const earned = (badges: Badge[]) => Object.fromEntries(badges.filter((b) => b.isEarned).map((b) => [b.id, b.earnedAt]));
const names = (badges: Badge[] | undefined) => (badges ?? []).map((b) => b.name);

beforeAll(async () => {
  t = await createTestApi();
  await importFiles(t, {
    courses: [
      generatedCourse({ key: "one", name: "One", domain: "Mechanical", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600 }),
      generatedCourse({ key: "hours", name: "Hours", domain: "Civil", chapters: 1, videosPerSubChapter: 2, durationSeconds: 1800 }),
      generatedCourse({ key: "quiz", name: "Quiz", domain: "Civil", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600, withChallenges: true }),
    ],
  });
});
afterAll(() => t.close());

describe("a new learner's achievements", () => {
  it("lists every badge, none earned, with what earns it and its picture", async () => {
    const { token } = await learner("new@example.com", ["one"]);
    const body = await details(token);
    expect(body.badgesEarned).toBe(0);
    expect(body.certificatesEarned).toBe(0);
    expect(body.certificates).toEqual([]);
    expect(body.badges.map((b) => b.id)).toEqual(BADGE_RULES.map((r) => r.id));
    for (const b of body.badges) {
      expect(b).toMatchObject({ isEarned: false, earnedAt: null });
      expect(b.description.length).toBeGreaterThan(5);
      expect(b.imageUrl).toMatch(/^\/badges\/[a-z-]+\.svg$/);
    }
  });

  it("refuses a time zone that does not exist, naming the field, and a visitor without a session", async () => {
    const { token } = await learner("zone@example.com", []);
    const bad = await t.call(getAchievementsDetails, { token, query: { timeZone: "Mars/Olympus_Mons" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("timeZone");
    expect((await t.call(getAchievementsDetails, {})).status).toBe(401);
  });
});

describe("the badges of a known history in Pacific/Kiritimati", () => {
  let token: string;
  let userId: string;
  let D: string;
  let completedAt: Date;

  beforeAll(async () => {
    const l = await learner("kiritimati@example.com", ["one", "hours"]);
    token = l.token;
    userId = l.user.id;
    // The browser tells its zone (the dashboard or this page does), before anything is learned.
    await details(token, TZ);
    D = addDays(localDate(new Date(), TZ), -5);
    await watch(token, tree.one, 0, range(0, 600), { recordedAt: kiritimati(D, "23:50") });
    await watch(token, tree.hours, 0, range(0, 1800), { recordedAt: kiritimati(addDays(D, 1), "00:10") });
    await watch(token, tree.hours, 1, range(0, 1000), { recordedAt: kiritimati(addDays(D, 1), "00:20") });
    // An essay of a course the learner is not enrolled in counts too; its row is what the submit call writes.
    const quiz = await quizEssay();
    await t.db.insert(essayAttempts).values({
      userId,
      ...quiz,
      status: "awaitingResults",
      startedAt: kiritimati(addDays(D, 2), "08:00"),
      deadlineAt: kiritimati(addDays(D, 2), "10:00"),
      submittedAt: kiritimati(addDays(D, 2), "09:00"),
      submissionSource: "manual",
      answer: "My essay",
    });
    await watch(token, tree.hours, 1, range(1000, 1100), { recordedAt: kiritimati(addDays(D, 2), "12:00") });
    const [row] = await t.db.select().from(videoProgress).where(eq(videoProgress.courseId, tree.one.id));
    completedAt = row!.completedAt!;
  });

  const expected = () => ({
    "first-video": completedAt.toISOString(),
    "first-course": completedAt.toISOString(),
    "challenges-1": kiritimati(addDays(D, 2), "09:00").toISOString(),
    "streak-3": kiritimati(addDays(D, 2), "09:00").toISOString(),
    "hours-1": kiritimati(addDays(D, 2), "12:00").toISOString(),
  });

  it("awards each badge with the moment the history earned it", async () => {
    const body = await details(token);
    expect(earned(body.badges)).toEqual(expected());
    expect(body.badgesEarned).toBe(5);
  });

  it("counts the same badges on the dashboard", async () => {
    const res = await t.call(getDashboardStats, { token, query: { timeZone: TZ } });
    expect(res.body.badgesEarned).toBe(5);
    expect(res.body.totalHoursLearned).toBe(1);
  });

  it("gives the same history in UTC no 3-day streak: 23:50 and 00:10 in Kiritimati are one UTC day", async () => {
    const records = await loadBadgeRecords(t.db, userId);
    const utc = earnedBadges(BADGE_RULES, badgeHistory(records), "UTC");
    expect(utc.has("streak-3")).toBe(false);
    expect(earnedBadges(BADGE_RULES, badgeHistory(records), TZ).get("streak-3")).toEqual(kiritimati(addDays(D, 2), "09:00"));
  });

  it("awards exactly the same badges with the same moments when the records are replayed from scratch", async () => {
    const before = await t.db.select().from(badgeAwards).where(eq(badgeAwards.userId, userId));
    await t.db.delete(badgeAwards).where(eq(badgeAwards.userId, userId));
    const user = (await t.userByEmail("kiritimati@example.com"))!;
    const replay = await awardEarnedBadges(t.db, user, { enrolled: undefined });
    // Without the enrolled courses the course badge waits; the read that has them awards it, at the same moment.
    expect(replay.awarded.map((b) => b.id).sort()).toEqual(Object.keys(expected()).filter((id) => id !== "first-course").sort());
    await details(token);
    const after = await t.db.select().from(badgeAwards).where(eq(badgeAwards.userId, userId));
    const pairs = (rows: typeof after) => rows.map((r) => [r.badgeId, r.earnedAt.toISOString()]).sort();
    expect(pairs(after)).toEqual(pairs(before));
    expect(pairs(after)).toEqual(Object.entries(expected()).sort());
  });
});

describe("badges earned by the learner's actions", () => {
  let token: string;
  let userId: string;

  beforeAll(async () => {
    const l = await learner("actions@example.com", ["one", "quiz"]);
    token = l.token;
    userId = l.user.id;
  });

  it("announces the badges a watch record earned in its answer, once", async () => {
    const first = await watch(token, tree.one, 0, range(0, 600), { idempotencyKey: "whole-video" });
    expect(names(first.newBadges)).toEqual(["First video", "First course"]);
    expect(first.newBadges!.every((b) => b.isEarned && b.earnedAt)).toBe(true);
    // The same record resent, and more watching: nothing new to announce.
    expect((await watch(token, tree.one, 0, range(0, 600), { idempotencyKey: "whole-video" })).newBadges).toBeUndefined();
    expect((await watch(token, tree.one, 0, range(100, 200))).newBadges).toBeUndefined();
  });

  it("announces the first challenge in the answer of the submit", async () => {
    const quiz = itemsOf(tree.quiz).find((i) => i.type === "mcqBlock")!;
    expect((await t.call(startMcqBlock, { token, body: { courseId: tree.quiz.id, mcqBlockId: quiz.id } })).status).toBe(200);
    const submit = await t.call(submitMcqBlock, { token, body: { courseId: tree.quiz.id, mcqBlockId: quiz.id } });
    expect(submit.status).toBe(200);
    expect(names(submit.body.newBadges)).toEqual(["First challenge"]);
    const again = await t.call(submitMcqBlock, { token, body: { courseId: tree.quiz.id, mcqBlockId: quiz.id } });
    expect(again.body.newBadges).toBeUndefined();
  });

  it("stores each award once, and the page shows the same", async () => {
    const rows = await t.db.select().from(badgeAwards).where(eq(badgeAwards.userId, userId));
    expect(rows.map((r) => r.badgeId).sort()).toEqual(["challenges-1", "first-course", "first-video"]);
    const body = await details(token);
    expect(body.badgesEarned).toBe(3);
    expect(body.certificatesEarned).toBe(1);
    expect(body.certificates.map((c) => c.courseName)).toEqual(["One"]);
  });

  it("awards nothing for a watch record the learner may not make", async () => {
    const other = await learner("not-enrolled@example.com", []);
    const video = itemsOf(tree.quiz).find((i) => i.type === "video")!;
    const res = await t.call(recordVideoWatch, {
      token: other.token,
      body: { courseId: tree.quiz.id, versionId: tree.quiz.versionId, videoId: video.id, watchDuration: { timeStamp: range(0, 600), totalDuration: 300 } },
    });
    expect(res.status).toBe(403);
    expect(await t.db.select().from(badgeAwards).where(eq(badgeAwards.userId, other.user.id))).toEqual([]);
  });
});

describe("two evaluations at once", () => {
  it("award each badge once and announce it once", async () => {
    const { user, token } = await learner("twice@example.com", ["one"]);
    const video = itemsOf(tree.one)[0]!;
    // A completion the server recorded without any evaluation after it (as a deadline close would).
    const at = new Date(Date.now() - 3_600_000);
    await t.db.insert(videoProgress).values({ userId: user.id, videoId: video.id, courseId: tree.one.id, versionId: tree.one.versionId, completedAt: at, completedBy: "manual" });
    const row = (await t.userByEmail("twice@example.com"))!;
    const runs = await Promise.all([1, 2, 3, 4].map(() => awardEarnedBadges(t.db, row)));
    expect(runs.flatMap((r) => r.awarded.map((b) => b.id))).toEqual(["first-video"]);
    const reads = await Promise.all([1, 2, 3].map(() => details(token)));
    for (const body of reads) expect(earned(body.badges)).toEqual({ "first-video": at.toISOString(), "first-course": at.toISOString() });
    const rows = await t.db.select().from(badgeAwards).where(eq(badgeAwards.userId, user.id));
    expect(rows.map((r) => r.badgeId).sort()).toEqual(["first-course", "first-video"]);
  });
});

/** The essay of the "quiz" course: its block, course and version. */
async function quizEssay() {
  const [row] = await t.db
    .select({ blockId: essayBlocks.id, courseId: courses.id, versionId: chapters.versionId })
    .from(essayBlocks)
    .innerJoin(subChapters, eq(subChapters.id, essayBlocks.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(eq(courses.key, "quiz"));
  return row!;
}
