import { createApi } from "@/lib/server/api/app";
import { openDatabase } from "@/lib/server/db/client";
import { createDeps } from "@/lib/server/deps";
import type { MailMessage, Mailer } from "@/lib/server/mail/mailer";
import { addBenchBaseline } from "./api-extras";
import { certificateCalls, graderCalls, isNotServed, learnerCalls, learningPathCalls, videoCalls } from "./calls";
import { earnCertificate } from "./certificate";
import { addBenchProgram, BENCH_SCORM_SLUG, GRADER_EMAIL, loadSqlCountFixture } from "./fixtures";
import { measureStudioCalls } from "./studio-calls";
import { measureWriteCalls, scormItemOf, workingCmi, type WriteCallFigures } from "./write-calls";

/**
 * A request to the API in process, as the bench's counters make it: from one client address (so the
 * rate limits see one client), with the session's token and a JSON body; the answer's JSON, or its text.
 */
export function inProcessRequest(api: ReturnType<typeof createApi>, clientIp: string) {
  return async (method: string, path: string, token?: string, body?: unknown, extraHeaders: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...extraHeaders, "x-forwarded-for": clientIp };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await api.request(`http://localhost/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: json };
  };
}

export interface SqlCount {
  call: string;
  /** Which course the call was addressed to: "" for calls that take no course. */
  course: "" | "small" | "large";
  served: boolean;
  status: number;
  statements: number | null;
  sql: string[];
}

export interface SqlCountResult {
  fixture: { enrolledCourses: number; largeCourseVideos: number; smallCourseVideos: number };
  counts: SqlCount[];
  /** The writes of timed challenges, timed in process beside the one-query baseline call. */
  writes?: InProcessCalls;
  /** The studio's main calls, as an author on the 500-video course, and the administrator's programs, sessions and companies calls, timed the same way. */
  studio?: InProcessCalls;
}

/** Calls timed in process beside the one-query baseline call, or why they could not be. */
export type InProcessCalls = { baseline: WriteCallFigures; calls: WriteCallFigures[] } | { problem: string };

/** The demo author (see the demo content's users). */
const AUTHOR_EMAIL = "author@demo.test";
/** The demo administrator: the studio's programs, sessions and companies are theirs. */
const ADMIN_EMAIL = "admin@demo.test";

/**
 * Counts the SQL statements each call runs, in process on an in-memory PGlite: a learner enrolled
 * in 200 courses, one of them of 500 videos; the tree and data calls are counted on a 5-video
 * course and on the 500-video course, so a statement per node shows as a difference; the
 * learning-path calls once the learner takes a program of every one of those courses.
 */
export async function countSqlStatements(): Promise<SqlCountResult> {
  let recording: string[] | null = null;
  let stopJobs: (() => Promise<void>) | undefined;
  const database = await openDatabase({ onQuery: (sql) => recording?.push(sql) });
  try {
    await database.migrate();
    const fixture = await loadSqlCountFixture(database);
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: "memory",
      async send(message) {
        sent.push(message);
      },
    };
    const deps = createDeps({ database, mailer, env: { APP_ENV: "dev", NEXT_PUBLIC_SITE_URL: "http://localhost:3000" } });
    stopJobs = () => deps.jobs.stop(1000);
    // The one-query baseline call, to time the writes against (see write-calls.ts).
    const api = createApi(async () => deps, { extend: addBenchBaseline });

    const request = inProcessRequest(api, "203.0.113.10");

    const token = await signInInProcess(request, deps.settle, sent, fixture.email);

    const count = async (name: string, path: string, course: SqlCount["course"], as?: string, post?: { body: unknown; headers?: Record<string, string> }): Promise<SqlCount> => {
      const statements: string[] = [];
      recording = statements;
      const res = post ? await request("POST", path, as, post.body, post.headers) : await request("GET", path, as);
      recording = null;
      const served = !isNotServed(res.status, res.body);
      return { call: name, course, served, status: res.status, statements: served ? statements.length : null, sql: statements };
    };

    const counts: SqlCount[] = [];
    const small = videoCalls(fixture.small);
    for (const [i, call] of videoCalls(fixture.large).entries()) {
      counts.push(await count(call.name, small[i]!.path, "small", token));
      counts.push(await count(call.name, call.path, "large", token));
    }
    // A SCORM item at the end of each course: its opening, a commit of the package while the learner
    // works, and the commit that passes it (the item then counts for the course: its completion, the
    // learner's certificates and badges are looked at, and the LRS's statement is written).
    const scorm = { small: await scormItemOf(database.db, "bench-small-001", BENCH_SCORM_SLUG), large: await scormItemOf(database.db, "bench-large", BENCH_SCORM_SLUG) };
    for (const course of ["small", "large"] as const) {
      const itemId = scorm[course].id;
      counts.push(await count("POST /scorm/item/open", "/scorm/item/open", course, token, { body: { itemId } }));
      const { sessionId } = (await request("POST", "/scorm/item/open", token, { itemId })).body as { sessionId?: string };
      const commit = (sequence: number, cmi: Record<string, string>) => ({
        body: { itemId, sessionId, sequence, cmi, sessionSeconds: sequence * 5 },
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      // The first commit makes the attempt; the next ones are counted.
      const first = commit(1, workingCmi(1, 5));
      await request("POST", "/scorm/item/commit", token, first.body, first.headers);
      counts.push(await count("POST /scorm/item/commit (working)", "/scorm/item/commit", course, token, commit(2, workingCmi(2, 10))));
      const passed = { ...workingCmi(12, 60), "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "100", "cmi.core.score.min": "0", "cmi.core.score.max": "100" };
      counts.push(await count("POST /scorm/item/commit (passed: the item completes)", "/scorm/item/commit", course, token, commit(3, passed)));
    }
    // The learning-path calls, once the learner takes a program of all 200 courses.
    const programId = await addBenchProgram(database);
    for (const [name, path] of learningPathCalls(programId)) counts.push(await count(name, path, "", token));
    const record = async <T>(run: () => Promise<T>) => {
      const statements: string[] = [];
      recording = statements;
      try {
        return { result: await run(), statements: statements.length };
      } finally {
        recording = null;
      }
    };
    const writes = await measureWriteCalls(database.db, request, token, record).catch((e: unknown) => ({ problem: String(e) }));
    // The demo content is in now (the writes import it): the learner has its batch, sessions and
    // certificates besides the 200 generated courses, and its grader can sign in.
    for (const call of learnerCalls) counts.push(await count(call.name, call.path, "", token));
    const graderToken = await signInInProcess(request, deps.settle, sent, GRADER_EMAIL);
    for (const call of graderCalls) counts.push(await count(call.name, call.path, "", graderToken));
    const uid = await earnCertificate(async <T>(method: "GET" | "POST", path: string, body?: unknown) => {
      const res = await request(method, path, token, body);
      return res.status < 300 ? (res.body as T) : null;
    });
    for (const call of uid ? certificateCalls(uid).filter((c) => !c.page) : []) counts.push(await count(call.name, call.path, ""));
    // Last: the studio's writes change the large course's draft (not what learners see).
    // One sign-in after the other: each reads the last e-mail sent.
    const studio = await signInInProcess(request, deps.settle, sent, AUTHOR_EMAIL)
      .then(async (authorToken) => ({ authorToken, adminToken: await signInInProcess(request, deps.settle, sent, ADMIN_EMAIL) }))
      .then(({ authorToken, adminToken }) => measureStudioCalls(request, authorToken, fixture.large.courseId, record, adminToken))
      .catch((e: unknown) => ({ problem: String(e) }));
    return {
      fixture: { enrolledCourses: fixture.enrolledCourses, largeCourseVideos: fixture.large.videos, smallCourseVideos: fixture.small.videos },
      counts,
      writes,
      studio,
    };
  } finally {
    // The sign-in e-mails started the job engine: stopped first, it no longer polls a closed database
    // (and no longer keeps this process alive, and busy, after the stage).
    await stopJobs?.().catch(() => undefined);
    await database.close();
  }
}

type Request = (method: string, path: string, token?: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

async function signInInProcess(request: Request, settle: () => Promise<void>, sent: MailMessage[], email: string) {
  const asked = await request("POST", "/auth/login/invite", undefined, { value: email });
  if (asked.status !== 200) throw new Error(`POST /auth/login/invite answered ${asked.status}`);
  await settle();
  const inviteId = /#inviteId=([A-Za-z0-9_-]+)/.exec(sent.at(-1)?.text ?? "")?.[1];
  if (!inviteId) throw new Error("the sign-in e-mail holds no link");
  const finished = await request("POST", "/auth/finishLogin", undefined, { inviteId });
  if (finished.status !== 201) throw new Error(`POST /auth/finishLogin answered ${finished.status}`);
  return (finished.body as { userToken: string }).userToken;
}
