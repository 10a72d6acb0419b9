import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { getDashboardStats } from "@/lib/contract/calls/dashboard";
import { recordVideoWatch } from "@/lib/contract/calls/learning";
import type { DashboardStats } from "@/lib/contract/entities/dashboard";
import { badgeAwards, chapters, courses, courseVersions, domains, enrollments, subChapters, users, videos, videoWatchTime } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";

/*
 * The dashboard's figures are built once while what they are built from stands (the learner's
 * revision, the catalogue's, the time zone and today's date there), then sent again as they were.
 * Whatever changes them, through the API or straight in the database as another process would,
 * shows on the learner's next read; what changes for someone else does not make them built again.
 */

let t: TestApi;
let recording: string[] | null = null;
const tokens = { ada: "", bo: "" };
const course: Record<"one" | "two", { id: string; versionId: string; videoId: string }> = {} as never;
let adaId = "";

async function stats(who: keyof typeof tokens, timeZone = "Europe/Paris"): Promise<{ body: DashboardStats; statements: number }> {
  const sql: string[] = [];
  recording = sql;
  try {
    const res = await t.call(getDashboardStats, { token: tokens[who], query: { timeZone } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { body: res.body, statements: sql.length };
  } finally {
    recording = null;
  }
}

beforeAll(async () => {
  t = await createTestApi({ onQuery: (sql) => recording?.push(sql) });
  await importFiles(t, {
    courses: [
      ...["one", "two"].map((key) => generatedCourse({ key, name: key, domain: "Mechanical", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600, withChallenges: false })),
      generatedCourse({ key: "three", name: "three", domain: "Civil", chapters: 1, videosPerSubChapter: 1, durationSeconds: 600, withChallenges: false }),
    ],
  });
  for (const key of ["one", "two"] as const) {
    const [row] = await t.db
      .select({ id: courses.id, versionId: courseVersions.id, videoId: videos.id })
      .from(courses)
      .innerJoin(courseVersions, eq(courseVersions.courseId, courses.id))
      .innerJoin(chapters, eq(chapters.versionId, courseVersions.id))
      .innerJoin(subChapters, eq(subChapters.chapterId, chapters.id))
      .innerJoin(videos, eq(videos.subChapterId, subChapters.id))
      .where(eq(courses.key, key));
    course[key] = row!;
  }
  for (const who of ["ada", "bo"] as const) {
    const user = await t.createUser({ email: `${who}@example.com`, plan: "Premium" });
    if (who === "ada") adaId = user.id;
    tokens[who] = await t.signIn(`${who}@example.com`);
    for (const key of ["one", "two"] as const) await t.call(enrollInCourse, { token: tokens[who], body: { courseId: course[key].id } });
  }
}, 60_000);
afterAll(() => t.close());

describe("the dashboard's stored figures", () => {
  it("are sent again on a repeated read, after the session check alone", async () => {
    const first = await stats("ada");
    expect(first.body.coursesEnrolled).toBe(2);
    // The first read remembered the learner's time zone (a change to their row), so the next builds again.
    expect((await stats("ada")).statements).toBeGreaterThan(1);
    const again = await stats("ada");
    expect(again.body).toEqual(first.body);
    expect(again.statements).toBe(1);
  });

  it("are built again after what the learner does through the API, and not after what someone else does", async () => {
    const before = await stats("ada");
    const watched = await t.call(recordVideoWatch, {
      token: tokens.bo,
      body: { courseId: course.one.id, versionId: course.one.versionId, videoId: course.one.videoId, watchDuration: { timeStamp: [0, 2, 4, 6, 8, 10], totalDuration: 10 } },
    });
    expect(watched.status).toBe(200);
    expect((await stats("ada")).statements).toBe(1);

    const own = await t.call(recordVideoWatch, {
      token: tokens.ada,
      body: { courseId: course.one.id, versionId: course.one.versionId, videoId: course.one.videoId, watchDuration: { timeStamp: range(0, 180), totalDuration: 180 } },
    });
    expect(own.status).toBe(200);
    const after = await stats("ada");
    expect(after.statements).toBeGreaterThan(1);
    expect(after.body.weeklyLearningTime!.totalMinutes).toBe(before.body.weeklyLearningTime!.totalMinutes + 3);
  });

  it("show what another process writes of the learner straight in the database", async () => {
    const before = (await stats("ada")).body;

    await t.db.insert(videoWatchTime).values({ userId: adaId, videoId: course.two.videoId, courseId: course.two.id, slotStart: quarterHour(t.deps.now()), watchedSeconds: 300 });
    const watched = (await stats("ada")).body;
    expect(watched.weeklyLearningTime!.totalMinutes).toBe(before.weeklyLearningTime!.totalMinutes + 5);

    await t.db.insert(badgeAwards).values({ userId: adaId, badgeId: "hours-50", earnedAt: t.deps.now() });
    const awarded = (await stats("ada")).body;
    expect(awarded.badgesEarned).toBe(watched.badgesEarned + 1);

    await t.db.delete(enrollments).where(and(eq(enrollments.userId, adaId), eq(enrollments.courseId, course.two.id)));
    const left = (await stats("ada")).body;
    expect(left.coursesEnrolled).toBe(awarded.coursesEnrolled - 1);
  });

  it("show what changes in the catalogue", async () => {
    expect((await stats("ada")).body.domainCounts).toEqual([{ domain: "Mechanical", count: 1 }]);
    const [civil] = await t.db.select({ id: domains.id }).from(domains).where(eq(domains.name, "Civil"));
    await t.db.update(courses).set({ domainId: civil!.id }).where(eq(courses.id, course.one.id));
    expect((await stats("ada")).body.domainCounts).toEqual([{ domain: "Civil", count: 1 }]);
  });

  it("are built for each time zone, and again when a new day begins there", async () => {
    const paris = await stats("ada", "Europe/Paris");
    const tokyo = await stats("ada", "Asia/Tokyo");
    expect(tokyo.body.weeklyLearningTime!.timeZone).toBe("Asia/Tokyo");
    expect((await stats("ada", "Europe/Paris")).body.weeklyLearningTime!.timeZone).toBe("Europe/Paris");

    // The learner's row now remembers Paris; a user row changed elsewhere is read again too.
    await t.db.update(users).set({ name: "Ada L." }).where(eq(users.id, adaId));
    expect((await stats("ada", "Europe/Paris")).statements).toBeGreaterThan(1);
    expect((await stats("ada", "Europe/Paris")).statements).toBe(1);

    t.advanceClock(86_400_000);
    const tomorrow = await stats("ada", "Europe/Paris");
    expect(tomorrow.statements).toBeGreaterThan(1);
    const days = (s: DashboardStats) => s.weeklyLearningTime!.days.map((d) => d.date);
    expect(days(tomorrow.body).at(-1)).not.toBe(days(paris.body).at(-1));
    expect(days(tomorrow.body).slice(0, -1)).toEqual(days(paris.body).slice(1));
  });
});

function range(from: number, to: number, step = 2) {
  return Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
}

function quarterHour(at: Date) {
  return new Date(Math.floor(at.getTime() / 900_000) * 900_000);
}
