import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { importContent } from "@/lib/server/content/import-content";
import { hashToken, newToken } from "@/lib/server/auth/tokens";
import { chapters, courses, courseVersions, essayAttempts, essayBlocks, mcqAttempts, mcqBlocks, sessions, subChapters, users } from "@/lib/server/db/schema";
import type { Database } from "@/lib/server/db/client";
import { MAX_LINKS_PER_EMAIL } from "@/lib/server/services/sign-in/request-sign-in-link";
import { generatedCourse, writeContentDir } from "../support/courses";
import { startApiProcess as startApi } from "../support/app-processes";
import { openTestDatabase } from "../support/test-db";

// Two API processes on one PostgreSQL database: what must be shared (rate limits) lives in the database.
const enabled = Boolean(process.env.DATABASE_URL);

describe.runIf(enabled)("two API processes on one database", () => {
  let database: Database;
  const procs: ChildProcess[] = [];
  const urls: string[] = [];
  const outputs: (() => string)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const dbUrl = await database.raw("select current_database() as name").then((r) => {
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${r[0]!.name as string}`;
      return u.toString();
    });
    // Both start at once: migrations take a lock, so neither trips over the other.
    const started = await Promise.all([startApi(dbUrl), startApi(dbUrl)]);
    for (const s of started) {
      procs.push(s.proc);
      urls.push(s.url);
      outputs.push(s.output);
    }
    await database.db.insert(users).values({ email: "shared@example.com", name: "Shared" });
  }, 90_000);

  afterAll(async () => {
    for (const p of procs) p.kill("SIGTERM");
    await database?.close();
  });

  it("enforce one sign-in limit per e-mail between them", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${urls[i % 2]}/auth/login/invite`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i + 1}` },
          body: JSON.stringify({ value: "shared@example.com" }),
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(MAX_LINKS_PER_EMAIL);
    expect(results.filter((s) => s === 429)).toHaveLength(20 - MAX_LINKS_PER_EMAIL);
  }, 30_000);

  it("share sessions: a link asked for on one is finished on the other, and a logout on either ends it", async () => {
    await database.db.insert(users).values({ email: "roamer@example.com", name: "Roamer" });
    const post = (url: string, body: unknown, token?: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post(`${urls[0]}/auth/login/invite`, { value: "roamer@example.com" })).status).toBe(200);
    // Without SMTP the link is printed in the log of whichever process's job worker sends it.
    let inviteId = "";
    for (let i = 0; i < 300 && !inviteId; i++) {
      inviteId = /To: roamer@example\.com[\s\S]*?#inviteId=([A-Za-z0-9_-]+)/.exec(outputs[0]!() + outputs[1]!())?.[1] ?? "";
      if (!inviteId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(inviteId).not.toBe("");
    const finished = await post(`${urls[1]}/auth/finishLogin`, { inviteId });
    expect(finished.status).toBe(201);
    const { userToken } = (await finished.json()) as { userToken: string };
    const info = (u: string) => fetch(`${u}/user/info`, { headers: { authorization: `Bearer ${userToken}` } }).then((r) => r.status);
    expect([await info(urls[0]!), await info(urls[1]!)]).toEqual([200, 200]);
    expect((await post(`${urls[1]}/auth/logout`, {}, userToken)).status).toBe(200);
    expect([await info(urls[0]!), await info(urls[1]!)]).toEqual([401, 401]);
  }, 60_000);

  it("serve a course's tree as the last import left it, whichever process imported it", async () => {
    const [user] = await database.db.insert(users).values({ email: "tree@example.com", name: "Tree" }).returning({ id: users.id });
    const token = newToken();
    await database.db.insert(sessions).values({ userId: user!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const titled = (title: string) => {
      const course = generatedCourse({ key: "retitled", chapters: 1, videosPerSubChapter: 2 });
      course.versions[0]!.chapters[0]!.title = title;
      return writeContentDir({ courses: [course] });
    };
    await importContent(database.db, titled("Before"));
    const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "retitled"));
    const chapterTitles = () =>
      Promise.all(
        urls.map((u) =>
          fetch(`${u}/course/video/tree?id=${course!.id}`, { headers: { authorization: `Bearer ${token}` } })
            .then((r) => r.json() as Promise<{ chapters: { title: string }[] }>)
            .then((tree) => tree.chapters[0]!.title),
        ),
      );
    // Both keep the tree in memory...
    expect(await chapterTitles()).toEqual(["Before", "Before"]);
    expect(await chapterTitles()).toEqual(["Before", "Before"]);
    // ...and an import made outside either is served by both on their next call.
    await importContent(database.db, titled("After"));
    expect(await chapterTitles()).toEqual(["After", "After"]);
  }, 30_000);

  it("close each overdue attempt exactly once between them, with no browser open", async () => {
    await importContent(database.db, writeContentDir({ courses: [generatedCourse({ key: "sweep", chapters: 1, videosPerSubChapter: 1, withChallenges: true })] }));
    const [place] = await database.db
      .select({ courseId: courses.id, versionId: courseVersions.id, mcqBlockId: mcqBlocks.id, essayBlockId: essayBlocks.id })
      .from(courses)
      .innerJoin(courseVersions, eq(courseVersions.courseId, courses.id))
      .innerJoin(chapters, eq(chapters.versionId, courseVersions.id))
      .innerJoin(subChapters, eq(subChapters.chapterId, chapters.id))
      .innerJoin(mcqBlocks, eq(mcqBlocks.subChapterId, subChapters.id))
      .innerJoin(essayBlocks, eq(essayBlocks.subChapterId, subChapters.id))
      .where(eq(courses.key, "sweep"));
    const learners = await database.db
      .insert(users)
      .values(Array.from({ length: 40 }, (_, i) => ({ email: `sweep${i}@example.com`, name: `Sweep ${i}` })))
      .returning({ id: users.id });
    // Attempts whose deadline and grace period passed a minute ago, as if every browser had been closed.
    const startedAt = new Date(Date.now() - 12 * 60_000);
    const deadlineAt = new Date(Date.now() - 60_000);
    const common = { courseId: place!.courseId, versionId: place!.versionId, startedAt, deadlineAt };
    const mcq = await database.db
      .insert(mcqAttempts)
      .values(learners.map((l) => ({ ...common, userId: l.id, blockId: place!.mcqBlockId, totalScore: 2 })))
      .returning({ id: mcqAttempts.id });
    const essays = await database.db
      .insert(essayAttempts)
      .values(learners.map((l, i) => ({ ...common, userId: l.id, blockId: place!.essayBlockId, answer: i % 2 ? `draft ${i}` : "", draftVersion: i % 2 })))
      .returning({ id: essayAttempts.id });
    const expected = [...mcq, ...essays].map((r) => r.id).sort();

    // No job was queued for these attempts (as after an import): the minute's sweep closes them, so allow a minute and more.
    let open = expected.length;
    for (let i = 0; i < 400 && open > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const [m, e] = await Promise.all([
        database.db.select({ id: mcqAttempts.id }).from(mcqAttempts).where(eq(mcqAttempts.status, "onProgress")),
        database.db.select({ id: essayAttempts.id }).from(essayAttempts).where(eq(essayAttempts.status, "onProgress")),
      ]);
      open = m.length + e.length;
    }
    expect(open).toBe(0);
    const readClosed = () =>
      outputs
        .flatMap((out) => out().split("\n"))
        .filter((line) => line.includes("attempt closed at its deadline"))
        .map((line) => JSON.parse(line) as { attemptId: string });
    // The rows are closed before each process's log line reaches this test's pipe: wait for the lines.
    let closedLines = readClosed();
    for (let i = 0; i < 50 && closedLines.length < expected.length; i++) {
      await new Promise((r) => setTimeout(r, 200));
      closedLines = readClosed();
    }
    // Each attempt was closed by exactly one of the two processes.
    expect(closedLines.map((l) => l.attemptId).sort()).toEqual(expected);
    const essayRows = await database.db.select().from(essayAttempts);
    for (const row of essayRows) {
      expect(row).toMatchObject({ status: "awaitingResults", submissionSource: "timeOut" });
      expect(row.submittedAt?.getTime()).toBe(deadlineAt.getTime());
    }
    const mcqRows = await database.db.select().from(mcqAttempts);
    for (const row of mcqRows) expect(row).toMatchObject({ status: "completed", closedBy: "timeout", obtainedScore: 0 });
  }, 150_000);
});
