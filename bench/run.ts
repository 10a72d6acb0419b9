import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { learnPath } from "@/lib/learning-address";
import { measureApiLoad, type CallLoad } from "./api-load";
import { benchCalls } from "./calls";
import { createPostgresDatabase, LEARNER_EMAIL, prepareServerDatabase, type VideoPlace } from "./fixtures";
import { firstLoadComposition, formatComposition, type CompositionPart } from "./first-load-composition";
import { builtRoutes, measurePage, type PageScripts, type PageTarget } from "./first-load-js";
import { runLighthouse, type LighthouseResult } from "./lighthouse";
import { formatTable, machineInfo, summarize, writeResults, type Row } from "./report";
import { buildForBench, freePort, NEXT_BIN, signIn, startMailbox, startServer, stopAll, type Env, type Mailbox } from "./server";
import { countSqlStatements, type SqlCountResult } from "./sql-count";

const DIST_DIR = ".next/bench";
const RESULTS_FILE = process.env.BENCH_ONLY === "pages" ? ".next/bench-pages.json" : "bench/results.json";
const SESSION_COOKIE = "devuserTokenSklGrow";

const BUDGET = {
  firstLoadRatio: 1.5,
  lighthouseScore: 0.95,
  p95ExtraMs: 2,
  throughputRatio: 0.9,
  sqlStatements: 10,
} as const;
const LIGHTHOUSE_RUNS = 3;
const LOAD = { durationSeconds: 5, connectionCounts: [1, 10] };
// BENCH_ONLY=pages runs the build, first-load JS and Lighthouse stages only (the API and SQL stages are skipped).
// Such a partial run writes its figures next to the build, not to the committed results.
const PAGES_ONLY = process.env.BENCH_ONLY === "pages";

interface ApiServerResult {
  server: string;
  calls: CallLoad[];
}

const results: {
  firstLoadJs?: { baseline: PageScripts; pages: PageScripts[]; composition: { name: string; parts: CompositionPart[] }[] };
  lighthouse?: LighthouseResult[];
  api: ApiServerResult[];
  sql?: SqlCountResult;
  errors: { stage: string; message: string }[];
  timings: Record<string, number>;
} = { api: [], errors: [], timings: {} };

const cleanups: (() => Promise<unknown>)[] = [];

/** Runs one stage; a failure is recorded and the bench goes on with the next stage. */
async function stage<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
  const started = Date.now();
  console.log(`[bench] ${name} ...`);
  try {
    return await work();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`[bench] ${name} failed: ${message}`);
    results.errors.push({ stage: name, message });
    return undefined;
  } finally {
    results.timings[name] = Math.round((Date.now() - started) / 100) / 10;
  }
}

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function benchServerEnv(port: number, mailbox: Mailbox): Env {
  const origin = `http://127.0.0.1:${port}`;
  return {
    APP_ENV: "dev",
    BENCH_BASELINE: "1",
    BENCH_BUILD: "1",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_SITE_URL: origin,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    MAIL_FROM: "SkillGrow Bench <bench@skillgrow.test>",
  };
}

/** Sends one API call as the signed-in learner; its JSON answer, or null when it failed. */
async function callAs<T>(origin: string, token: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T | null> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.ok ? ((await res.json()) as T) : null;
}

interface BenchTree {
  id: string;
  chapters: { subChapters: { items: { id: string; type: string }[] }[] }[];
}

/**
 * The public id of a certificate of the learner's: the demo learner finishes Python for Engineers
 * through the API first (videos marked complete, which the learner's batch allows; the quiz
 * submitted), which issues its certificate. Falls back to `fallback` when that cannot be done.
 */
async function certificateId(origin: string, token: string, fallback: string): Promise<string> {
  const ids = await callAs<{ courseId: string }>(origin, token, "GET", "/course/video/slug/courseIds?videoCourseSlugId=python-for-engineers&nodeSlugId=installing-python-vscode");
  const tree = ids && (await callAs<BenchTree>(origin, token, "GET", `/course/video/tree?id=${ids.courseId}`));
  if (tree) {
    const items = tree.chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items));
    for (const video of items.filter((i) => i.type === "video")) await callAs(origin, token, "POST", "/course/video/markAsComplete", { courseId: tree.id, videoId: video.id });
    for (const quiz of items.filter((i) => i.type === "mcqBlock")) {
      await callAs(origin, token, "POST", "/course/video/mcqBlock/start", { courseId: tree.id, mcqBlockId: quiz.id });
      await callAs(origin, token, "POST", "/course/video/mcqBlock/submit", { courseId: tree.id, mcqBlockId: quiz.id });
    }
  }
  const list = await callAs<{ certificateUID: string | null }[]>(origin, token, "GET", "/course/getCertificates");
  return list?.find((c) => c.certificateUID)?.certificateUID ?? fallback;
}

async function benchPages(origin: string, place: VideoPlace, token: string) {
  const cookie = `${SESSION_COOKIE}=${token}`;
  const routes = builtRoutes(DIST_DIR);
  const learnPagePath = learnPath({
    nodeType: "video",
    courseSlugId: place.slugIds.course,
    chapterSlugId: place.slugIds.chapter,
    subChapterSlugId: place.slugIds.subChapter,
    nodeSlugId: place.slugIds.video,
  });
  const pages: PageTarget[] = [
    { name: "/", path: "/" },
    { name: "/dashboard", path: "/dashboard", cookie },
    { name: "/courses", path: "/courses", cookie },
    { name: "learning page", path: learnPagePath, cookie },
    { name: "certificate share page", path: `/certificates/course/${await certificateId(origin, token, place.courseId)}` },
  ];

  const firstLoad = await stage("first-load JS", async () => {
    const baseline = await measurePage(origin, DIST_DIR, routes, { name: "bench-baseline", path: "/bench-baseline" });
    if (baseline.gzipBytes === null) throw new Error(`the baseline page could not be measured: ${baseline.problem}`);
    const measured: PageScripts[] = [];
    for (const page of pages) measured.push(await measurePage(origin, DIST_DIR, routes, page));
    const composition = [baseline, ...measured].map((p) => ({ name: p.name, parts: firstLoadComposition(DIST_DIR, p.scripts) }));
    for (const c of composition) console.log(formatComposition(c.name, c.parts));
    return { baseline, pages: measured, composition };
  });
  results.firstLoadJs = firstLoad;

  const loadable = pages.filter((p) => firstLoad?.pages.find((m) => m.name === p.name)?.status === 200);
  results.lighthouse = await stage("lighthouse", () => runLighthouse(origin, loadable, LIGHTHOUSE_RUNS));
}

async function benchPglite(mailbox: Mailbox) {
  const dir = await tempDir("bench-pglite-");
  const pgliteDir = path.join(dir, "pglite");
  const place = await prepareServerDatabase({ dir: pgliteDir });
  const port = await freePort();
  const server = await startServer({
    name: "next start (PGlite)",
    command: process.execPath,
    args: [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"],
    port,
    env: { ...benchServerEnv(port, mailbox), PGLITE_DIR: pgliteDir, DATABASE_URL: "", PORT: String(port) },
  });
  try {
    const token = await signIn(server.origin, LEARNER_EMAIL, mailbox);
    await benchPages(server.origin, place, token);
    if (PAGES_ONLY) return;
    const calls = await stage("API load, PGlite", () => measureApiLoad(server.origin, token, benchCalls(place), LOAD));
    if (calls) results.api.push({ server: "PGlite, next start", calls });
  } finally {
    await server.stop();
  }
}

async function benchPostgres(mailbox: Mailbox, adminUrl: string) {
  const database = await createPostgresDatabase(adminUrl);
  try {
    const place = await prepareServerDatabase({ url: database.url });
    const port = await freePort();
    const server = await startServer({
      name: "standalone API (PostgreSQL)",
      command: "npm",
      args: ["run", "--silent", "start:api"],
      port,
      env: { ...benchServerEnv(port, mailbox), DATABASE_URL: database.url, API_PORT: String(port) },
    });
    try {
      const token = await signIn(server.origin, LEARNER_EMAIL, mailbox);
      const calls = await measureApiLoad(server.origin, token, benchCalls(place), LOAD);
      results.api.push({ server: "PostgreSQL, standalone API", calls });
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

// ---------- the report ----------

const ratio = (value: number | null | undefined, baseline: number | null | undefined) =>
  value == null || baseline == null || baseline === 0 ? null : value / baseline;

function firstLoadRows(): Row[] {
  const data = results.firstLoadJs;
  if (!data) return [];
  const base = data.baseline.gzipBytes;
  const rows: Row[] = [
    { section: "first-load JS", metric: "bench-baseline (gzip)", value: base, unit: "B", baseline: null, ratio: null, budget: "-", result: "-", details: `${data.baseline.scripts.length} scripts` },
  ];
  for (const page of data.pages) {
    const r = ratio(page.gzipBytes, base);
    rows.push({
      section: "first-load JS",
      metric: `${page.name} (gzip)`,
      value: page.gzipBytes,
      unit: "B",
      baseline: base,
      ratio: r,
      budget: `≤ ${BUDGET.firstLoadRatio}x`,
      result: r !== null && r <= BUDGET.firstLoadRatio ? "PASS" : "FAIL",
      details: page.problem ?? `${page.scripts.length} scripts`,
    });
  }
  return rows;
}

function lighthouseRows(): Row[] {
  const pages = results.firstLoadJs?.pages ?? [];
  return pages.map((page): Row => {
    const lh = results.lighthouse?.find((l) => l.name === page.name);
    const m = lh?.median;
    const redirected = lh?.runs.find((r) => new URL(r.finalUrl).pathname !== new URL(page.path, "http://x").pathname);
    const problem = page.problem ?? lh?.runs.find((r) => r.problem)?.problem ?? (lh ? undefined : "not measured");
    const details = m
      ? `median of ${lh.runs.length}: LCP ${Math.round(m.lcpMs ?? NaN)} ms, TBT ${Math.round(m.tbtMs ?? NaN)} ms, CLS ${m.cls?.toFixed(3)}${redirected ? `; ended at ${redirected.finalUrl}` : ""}`
      : "";
    return {
      section: "lighthouse",
      metric: `${page.name} performance score`,
      value: m?.score ?? null,
      unit: "",
      baseline: null,
      ratio: null,
      budget: `≥ ${BUDGET.lighthouseScore}`,
      result: !problem && m?.score != null && m.score >= BUDGET.lighthouseScore ? "PASS" : "FAIL",
      details: [problem, details].filter(Boolean).join("; "),
    };
  });
}

function apiRows(): Row[] {
  const rows: Row[] = [];
  for (const { server, calls } of results.api) {
    const baseline = calls[0]!;
    const at = (c: CallLoad, n: number) => c.load.find((l) => l.connections === n);
    const base1 = at(baseline, 1);
    const base10 = at(baseline, 10);
    rows.push({
      section: "api",
      metric: `[${server}] baseline p95 @1 conn`,
      value: base1?.p95Ms ?? null,
      unit: "ms",
      baseline: null,
      ratio: null,
      budget: "-",
      result: "-",
      details: `p50 ${base1?.p50Ms?.toFixed(2)} ms; ${base10?.requestsPerSecond.toFixed(0)} req/s @10 conn${baseline.problem ? `; ${baseline.problem}` : ""}`,
    });
    for (const call of calls.slice(1)) {
      if (!call.served || !call.load.length) {
        rows.push({ section: "api", metric: `[${server}] ${call.call}`, value: null, unit: "", baseline: null, ratio: null, budget: "p95, req/s", result: "FAIL", details: call.problem });
        continue;
      }
      const c1 = at(call, 1);
      const c10 = at(call, 10);
      const p95 = c1?.p95Ms ?? null;
      const basep95 = base1?.p95Ms ?? null;
      rows.push({
        section: "api",
        metric: `[${server}] ${call.call} p95 @1 conn`,
        value: p95,
        unit: "ms",
        baseline: basep95,
        ratio: ratio(p95, basep95),
        budget: `≤ baseline + ${BUDGET.p95ExtraMs} ms`,
        result: !call.problem && p95 !== null && basep95 !== null && p95 <= basep95 + BUDGET.p95ExtraMs ? "PASS" : "FAIL",
        details: [call.problem, `p50 ${c1?.p50Ms?.toFixed(2)} ms; p95 @10 conn ${c10?.p95Ms?.toFixed(2)} ms (baseline ${base10?.p95Ms?.toFixed(2)} ms)`]
          .filter(Boolean)
          .join("; "),
      });
      const rps = c10?.requestsPerSecond ?? null;
      const r = ratio(rps, base10?.requestsPerSecond);
      rows.push({
        section: "api",
        metric: `[${server}] ${call.call} req/s @10 conn`,
        value: rps,
        unit: "req/s",
        baseline: base10?.requestsPerSecond ?? null,
        ratio: r,
        budget: `≥ ${BUDGET.throughputRatio}x`,
        result: !call.problem && r !== null && r >= BUDGET.throughputRatio ? "PASS" : "FAIL",
        details: `${c1?.requestsPerSecond.toFixed(0)} req/s @1 conn`,
      });
    }
  }
  return rows;
}

function sqlRows(): Row[] {
  const sql = results.sql;
  if (!sql) return [];
  const rows: Row[] = [];
  for (const name of [...new Set(sql.counts.map((c) => c.call))]) {
    const counts = sql.counts.filter((c) => c.call === name);
    if (counts.some((c) => !c.served)) {
      rows.push({ section: "sql", metric: `${name} statements`, value: null, unit: "", baseline: null, ratio: null, budget: `≤ ${BUDGET.sqlStatements}`, result: "FAIL", details: "not served yet" });
      continue;
    }
    const failed = counts.find((c) => c.status < 200 || c.status >= 300);
    const small = counts.find((c) => c.course === "small");
    const large = counts.find((c) => c.course === "large");
    const value = (large ?? counts[0]!).statements;
    const bounded = counts.every((c) => c.statements !== null && c.statements <= BUDGET.sqlStatements);
    const flat = !small || small.statements === large?.statements;
    rows.push({
      section: "sql",
      metric: `${name} statements${large ? ` (${sql.fixture.largeCourseVideos} videos)` : ""}`,
      value,
      unit: "",
      baseline: small?.statements ?? null,
      ratio: small ? ratio(value, small.statements) : null,
      budget: small ? `≤ ${BUDGET.sqlStatements}, = ${sql.fixture.smallCourseVideos}-video count` : `≤ ${BUDGET.sqlStatements}`,
      result: !failed && bounded && flat ? "PASS" : "FAIL",
      details: [failed ? `answered ${failed.status}` : "", `learner enrolled in ${sql.fixture.enrolledCourses} courses`].filter(Boolean).join("; "),
    });
  }
  return rows;
}

/** The writes of timed challenges, in process: p95 within 2 ms of the one-query call's, statements within budget. */
function writeRows(): Row[] {
  const writes = results.sql?.writes;
  if (!writes) return [];
  if ("problem" in writes) {
    return [{ section: "api", metric: "challenge writes (stage failed)", value: null, unit: "", baseline: null, ratio: null, budget: "-", result: "FAIL", details: writes.problem }];
  }
  return writes.calls.flatMap<Row>((c) => [
    {
      section: "api",
      metric: `[in process, PGlite] ${c.call} p95`,
      value: c.problem ? null : c.p95Ms,
      unit: "ms",
      baseline: writes.baseline.p95Ms,
      ratio: c.problem ? null : ratio(c.p95Ms, writes.baseline.p95Ms),
      budget: `≤ baseline + ${BUDGET.p95ExtraMs} ms`,
      result: !c.problem && c.p95Ms <= writes.baseline.p95Ms + BUDGET.p95ExtraMs ? "PASS" : "FAIL",
      details: c.problem ?? `p50 ${c.p50Ms.toFixed(2)} ms over ${c.requests} sequential requests (baseline p50 ${writes.baseline.p50Ms.toFixed(2)} ms)`,
    },
    {
      section: "sql",
      metric: `${c.call} statements`,
      value: c.statements,
      unit: "",
      baseline: null,
      ratio: null,
      budget: `≤ ${BUDGET.sqlStatements}`,
      result: !c.problem && c.statements <= BUDGET.sqlStatements ? "PASS" : "FAIL",
      details: "one request, counted in process",
    },
  ]);
}

function errorRows(): Row[] {
  return results.errors.map((e) => ({
    section: e.stage.startsWith("API") ? "api" : e.stage === "SQL statements" ? "sql" : e.stage === "lighthouse" ? "lighthouse" : "first-load JS",
    metric: `${e.stage} (stage failed)`,
    value: null,
    unit: "",
    baseline: null,
    ratio: null,
    budget: "-",
    result: "FAIL",
    details: e.message.split("\n")[0]!.slice(0, 160),
  }));
}

async function main() {
  const started = Date.now();
  if (!PAGES_ONLY) results.sql = await stage("SQL statements", countSqlStatements);

  const built = await stage("production build", async () => {
    if (process.env.BENCH_SKIP_BUILD === "1") return true;
    await buildForBench(DIST_DIR, { NEXT_TELEMETRY_DISABLED: "1", APP_ENV: "dev" });
    return true;
  });

  const mailbox = await startMailbox();
  cleanups.push(() => mailbox.close());
  if (built) await stage("PGlite server", () => benchPglite(mailbox));
  if (process.env.DATABASE_URL && !PAGES_ONLY) await stage("API load, PostgreSQL", () => benchPostgres(mailbox, process.env.DATABASE_URL!));

  const rows = [...firstLoadRows(), ...lighthouseRows(), ...apiRows(), ...sqlRows(), ...writeRows(), ...errorRows()];
  const summary = summarize(rows);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeResults(RESULTS_FILE, {
    machine: machineInfo(),
    durationSeconds: seconds,
    budgets: BUDGET,
    summary,
    rows,
    ...results,
  });
  console.log(`\n${formatTable(rows)}\n`);
  console.log(`${summary.passed} of ${summary.budgets} budgets kept, ${summary.failed} failed; ${seconds} s; details in ${RESULTS_FILE}`);
  if (results.errors.length) process.exitCode = 1;
}

async function cleanUp() {
  await stopAll();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} finally {
  await cleanUp();
}
