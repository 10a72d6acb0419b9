import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type Db } from "@/lib/server/db/client";
import { chapters, courseVersions, courses, enrollments, programs, subChapters, users, videoProgress, videos } from "@/lib/server/db/schema";
import { importContent } from "@/lib/server/content/import-content";
import { demoContentDir } from "@/lib/server/content/seed";

export const LEARNER_EMAIL = "learner@demo.test";
export const GRADER_EMAIL = "grader@demo.test";

/** The ids that address one video in the video calls, and the slug ids of its learning-page address. */
export interface VideoPlace {
  courseId: string;
  chapterId: string;
  subChapterId: string;
  videoId: string;
  slugIds: { course: string; chapter: string; subChapter: string; video: string };
}

/** The first (or last) video of a course's current version, in reading order. */
export async function videoOf(db: Db, courseId: string, which: "first" | "last" = "first"): Promise<VideoPlace> {
  const rows = await db
    .select({
      chapterId: chapters.id,
      subChapterId: subChapters.id,
      videoId: videos.id,
      slugIds: { course: courses.slugId, chapter: chapters.slugId, subChapter: subChapters.slugId, video: videos.slugId },
    })
    .from(videos)
    .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courseVersions.courseId, courseId), eq(courseVersions.isCurrent, true)))
    .orderBy(asc(chapters.position), asc(subChapters.position), asc(videos.position));
  const row = which === "first" ? rows[0] : rows[rows.length - 1];
  if (!row) throw new Error(`course ${courseId} has no video in its current version`);
  return { courseId, ...row };
}

/** A course of the demo learner: one they are enrolled in, else the first demo course. */
async function demoCourseId(db: Db): Promise<string> {
  const [enrolled] = await db
    .select({ id: enrollments.courseId })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(users.email, LEARNER_EMAIL))
    .orderBy(asc(courses.key))
    .limit(1);
  if (enrolled) return enrolled.id;
  const [first] = await db.select({ id: courses.id }).from(courses).orderBy(asc(courses.key)).limit(1);
  if (!first) throw new Error("the demo content holds no course");
  return first.id;
}

/**
 * Migrates a server's database and imports the demo content before the server starts, and returns
 * the ids the bench addresses pages and calls with (the server then finds the database filled).
 */
export async function prepareServerDatabase(target: { dir: string } | { url: string }): Promise<VideoPlace> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await importContent(database.db, demoContentDir());
    return await videoOf(database.db, await demoCourseId(database.db));
  } finally {
    await database.close();
  }
}

/** How much of the large course the learner has watched before the load: every other video, the first half complete. */
const WATCHED_SHARE = 0.5;

/**
 * Adds the 500-video course to a server's prepared database, enrolls the demo learner in it and gives
 * them progress rows (half its videos complete, some more begun), so the course calls under load
 * carry a learner's real state. Returns the place of the first video not yet complete.
 */
export async function prepareLoadCourse(target: { dir: string } | { url: string }): Promise<VideoPlace> {
  const database = await openDatabase(target);
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-content-"));
  try {
    await writeGeneratedContent(dir, 0, false);
    await importContent(database.db, dir);
    const db = database.db;
    const [row] = await db
      .select({ userId: users.id, courseId: courses.id, versionId: courseVersions.id })
      .from(users)
      .innerJoin(courses, eq(courses.key, "bench-large"))
      .innerJoin(courseVersions, and(eq(courseVersions.courseId, courses.id), eq(courseVersions.isCurrent, true)))
      .where(eq(users.email, LEARNER_EMAIL));
    if (!row) throw new Error(`no ${LEARNER_EMAIL} or no large course to load`);
    await db.insert(enrollments).values({ userId: row.userId, courseId: row.courseId, versionId: row.versionId }).onConflictDoNothing();
    const inOrder = await db
      .select({ id: videos.id, durationSeconds: videos.durationSeconds })
      .from(videos)
      .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
      .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
      .where(eq(chapters.versionId, row.versionId))
      .orderBy(asc(chapters.position), asc(subChapters.position), asc(videos.position));
    const completed = Math.floor(inOrder.length * WATCHED_SHARE);
    const now = new Date();
    const begun = inOrder.slice(0, completed).concat(inOrder.slice(completed).filter((_, i) => i % 2 === 0));
    await db
      .insert(videoProgress)
      .values(
        begun.map((v, i) => {
          const seconds = i < completed ? v.durationSeconds : Math.floor(v.durationSeconds / 3);
          return {
            userId: row.userId,
            videoId: v.id,
            courseId: row.courseId,
            versionId: row.versionId,
            watchedRanges: [[0, seconds]] as [number, number][],
            watchedSeconds: seconds,
            lastPositionSeconds: seconds,
            completedAt: i < completed ? now : null,
            updatedAt: new Date(now.getTime() - (begun.length - i) * 1000),
          };
        }),
      )
      .onConflictDoNothing();
    const next = inOrder[completed]!;
    const place = await videoOf(db, row.courseId, "last");
    const [at] = await db
      .select({ chapterId: chapters.id, subChapterId: subChapters.id, slugIds: { chapter: chapters.slugId, subChapter: subChapters.slugId, video: videos.slugId } })
      .from(videos)
      .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
      .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
      .where(eq(videos.id, next.id));
    return { ...place, videoId: next.id, chapterId: at!.chapterId, subChapterId: at!.subChapterId, slugIds: { ...place.slugIds, ...at!.slugIds } };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await database.close();
  }
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped again by `drop`. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

// ---------- generated content for counting SQL statements ----------

export interface CourseShape {
  chapters: number;
  subChaptersPerChapter: number;
  videosPerSubChapter: number;
}

const videoItem = (slugId: string, title: string) => ({
  video: { slugId, title, description: `${title}.`, provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 300, toolsCovered: ["Python"] },
});

/** The SCORM item the SQL count adds at the end of a generated course: the demo content's package, under its own slug. */
export const BENCH_SCORM_SLUG = "bench-scorm-lesson";
const scormItem = { scorm: { slugId: BENCH_SCORM_SLUG, title: "Bench SCORM lesson", package: "packages/bench-lesson.zip" } };

function courseFile(key: string, name: string, shape: CourseShape, withScorm = false) {
  let n = 0;
  return {
    key,
    slugId: key,
    name,
    description: `${name}, generated for the bench.`,
    domain: "Computer Science",
    courseType: "nonMandatory",
    versions: [
      {
        name: "v1",
        releasedAt: "2024-01-01",
        chapters: Array.from({ length: shape.chapters }, (_, c) => ({
          slugId: `ch-${c + 1}`,
          title: `Chapter ${c + 1}`,
          subChapters: Array.from({ length: shape.subChaptersPerChapter }, (_, s) => ({
            slugId: `ch-${c + 1}-sub-${s + 1}`,
            title: `Part ${c + 1}.${s + 1}`,
            items: [
              ...Array.from({ length: shape.videosPerSubChapter }, () => {
                n += 1;
                return videoItem(`video-${n}`, `Lesson ${n}`);
              }),
              ...(withScorm && c === shape.chapters - 1 && s === shape.subChaptersPerChapter - 1 ? [scormItem] : []),
            ],
          })),
        })),
      },
    ],
  };
}

export const LARGE_COURSE: CourseShape = { chapters: 10, subChaptersPerChapter: 5, videosPerSubChapter: 10 };
export const SMALL_COURSE: CourseShape = { chapters: 1, subChaptersPerChapter: 1, videosPerSubChapter: 5 };

/**
 * Writes a content directory: one learner, a large course of 500 videos and `smallCourses` courses
 * of 5 videos each. Keys: "bench-large" and "bench-small-001", "bench-small-002", ... With
 * `withScorm`, the large course and the first small one end with a SCORM item (BENCH_SCORM_SLUG).
 */
export async function writeGeneratedContent(dir: string, smallCourses: number, withLearner = true, withScorm = false) {
  await mkdir(path.join(dir, "courses"), { recursive: true });
  if (withLearner) await writeFile(path.join(dir, "users.json"), JSON.stringify([{ email: LEARNER_EMAIL, name: "Bench Learner", plan: "Premium" }]));
  if (withScorm) {
    await mkdir(path.join(dir, "courses", "packages"), { recursive: true });
    await copyFile(path.join(demoContentDir(), "courses", "packages", "electrical-safety.zip"), path.join(dir, "courses", "packages", "bench-lesson.zip"));
  }
  await writeFile(path.join(dir, "courses", "bench-large.json"), JSON.stringify(courseFile("bench-large", "Large Bench Course", LARGE_COURSE, withScorm)));
  for (let i = 1; i <= smallCourses; i++) {
    const key = `bench-small-${String(i).padStart(3, "0")}`;
    await writeFile(path.join(dir, "courses", `${key}.json`), JSON.stringify(courseFile(key, `Small Bench Course ${i}`, SMALL_COURSE, withScorm && i === 1)));
  }
}

export interface SqlCountFixture {
  email: string;
  enrolledCourses: number;
  large: VideoPlace & { videos: number };
  small: VideoPlace & { videos: number };
}

/** Fills a migrated database with the generated content and enrolls the learner in every course of it. */
export async function loadSqlCountFixture(database: Database, enrolledCourses = 200): Promise<SqlCountFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-content-"));
  try {
    await writeGeneratedContent(dir, enrolledCourses - 1, true, true);
    await importContent(database.db, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const db = database.db;
  const [learner] = await db.select({ id: users.id }).from(users).where(eq(users.email, LEARNER_EMAIL));
  const versions = await db
    .select({ courseId: courseVersions.courseId, versionId: courseVersions.id, key: courses.key })
    .from(courseVersions)
    .innerJoin(courses, eq(courses.id, courseVersions.courseId))
    .where(and(eq(courseVersions.isCurrent, true), inArray(courses.key, ["bench-large", ...smallKeys(enrolledCourses - 1)])));
  await db.insert(enrollments).values(versions.map((v) => ({ userId: learner!.id, courseId: v.courseId, versionId: v.versionId })));
  const idOf = (key: string) => versions.find((v) => v.key === key)!.courseId;
  const videosIn = (shape: CourseShape) => shape.chapters * shape.subChaptersPerChapter * shape.videosPerSubChapter;
  return {
    email: LEARNER_EMAIL,
    enrolledCourses: versions.length,
    large: { ...(await videoOf(db, idOf("bench-large"), "last")), videos: videosIn(LARGE_COURSE) },
    small: { ...(await videoOf(db, idOf(smallKeys(1)[0]!), "last")), videos: videosIn(SMALL_COURSE) },
  };
}

const smallKeys = (n: number) => Array.from({ length: n }, (_, i) => `bench-small-${String(i + 1).padStart(3, "0")}`);

/**
 * Bundles every generated course (the large one and `enrolledCourses - 1` small ones) into one
 * program, taken by the learner through a batch; returns the program's id. For the learning-path calls.
 */
export async function addBenchProgram(database: Database, enrolledCourses = 200): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-program-"));
  try {
    const program = {
      key: "bench-program",
      name: "Bench Program",
      description: "Every generated course, in one program.",
      domain: "Computer Science",
      courses: ["bench-large", ...smallKeys(enrolledCourses - 1)].map((course) => ({ course })),
      batches: [{ key: "bench-batch", name: "Bench batch", enrollmentType: "Customer (Scheduled and Optional)", startsAt: "2024-01-01", members: [LEARNER_EMAIL] }],
    };
    await writeFile(path.join(dir, "programs.json"), JSON.stringify([program]));
    await importContent(database.db, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const [row] = await database.db.select({ id: programs.id }).from(programs).where(eq(programs.key, "bench-program"));
  return row!.id;
}
