import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlCountFixture } from "@/bench/fixtures";
import { getAchievementsDetails } from "@/lib/contract/calls/achievements";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { startEssayBlock, submitEssayBlock, startMcqBlock, submitMcqBlock } from "@/lib/contract/calls/challenges";
import { recordVideoWatch, getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import { courses, courseVersions } from "@/lib/server/db/schema";
import type { TestApi } from "../support/api";
import { generatedCourse, importFiles } from "../support/courses";
import { sqlCountApi, type SqlCountApi } from "../support/sql-count";

/**
 * What the badges cost in SQL statements. GET /dashboard/getAchievementsDetails runs as many for the
 * bench's learner enrolled in 200 courses as for a learner in 2, within the budget of 10. On the write
 * paths the badges add the statements that read or write badge_awards: none for a watch record that
 * adds no watched seconds and opens no quarter hour, one for a watch record that does (a small
 * check), one (the learner's history) for a completion or a submit, plus one insert when a badge is due.
 */
let t: TestApi;
let fixture: SqlCountFixture;
let api: SqlCountApi;
const tokens: Record<"many" | "few", string> = {} as never;
let quiz: VideoCourseTree;

const statements = (run: () => Promise<{ status: number; body: unknown }>) => api.recorded(run as () => Promise<{ status: number; body: { newBadges?: { id: string }[] } }>);

const badgeStatements = (sql: string[]) => sql.filter((s) => s.includes("badge_awards"));
const range = (from: number, to: number, step = 2) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

async function watch(token: string, tr: { courseId: string; versionId?: string; videoId: string }, samples: number[], recordedAt?: Date) {
  const [version] = await t.db.select({ id: courseVersions.id }).from(courseVersions).where(eq(courseVersions.courseId, tr.courseId));
  return t.call(recordVideoWatch, {
    token,
    body: {
      courseId: tr.courseId,
      versionId: tr.versionId ?? version!.id,
      videoId: tr.videoId,
      watchDuration: { timeStamp: samples, totalDuration: samples.length },
      ...(recordedAt ? { recordedAt: recordedAt.toISOString() } : {}),
    },
  });
}

beforeAll(async () => {
  api = await sqlCountApi({ fewInTwoCourses: true });
  ({ t, fixture } = api);
  Object.assign(tokens, api.tokens);
  for (const who of ["many", "few"] as const) {
    expect((await watch(tokens[who], fixture.small, range(0, 20))).status).toBe(200);
    expect((await watch(tokens[who], fixture.large, range(0, 20))).status).toBe(200);
  }
  await importFiles(t, { courses: [generatedCourse({ key: "sql-quiz", name: "Quiz", domain: "Civil", chapters: 1, videosPerSubChapter: 1, withChallenges: true })] });
  const id = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "sql-quiz")))[0]!.id;
  expect((await t.call(enrollInCourse, { token: tokens.few, body: { courseId: id } })).status).toBe(200);
  quiz = (await t.call(getVideoTree, { token: tokens.few, query: { id } })).body as VideoCourseTree;
}, 180_000);
afterAll(() => t.close());

describe("SQL statements of the achievements", () => {
  it("answers /dashboard/getAchievementsDetails for 200 courses within 10 statements, as many as for 2", async () => {
    const query = { timeZone: "Pacific/Auckland" };
    // The first read keeps the time zone (one update); the next ones do not write it again.
    await statements(() => t.call(getAchievementsDetails, { token: tokens.many, query }));
    await statements(() => t.call(getAchievementsDetails, { token: tokens.few, query }));
    const many = await statements(() => t.call(getAchievementsDetails, { token: tokens.many, query }));
    const few = await statements(() => t.call(getAchievementsDetails, { token: tokens.few, query }));
    console.info(`GET /dashboard/getAchievementsDetails: ${many.sql.length} statements for 200 courses, ${few.sql.length} for 2\n${many.sql.join("\n")}`);
    expect(many.sql.length).toBeLessThanOrEqual(10);
    expect(many.sql.length).toBe(few.sql.length);
  });

  it("adds no statement to a watch record that adds nothing watched and opens no quarter hour", async () => {
    const { sql } = await statements(() => watch(tokens.few, fixture.small, range(0, 20)));
    expect(sql.length).toBeGreaterThan(0);
    expect(badgeStatements(sql)).toEqual([]);
  });

  it("adds one small check to a watch record that adds watched seconds", async () => {
    const { sql, body } = await statements(() => watch(tokens.few, fixture.small, range(20, 40)));
    expect(body.newBadges).toBeUndefined();
    expect(badgeStatements(sql)).toHaveLength(1);
  });

  it("adds the history and one insert to the watch record that completes a video and earns a badge", async () => {
    const video = quiz.chapters[0]!.subChapters[0]!.items.find((i: VideoTreeItem) => i.type === "video")!;
    const place = { courseId: quiz.id, versionId: quiz.versionId, videoId: video.id };
    const { sql, body } = await statements(() => watch(tokens.few, place, range(0, 600)));
    expect(body.newBadges!.map((b) => b.id)).toEqual(["first-video"]);
    expect(badgeStatements(sql)).toHaveLength(2);
    console.info(`POST /user/addVideoWatchRecord completing a video: ${sql.length} statements, ${badgeStatements(sql).length} for badges`);
  });

  it("adds the history and one insert to a submit that earns a badge", async () => {
    const blockOf = (type: "mcqBlock" | "essayBlock") => quiz.chapters[0]!.subChapters[0]!.items.find((i) => i.type === type)!.id;
    expect((await t.call(startMcqBlock, { token: tokens.few, body: { courseId: quiz.id, mcqBlockId: blockOf("mcqBlock") } })).status).toBe(200);
    const mcq = await statements(() => t.call(submitMcqBlock, { token: tokens.few, body: { courseId: quiz.id, mcqBlockId: blockOf("mcqBlock") } }));
    expect(mcq.body.newBadges!.map((b) => b.id)).toEqual(["challenges-1"]);
    expect(badgeStatements(mcq.sql)).toHaveLength(2);
    expect((await t.call(startEssayBlock, { token: tokens.few, body: { courseId: quiz.id, essayBlockId: blockOf("essayBlock") } })).status).toBe(200);
    const essay = await statements(() =>
      t.call(submitEssayBlock, { token: tokens.few, body: { courseId: quiz.id, essayBlockId: blockOf("essayBlock"), essayAnswer: "Mine.", isFinalSubmission: true } }),
    );
    // The essay completes the course: its badge is earned by this submit.
    expect(essay.body.newBadges!.map((b) => b.id)).toEqual(["first-course"]);
    expect(badgeStatements(essay.sql)).toHaveLength(2);
    console.info(
      `POST /course/video/mcqBlock/submit: ${mcq.sql.length} statements, ${badgeStatements(mcq.sql).length} for badges\n` +
        `POST /course/video/essayBlock/submit: ${essay.sql.length} statements, ${badgeStatements(essay.sql).length} for badges`,
    );
  });
});
