import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { learnPath } from "@/lib/learning-address";
import { measureApiLoad, PINNING, pinLoadGenerator, spread, type CallLoad, type LoadFigures } from "./api-load";
import { BASELINE_KEY, benchCalls, loadTargets, twinKey, type BenchCall } from "./calls";
import { earnCertificate } from "./certificate";
import { createPostgresDatabase, GRADER_EMAIL, LEARNER_EMAIL, prepareLoadCourse, prepareServerDatabase, type VideoPlace } from "./fixtures";
import { firstLoadComposition, formatComposition, type CompositionPart } from "./first-load-composition";
import { builtRoutes, measurePage, type PageScripts, type PageTarget } from "./first-load-js";
import { runLighthouse, type LighthouseResult } from "./lighthouse";
import { formatTable, machineInfo, summarize, writeResults, type Row } from "./report";
import { buildForBench, freePort, signIn, startMailbox, startServer, stopAll, type Env, type Mailbox } from "./server";
import { countSqlStatements, type SqlCountResult } from "./sql-count";

const DIST_DIR = ".next/bench";
const RESULTS_FILE = process.env.BENCH_ONLY === "pages" ? ".next/bench-pages.json" : "bench/results.json";
const SESSION_COOKIE = "devuserTokenSklGrow";

const BUDGET = {
  firstLoadRatio: 1.5,
  lighthouseScore: 0.95,
  p95ExtraMs: 2,
  throughputRatio: 0.7,
  sqlStatements: 10,
} as const;
const LIGHTHOUSE_RUNS = 3;
const LOAD = { durationSeconds: 2, rounds: 3 };
// BENCH_ONLY=pages runs the build, first-load JS and Lighthouse stages only (the API and SQL stages are skipped).
// Such a partial run writes its figures next to the build, not to the committed results.
const PAGES_ONLY = process.env.BENCH_ONLY === "pages";

interface ApiServerResult {
  server: string;
  /** The cores the server and the load generator ran on, when pinned. */
  pinning: typeof PINNING;
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
    BENCH_BUILD: "1",
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_PUBLIC_SITE_URL: origin,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    MAIL_FROM: "SkillGrow Bench <bench@skillgrow.test>",
  };
}

/** The public id of a certificate the demo learner earns through the API (see earnCertificate). */
function certificateId(origin: string, token: string): Promise<string | null> {
  return earnCertificate(async <T>(method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.ok ? ((await res.json()) as T) : null;
  });
}

async function benchPages(origin: string, place: VideoPlace, token: string, certificateUID: string | null) {
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
    { name: "certificate share page", path: `/certificates/course/${certificateUID ?? place.courseId}` },
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

type Database = { kind: "PGlite"; dir: string } | { kind: "PostgreSQL"; url: string };

/**
 * Starts the app's server (`npm start`: server.mjs, Next with /api served beside its router) or the
 * standalone API on a database, pinned to the server's core, with the bare twins beside it.
 */
async function startBenchServer(mailbox: Mailbox, database: Database, next: boolean) {
  const port = await freePort();
  const twinPort = await freePort();
  // The standalone API as `npm run start:api` runs it, with the bench's additions (api-server.ts); the
  // bench's build of the app carries them itself (instrumentation.ts).
  const command = next ? [process.execPath, "server.mjs", "-p", String(port), "-H", "127.0.0.1"] : [process.execPath, "--import", "tsx", "--conditions=react-server", "bench/api-server.ts"];
  const pinned = PINNING ? ["taskset", "-c", PINNING.server, ...command] : command;
  const server = await startServer({
    name: `${next ? "npm start" : "standalone API"} (${database.kind})`,
    command: pinned[0]!,
    args: pinned.slice(1),
    port,
    env: {
      ...benchServerEnv(port, mailbox),
      ...(database.kind === "PGlite" ? { PGLITE_DIR: database.dir, DATABASE_URL: "" } : { DATABASE_URL: database.url }),
      PORT: String(port),
      API_PORT: String(port),
      BENCH_TWIN_PORT: String(twinPort),
    },
  });
  return { server, twinOrigin: `http://127.0.0.1:${twinPort}` };
}

/** Loads every bench call on one server, the load generator pinned to its own core. */
async function loadServer(label: string, mailbox: Mailbox, database: Database, next: boolean, calls: BenchCall[]) {
  const { server, twinOrigin } = await startBenchServer(mailbox, database, next);
  try {
    const tokens = { learner: await signIn(server.origin, LEARNER_EMAIL, mailbox), grader: await signIn(server.origin, GRADER_EMAIL, mailbox) };
    const unpin = pinLoadGenerator();
    try {
      const measured = await measureApiLoad(loadTargets(calls, { origin: server.origin, twinOrigin, next }, tokens), LOAD);
      results.api.push({ server: label, pinning: PINNING, calls: measured });
    } finally {
      unpin();
    }
  } finally {
    await server.stop();
  }
}

/**
 * One database through both servers: the app's (`npm start`) first (the pages are measured there, on PGlite),
 * then the standalone API. The load runs on the 500-video course, where the learner has progress.
 */
async function benchDatabase(mailbox: Mailbox, database: Database, withPages: boolean) {
  const target = database.kind === "PGlite" ? { dir: database.dir } : { url: database.url };
  const place = await prepareServerDatabase(target);
  const loadPlace = await prepareLoadCourse(target);
  let certificateUID: string | null = null;
  const { server } = await startBenchServer(mailbox, database, true);
  try {
    const token = await signIn(server.origin, LEARNER_EMAIL, mailbox);
    certificateUID = await certificateId(server.origin, token);
    if (withPages) await benchPages(server.origin, place, token, certificateUID);
  } finally {
    await server.stop();
  }
  if (PAGES_ONLY) return;
  const calls = benchCalls(loadPlace, certificateUID);
  await stage(`API load, ${database.kind}, npm start`, () => loadServer(`${database.kind}, npm start`, mailbox, database, true, calls));
  await stage(`API load, ${database.kind}, standalone API`, () => loadServer(`${database.kind}, standalone API`, mailbox, database, false, calls));
}

async function benchPglite(mailbox: Mailbox) {
  const dir = await tempDir("bench-pglite-");
  await benchDatabase(mailbox, { kind: "PGlite", dir: path.join(dir, "pglite") }, true);
}

async function benchPostgres(mailbox: Mailbox, adminUrl: string) {
  const database = await createPostgresDatabase(adminUrl);
  try {
    await benchDatabase(mailbox, { kind: "PostgreSQL", url: database.url }, false);
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

const at = (c: CallLoad | undefined, connections: number): LoadFigures[] => c?.load.find((l) => l.connections === connections)?.rounds ?? [];
const fixed = (n: number | null | undefined, digits = 2) => (n == null ? "—" : n.toFixed(digits));

function apiRows(): Row[] {
  const rows: Row[] = [];
  for (const { server, calls } of results.api) {
    const find = (key: string) => calls.find((c) => c.key === key);
    const baseline = find(BASELINE_KEY);
    const base1 = spread(at(baseline, 1).map((f) => f.p95Ms));
    const base10 = spread(at(baseline, 10).map((f) => f.requestsPerSecond));
    rows.push({
      section: "api",
      metric: `[${server}] baseline (session check + 1 query) p95 @1 conn`,
      value: base1?.median ?? null,
      min: base1?.min,
      max: base1?.max,
      unit: "ms",
      baseline: null,
      ratio: null,
      budget: "-",
      result: "-",
      details: `${fixed(base10?.median, 0)} req/s @10 conn${baseline?.problem ? `; ${baseline.problem}` : ""}`,
    });
    for (const call of calls) {
      if (call.key === BASELINE_KEY || call.key.endsWith(" twin")) continue;
      const judged = call.budget !== "report";
      if (!call.served || !call.load.length) {
        rows.push({ section: "api", metric: `[${server}] ${call.call}`, value: null, unit: "", baseline: null, ratio: null, budget: judged ? "p95" : "-", result: judged ? "FAIL" : "-", details: call.problem });
        continue;
      }
      const p95 = spread(at(call, 1).map((f) => f.p95Ms));
      const p50 = spread(at(call, 1).map((f) => f.p50Ms));
      const twin = find(twinKey(call.key));
      const twinP95 = spread(at(twin, 1).map((f) => f.p95Ms));
      const limit = base1 ? base1.median + BUDGET.p95ExtraMs : null;
      rows.push({
        section: "api",
        metric: `[${server}] ${call.call} p95 @1 conn`,
        value: p95?.median ?? null,
        min: p95?.min,
        max: p95?.max,
        unit: "ms",
        baseline: base1?.median ?? null,
        ratio: ratio(p95?.median, base1?.median),
        budget: judged ? `≤ baseline + ${BUDGET.p95ExtraMs} ms` : "-",
        result: !judged ? "-" : !call.problem && p95 && limit !== null && p95.median <= limit ? "PASS" : "FAIL",
        details: [
          call.problem,
          `p50 ${fixed(p50?.median)} ms`,
          twin ? `bare twin p95 ${fixed(twinP95?.median)} ms` : "",
          `answer ${call.encoding ?? "not compressed"}`,
        ]
          .filter(Boolean)
          .join("; "),
      });
      if (!twin) continue;
      const rounds = at(call, 10);
      const twinRounds = at(twin, 10);
      // Each round's ratio to the twin measured in the same round, then their median: drift between rounds cancels out.
      const ratios = spread(rounds.map((f, i) => ratio(f.requestsPerSecond, twinRounds[i]?.requestsPerSecond) ?? null));
      const rps = spread(rounds.map((f) => f.requestsPerSecond));
      const twinRps = spread(twinRounds.map((f) => f.requestsPerSecond));
      rows.push({
        section: "api",
        metric: `[${server}] ${call.call} req/s @10 conn`,
        value: rps?.median ?? null,
        min: rps?.min,
        max: rps?.max,
        unit: "req/s",
        baseline: twinRps?.median ?? null,
        ratio: ratios?.median ?? null,
        budget: `≥ ${BUDGET.throughputRatio}x bare twin`,
        result: !call.problem && !twin.problem && ratios && ratios.median >= BUDGET.throughputRatio ? "PASS" : "FAIL",
        details: [twin.problem, `ratio per round ${fixed(ratios?.min)} – ${fixed(ratios?.max)}; twin ${fixed(twinRps?.min, 0)} – ${fixed(twinRps?.max, 0)} req/s`].filter(Boolean).join("; "),
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
      details: c.problem ?? `median of ${c.rounds} interleaved rounds of ${c.requests} sequential requests; p95 per round ${c.p95MinMs.toFixed(2)} – ${c.p95MaxMs.toFixed(2)} ms; p50 ${c.p50Ms.toFixed(2)} ms (baseline p50 ${writes.baseline.p50Ms.toFixed(2)} ms)`,
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
    section: e.stage.startsWith("API") || e.stage.endsWith("servers") ? "api" : e.stage === "SQL statements" ? "sql" : e.stage === "lighthouse" ? "lighthouse" : "first-load JS",
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
  if (built) await stage("PGlite servers", () => benchPglite(mailbox));
  if (PAGES_ONLY) console.log("[bench] BENCH_ONLY=pages: the API stages are skipped");
  else if (!process.env.DATABASE_URL) console.log("[bench] DATABASE_URL is not set: the PostgreSQL half is skipped");
  else if (built) await stage("PostgreSQL servers", () => benchPostgres(mailbox, process.env.DATABASE_URL!));

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
