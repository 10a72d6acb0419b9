import type { HttpClient } from "@/lib/api/client";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import * as routes from "@/lib/api/call-routes";
import { callApi, createHttpClient } from "@/lib/api/client";
import { enrollInCourse } from "@/lib/contract/calls/catalogue";
import { startEssayBlock, startMcqBlock } from "@/lib/contract/calls/challenges";
import { getVideoTree } from "@/lib/contract/calls/learning";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import { courses, essayAttempts, essaySaveKeys, mcqAnswerKeys, mcqAnswers, mcqAttempts, userEvents, videoProgress, watchRecordKeys } from "@/lib/server/db/schema";
import type { TestApi } from "./api";
import { generatedCourse, importFiles } from "./courses";

// The writes clients keep sending through a restart (of PostgreSQL, of the app's processes), each
// with an idempotency key, and the check that what is stored is exactly what was acknowledged.

export interface Harness {
  t: TestApi;
  /** Where the API answers over real HTTP. */
  baseURL: string;
}

/**
 * One kind of write that clients keep sending while PostgreSQL restarts. Each client is a learner of
 * its own; like the app's client, it sends a write that failed again, with the same idempotency key,
 * until it is acknowledged. Adding a kind of write is adding one of these to `writers`.
 */
export interface Writer {
  name: string;
  /** How many clients send this kind of write. */
  clients: number;
  /** Creates the clients' learners and whatever they need (a course, an enrolment), before the restart. */
  setup: (h: Harness) => Promise<void>;
  /** Sends write `seq` of client `n` with the idempotency key `key`; resolves once it is acknowledged. */
  write: (n: number, seq: number, key: string) => Promise<void>;
  /** Checks what is stored for each client against what it had acknowledged (`acknowledged[n]`, keys in order). */
  verify: (acknowledged: string[][]) => Promise<void>;
}

let nextLearner = 0;

/** Learners signed in over the API, each with an HTTP client of its own that carries its token. */
async function learners(h: Harness, prefix: string, count: number, values: { plan?: "Basic" | "Premium" } = {}) {
  const out: { id: string; token: string; http: HttpClient }[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@example.com`;
    const user = await h.t.createUser({ email, ...values });
    // One address per learner keeps the sign-in links per address under their limit.
    const token = await h.t.signIn(email, `198.51.100.${++nextLearner}`);
    out.push({ id: user.id, token, http: createHttpClient({ baseURL: h.baseURL, getToken: () => token, retries: 4 }) });
  }
  return out;
}

/** None lost, none doubled: the keys stored for a client are exactly those it had acknowledged, each once. */
function expectStoredOnce(what: string, stored: string[], acknowledged: string[]) {
  expect(stored.length, `${what}: a key stored twice`).toBe(new Set(stored).size);
  expect([...stored].sort(), what).toEqual([...acknowledged].sort());
}

export function usageEvents(clients: number): Writer {
  let users: Awaited<ReturnType<typeof learners>> = [];
  let t: TestApi;
  return {
    name: "usage events",
    clients,
    setup: async (h) => {
      t = h.t;
      users = await learners(h, "events", clients);
    },
    write: async (n, seq, key) => {
      await callApi(routes.recordUserEvent, { body: { eventName: "reliability", event: { n, seq } }, idempotencyKey: key }, users[n]!.http);
    },
    verify: async (acknowledged) => {
      for (const [n, user] of users.entries()) {
        const rows = await t.db
          .select()
          .from(userEvents)
          .where(and(eq(userEvents.userId, user.id), eq(userEvents.eventName, "reliability")));
        expectStoredOnce(`usage events of client ${n}`, rows.map((r) => r.idempotencyKey ?? "(none)"), acknowledged[n]!);
      }
    },
  };
}

export function watchRecords(clients: number): Writer {
  const durationSeconds = 3600;
  let users: Awaited<ReturnType<typeof learners>> = [];
  let t: TestApi;
  let video: { courseId: string; versionId: string; videoId: string };
  return {
    name: "watch records",
    clients,
    setup: async (h) => {
      t = h.t;
      await importFiles(t, { courses: [generatedCourse({ key: "restart", chapters: 1, videosPerSubChapter: 1, durationSeconds, withChallenges: false })] });
      const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "restart")))[0]!.id;
      users = await learners(h, "watcher", clients, { plan: "Premium" });
      for (const user of users) expect((await t.call(enrollInCourse, { token: user.token, body: { courseId } })).status).toBe(200);
      const tree = (await t.call(getVideoTree, { token: users[0]!.token, query: { id: courseId } })).body as VideoCourseTree;
      video = { courseId, versionId: tree.versionId, videoId: tree.chapters[0]!.subChapters[0]!.items[0]!.id };
    },
    // Write `seq` reports seconds seq..seq+1 watched: together a client's writes cover the video from 0 on.
    write: async (n, seq, key) => {
      await callApi(
        routes.recordVideoWatch,
        { body: { ...video, watchDuration: { timeStamp: [seq, seq + 1], totalDuration: 1 } }, idempotencyKey: key },
        users[n]!.http,
      );
    },
    verify: async (acknowledged) => {
      for (const [n, user] of users.entries()) {
        const keys = await t.db.select().from(watchRecordKeys).where(eq(watchRecordKeys.userId, user.id));
        expectStoredOnce(`watch records of client ${n}`, keys.map((k) => k.idempotencyKey), acknowledged[n]!);
        // Each acknowledged record counted: the watched seconds run from 0 to the last one's end.
        const progress = await t.db.select().from(videoProgress).where(eq(videoProgress.userId, user.id));
        expect(progress.map((p) => p.watchedRanges), `progress of client ${n}`).toEqual([[[0, Math.min(acknowledged[n]!.length, durationSeconds)]]]);
      }
    },
  };
}

export function mcqAnswerWrites(clients: number): Writer {
  let users: Awaited<ReturnType<typeof learners>> = [];
  let t: TestApi;
  let block: { courseId: string; mcqBlockId: string; mcq: string; options: string[] };
  return {
    name: "MCQ answers",
    clients,
    setup: async (h) => {
      t = h.t;
      await importFiles(t, { courses: [generatedCourse({ key: "restart-quiz", chapters: 1, videosPerSubChapter: 1, withChallenges: true })] });
      const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "restart-quiz")))[0]!.id;
      users = await learners(h, "answerer", clients, { plan: "Premium" });
      const tree = (await t.call(getVideoTree, { token: users[0]!.token, query: { id: courseId } })).body as VideoCourseTree;
      const mcqBlockId = tree.chapters[0]!.subChapters[0]!.items.find((i) => i.type === "mcqBlock")!.id;
      for (const user of users) {
        expect((await t.call(enrollInCourse, { token: user.token, body: { courseId } })).status).toBe(200);
        const started = await t.call(startMcqBlock, { token: user.token, body: { courseId, mcqBlockId } });
        expect(started.status).toBe(200);
        block = { courseId, mcqBlockId, mcq: started.body.questions[0].id, options: started.body.questions[0].options.map((o: { id: string }) => o.id) };
      }
    },
    // Write `seq` chooses option seq % 2: the last acknowledged choice is the one that must stay.
    write: async (n, seq, key) => {
      const { courseId, mcqBlockId, mcq, options } = block;
      await callApi(routes.answerMcqQuestion, { body: { courseId, mcqBlockId, mcq, selectedOptionIds: [options[seq % 2]!] }, idempotencyKey: key }, users[n]!.http);
    },
    verify: async (acknowledged) => {
      for (const [n, user] of users.entries()) {
        const [attempt] = await t.db.select().from(mcqAttempts).where(eq(mcqAttempts.userId, user.id));
        const keys = await t.db.select().from(mcqAnswerKeys).where(eq(mcqAnswerKeys.attemptId, attempt!.id));
        expectStoredOnce(`MCQ answers of client ${n}`, keys.map((k) => k.idempotencyKey), acknowledged[n]!);
        const [saved] = await t.db.select().from(mcqAnswers).where(eq(mcqAnswers.attemptId, attempt!.id));
        expect(saved!.selectedOptionIds, `last choice of client ${n}`).toEqual([block.options[(acknowledged[n]!.length - 1) % 2]]);
      }
    },
  };
}

export function essayDraftWrites(clients: number): Writer {
  let users: Awaited<ReturnType<typeof learners>> = [];
  let t: TestApi;
  let essay: { courseId: string; essayBlockId: string };
  /** Each client's draft version as the server last acknowledged it: the base of its next save. */
  const versions: number[] = [];
  const text = (n: number, seq: number) => `Draft ${seq} of client ${n}. `.repeat(20);
  return {
    name: "essay drafts",
    clients,
    setup: async (h) => {
      t = h.t;
      await importFiles(t, { courses: [generatedCourse({ key: "restart-essay", chapters: 1, videosPerSubChapter: 1, withChallenges: true })] });
      const courseId = (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.key, "restart-essay")))[0]!.id;
      users = await learners(h, "essayist", clients, { plan: "Premium" });
      const tree = (await t.call(getVideoTree, { token: users[0]!.token, query: { id: courseId } })).body as VideoCourseTree;
      essay = { courseId, essayBlockId: tree.chapters[0]!.subChapters[0]!.items.find((i) => i.type === "essayBlock")!.id };
      for (const user of users) {
        expect((await t.call(enrollInCourse, { token: user.token, body: { courseId } })).status).toBe(200);
        expect((await t.call(startEssayBlock, { token: user.token, body: essay })).status).toBe(200);
        versions.push(0);
      }
    },
    // Write `seq` saves a new text edited from the last acknowledged version; a resend after a 503 keeps key and base.
    write: async (n, seq, key) => {
      const saved = await callApi(
        routes.submitEssayBlock,
        { body: { ...essay, essayAnswer: text(n, seq), isFinalSubmission: false, baseDraftVersion: versions[n]! }, idempotencyKey: key },
        users[n]!.http,
      );
      expect(saved.submittedAnswer, `client ${n}, save ${seq}`).toBe(text(n, seq));
      versions[n] = saved.draftVersion;
    },
    verify: async (acknowledged) => {
      for (const [n, user] of users.entries()) {
        const [attempt] = await t.db.select().from(essayAttempts).where(eq(essayAttempts.userId, user.id));
        const keys = await t.db.select().from(essaySaveKeys).where(eq(essaySaveKeys.attemptId, attempt!.id));
        expectStoredOnce(`essay drafts of client ${n}`, keys.map((k) => k.idempotencyKey), acknowledged[n]!);
        // Each acknowledged save went up one version; the stored text is the last acknowledged one.
        const last = acknowledged[n]!.length - 1;
        expect(attempt!.draftVersion, `draft version of client ${n}`).toBe(acknowledged[n]!.length);
        expect(attempt!.answer, `stored text of client ${n}`).toBe(text(n, last));
        expect(attempt!.status).toBe("onProgress");
      }
    },
  };
}

