import { readFileSync } from "node:fs";
import pg from "pg";
import { createApi } from "@/lib/server/api/app";
import { openDatabase } from "@/lib/server/db/client";
import { createDeps } from "@/lib/server/deps";
import type { Mailer } from "@/lib/server/mail/mailer";
import type { LoadTarget } from "./calls";
import { GRADER_EMAIL } from "./fixtures";
import { inProcessRequest } from "./sql-count";

/**
 * The studio at scale: 100,000 learners on PostgreSQL, seeded in SQL (generate_series, one
 * transaction) into a database of their own after the demo content: 100 batches, every learner in
 * one; an enrollment in an essay course each (a third in a second course), the first few videos of
 * it watched; 74,000 submitted essays (half graded, a tenth held by the demo grader, the rest waiting).
 * Then the people list, the report, the graders' list and the CSV are loaded through the standalone
 * API (see run.ts), and each call's SQL statements are counted in process on the same database.
 */

export const SCALE = { learners: 100_000, submittedPerHundred: 74, batches: 100 } as const;
export const ADMIN_EMAIL = "admin@demo.test";

export interface ScaleSeed {
  seconds: number;
  learners: number;
  submitted: number;
  evaluated: number;
  enrollments: number;
  progressRows: number;
  batchKey: string;
  essayCourses: number;
}

const FIRST = ["Asha", "Ben", "Chen", "Dara", "Elif", "Farid", "Gita", "Hugo", "Ines", "Jon", "Kavya", "Liam", "Mei", "Nour", "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tara"];
const LAST = ["Raman", "Okafor", "Li", "Novak", "Yilmaz", "Haddad", "Sharma", "Martin", "Costa", "Berg", "Iyer", "Walsh", "Tanaka", "Khalil", "Diaz", "Nair", "Moreau", "Silva", "Lund", "Patel", "Kim", "Rossi", "Ahmed", "Fischer", "Singh"];
const array = (items: string[]) => `array[${items.map((s) => `'${s}'`).join(",")}]`;

/** Seeds the learners into a migrated database that holds the demo content. */
export async function seedScale(url: string): Promise<ScaleSeed> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
  try {
    await client.query("begin");
    // The courses' current versions, numbered; those with an essay, numbered apart, with their first essay.
    await client.query(`
      create temp table scale_courses on commit drop as
      select v.course_id, v.id as version_id, (row_number() over (order by v.course_id))::int - 1 as n,
        (select e.id from essay_blocks e join sub_chapters s on s.id = e.sub_chapter_id join chapters c on c.id = s.chapter_id
          where c.version_id = v.id order by c.position, s.position, e.position limit 1) as essay_id
      from course_versions v where v.is_current`);
    await client.query(`
      create temp table scale_essay_courses on commit drop as
      select course_id, version_id, essay_id, (row_number() over (order by course_id))::int - 1 as n from scale_courses where essay_id is not null`);
    const { essay_courses: essayCourses, courses } = await one<{ essay_courses: number; courses: number }>(
      "select (select count(*) from scale_essay_courses)::int as essay_courses, (select count(*) from scale_courses)::int as courses",
    );
    if (!essayCourses) throw new Error("the demo content holds no course with an essay");
    await client.query(`
      create temp table scale_videos on commit drop as
      select c.version_id, v.id as video_id, (row_number() over (partition by c.version_id order by c.position, s.position, v.position))::int as k
      from videos v join sub_chapters s on s.id = v.sub_chapter_id join chapters c on c.id = s.chapter_id
      where c.version_id in (select version_id from scale_courses)`);

    await client.query(`
      insert into users (email, name, plan, user_kind, deactivated_at, created_at)
      select format('learner%s@scale.test', lpad(g::text, 6, '0')),
        (${array(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${array(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
        (case when g % 4 = 0 then 'Premium' else 'Basic' end)::plan,
        (case when g % 10 = 0 then 'Employee' else 'Customer' end)::user_kind,
        case when g % 50 = 0 then now() - interval '3 days' end,
        now() - (g * interval '90 seconds')
      from generate_series(1, ${SCALE.learners}) g`);
    await client.query(`
      create temp table scale_users on commit drop as
      select id, substr(email, 8, 6)::int as g from users where email like 'learner%@scale.test'`);
    await client.query(`
      insert into batches (key, name) select 'scale-' || b, 'Scale cohort ' || b from generate_series(1, ${SCALE.batches}) b`);
    await client.query(`
      insert into batch_members (batch_id, user_id) select b.id, u.id from scale_users u join batches b on b.key = 'scale-' || (1 + u.g % ${SCALE.batches})`);
    await client.query(`
      insert into enrollments (user_id, course_id, version_id, batch_id, created_at)
      select u.id, c.course_id, c.version_id, b.id, now() - (u.g * interval '80 seconds')
      from scale_users u join scale_essay_courses c on c.n = u.g % ${essayCourses} join batches b on b.key = 'scale-' || (1 + u.g % ${SCALE.batches})`);
    await client.query(`
      insert into enrollments (user_id, course_id, version_id, created_at)
      select u.id, c.course_id, c.version_id, now() - (u.g * interval '70 seconds')
      from scale_users u join scale_courses c on c.n = (u.g / 3) % ${courses} where u.g % 3 = 0
      on conflict do nothing`);
    await client.query(`
      insert into video_progress (user_id, video_id, course_id, version_id, watched_ranges, watched_seconds, last_position_seconds, completed_at, completed_by)
      select u.id, v.video_id, c.course_id, c.version_id, '[[0, 60]]'::jsonb, 60, 60, now() - (u.g * interval '60 seconds'), null
      from scale_users u join scale_essay_courses c on c.n = u.g % ${essayCourses} join scale_videos v on v.version_id = c.version_id and v.k <= u.g % 4`);
    // 74 of every 100 learners submitted their course's essay: half graded, a tenth held by the grader.
    await client.query(`
      insert into essay_attempts (user_id, block_id, course_id, version_id, status, started_at, deadline_at, answer, draft_version, draft_saved_at,
        submitted_at, submission_source, claimed_by, claim_expires_at)
      select u.id, c.essay_id, c.course_id, c.version_id,
        (case when u.g % 10 < 5 then 'resultsReceived' else 'awaitingResults' end)::essay_attempt_status,
        now() - (u.g * interval '97 seconds') - interval '30 minutes', now() - (u.g * interval '97 seconds') + interval '90 minutes',
        'An essay of the scale bench, by learner ' || u.g || '.', 1, now() - (u.g * interval '97 seconds'),
        now() - (u.g * interval '97 seconds'), 'manual',
        case when u.g % 10 = 5 then (select id from users where email = '${GRADER_EMAIL}') end,
        case when u.g % 10 = 5 then now() + interval '1 day' end
      from scale_users u join scale_essay_courses c on c.n = u.g % ${essayCourses}
      where u.g % 100 < ${SCALE.submittedPerHundred}`);
    await client.query(`
      insert into essay_evaluations (attempt_id, grader_id, marks, obtained_score, total_score, comment, created_at, updated_at)
      select a.id, (select id from users where email = '${GRADER_EMAIL}'), '{}'::jsonb, 5, 10, null, a.submitted_at + interval '1 day', a.submitted_at + interval '1 day'
      from essay_attempts a join scale_users u on u.id = a.user_id where a.status = 'resultsReceived'`);
    await client.query("commit");
    await client.query("analyze");
    const counts = await one<{ learners: number; submitted: number; evaluated: number; enrollments: number; progress: number }>(`
      select (select count(*) from users where email like '%@scale.test')::int as learners,
        (select count(*) from essay_attempts where status <> 'onProgress')::int as submitted,
        (select count(*) from essay_evaluations)::int as evaluated,
        (select count(*) from enrollments)::int as enrollments,
        (select count(*) from video_progress)::int as progress`);
    return {
      seconds: (Date.now() - started) / 1000,
      learners: counts.learners,
      submitted: counts.submitted,
      evaluated: counts.evaluated,
      enrollments: counts.enrollments,
      progressRows: counts.progress,
      // Its members are the learners numbered 4 modulo 100: every one on the Premium plan (4 in 4).
      batchKey: "scale-5",
      essayCourses,
    };
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** A call the scale bench loads: who sends it and which budget it is held to. */
export interface ScaleCall {
  key: string;
  name: string;
  path: string;
  caller: "admin" | "grader";
}

export const SCALE_BUDGET = { p95Ms: 500, requestsPerSecond: 50, csvRowsPerSecond: 20_000, sqlStatements: 10 } as const;

const GRADING = "/course/course/submission";

/** The calls, the graders' deep page addressed by a cursor found by walking the list (see deepCursor). */
export function scaleCalls(seed: ScaleSeed, deep: { cursor: string; page: number }): ScaleCall[] {
  return [
    { key: "people", name: "GET /studio/people (first page)", path: "/studio/people", caller: "admin" },
    { key: "people-search", name: "GET /studio/people?search=Okafor", path: "/studio/people?search=Okafor", caller: "admin" },
    { key: "people-filter", name: `GET /studio/people?batch=${seed.batchKey}&plan=Premium`, path: `/studio/people?batch=${seed.batchKey}&plan=Premium`, caller: "admin" },
    { key: "report", name: "GET /studio/reports/learners (first page)", path: "/studio/reports/learners", caller: "admin" },
    { key: "grading", name: `GET ${GRADING} (page 1, all)`, path: `${GRADING}?assignment=all&pageSize=20`, caller: "grader" },
    {
      key: "grading-deep",
      name: `GET ${GRADING} (page ${deep.page} by cursor)`,
      path: `${GRADING}?assignment=all&pageSize=20&cursor=${encodeURIComponent(deep.cursor)}`,
      caller: "grader",
    },
    { key: "grading-unassigned", name: `GET ${GRADING} (unassigned, page 1)`, path: `${GRADING}?assignment=unassigned&pageSize=20`, caller: "grader" },
  ];
}

export const scaleTargets = (calls: ScaleCall[], origin: string, tokens: Record<ScaleCall["caller"], string>): LoadTarget[] =>
  calls.map((c) => ({
    key: c.key,
    name: c.name,
    path: c.path,
    url: `${origin}/api${c.path}`,
    headers: { authorization: `Bearer ${tokens[c.caller]}` },
    connections: [1, 10],
    budget: "report",
  }));

/** Walks the graders' list by cursor to page `page` (20 a page) and returns the cursor that asks for it. */
export async function deepCursor(origin: string, graderToken: string, page: number): Promise<string> {
  let cursor: string | null = null;
  for (let i = 1; i < page; i++) {
    const query: string = `${GRADING}?assignment=all&pageSize=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await fetch(`${origin}/api${query}`, { headers: { authorization: `Bearer ${graderToken}` } });
    if (!res.ok) throw new Error(`${GRADING} answered ${res.status} on page ${i}: ${await res.text()}`);
    cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
    if (!cursor) throw new Error(`the graders' list ends before page ${page}`);
  }
  if (!cursor) throw new Error("no cursor");
  return cursor;
}

export interface CsvFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  /** The server's resident memory before the download and its highest during it (sampled every 20 ms), in MiB. */
  rssBeforeMiB: number | null;
  rssPeakMiB: number | null;
  /** The highest while the first half of the rows came, and while the second half did: flat when the second is no higher. */
  rssPeakFirstHalfMiB: number | null;
  rssPeakSecondHalfMiB: number | null;
}

const rssMiB = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
};

/** Downloads the report's CSV (every learner), counting rows as they stream, and samples the server's memory. */
export async function measureCsv(origin: string, token: string, serverPid: number): Promise<CsvFigures> {
  const before = rssMiB(serverPid);
  let peak = before ?? 0;
  let rows = 0;
  const halves = [0, 0];
  const sampler = setInterval(() => {
    const now = rssMiB(serverPid);
    if (now === null) return;
    if (now > peak) peak = now;
    const half = rows < 50_000 ? 0 : 1;
    if (now > halves[half]!) halves[half] = now;
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/studio/reports/learners.csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`the CSV answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) rows++;
    }
    const seconds = (performance.now() - started) / 1000;
    // The header line is not a learner.
    const learners = Math.max(0, rows - 1);
    const measured = before !== null;
    return {
      rows: learners,
      bytes,
      seconds,
      rowsPerSecond: learners / seconds,
      rssBeforeMiB: before,
      rssPeakMiB: measured ? peak : null,
      rssPeakFirstHalfMiB: measured ? halves[0]! : null,
      rssPeakSecondHalfMiB: measured ? halves[1]! : null,
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The SQL statements each call runs, counted in process on the seeded PostgreSQL database (the
 * server's code, the bench's connection), one request each after a warm-up. The sessions are the
 * ones the bench signed in with on the server: they live in the same database.
 */
export async function countScaleStatements(url: string, calls: ScaleCall[], tokens: Record<ScaleCall["caller"], string>): Promise<{ call: string; status: number; statements: number }[]> {
  let recording: string[] | null = null;
  const database = await openDatabase({ url, onQuery: (q) => recording?.push(q) });
  const mailer: Mailer = { kind: "memory", async send() {} };
  const deps = createDeps({ database, mailer, env: { APP_ENV: "dev", NEXT_PUBLIC_SITE_URL: "http://localhost:3000" } });
  try {
    const api = createApi(async () => deps);
    const request = inProcessRequest(api, "203.0.113.20");
    const counted = [];
    for (const call of [...calls, { key: "csv", name: "GET /studio/reports/learners.csv (100,000 rows)", path: "/studio/reports/learners.csv", caller: "admin" as const }]) {
      await request("GET", call.path, tokens[call.caller]);
      const statements: string[] = [];
      recording = statements;
      const res = await request("GET", call.path, tokens[call.caller]);
      recording = null;
      counted.push({ call: call.name, status: res.status, statements: statements.length });
    }
    return counted;
  } finally {
    await deps.jobs.stop(1000).catch(() => undefined);
    await database.close();
  }
}
