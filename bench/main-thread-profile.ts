import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { partOf, sourceLocator, type RawMap } from "./first-load-composition";
import type { PageTarget } from "./first-load-js";
import { CHROME_FLAGS } from "./lighthouse";

/**
 * Where a page's main-thread time goes while it loads, from a Chrome performance trace with the CPU
 * profiler on: the trace's tasks by kind (as Lighthouse groups them), and the JavaScript samples
 * mapped back through the bench build's source maps to the package or app folder whose code ran,
 * and to the nearest app module on the stack (the component or hook that asked for the work).
 * Taken at the mobile profile's CPU slowdown (4x) and viewport, one load per page.
 */
export interface MainThreadProfile {
  name: string;
  path: string;
  /** Main-thread time of the load, ms (every task from navigation until the page was quiet). */
  totalMs: number;
  /** The same tasks' time on the CPU, ms (the thread's own time: what other work on the machine does not inflate). */
  cpuMs: number;
  /** Self time per trace event, grouped as Lighthouse's breakdown groups them. */
  groups: Record<string, number>;
  /** Self time per trace event name (RunTask's own time is the breakdown's "other"). */
  events: Record<string, number>;
  /** JavaScript self time per package or app folder (react-dom, next (router), components/shell, ...). */
  parts: { part: string; ms: number }[];
  /** JavaScript time per nearest app module on the stack (or the package, when no app code is on it). */
  callers: { caller: string; ms: number }[];
  /** Functions with the most self time. */
  functions: { fn: string; part: string; ms: number }[];
  /**
   * React's own timing of each component, in a build with React's profiling (BENCH_REACT_PROFILE=1):
   * self time per component and phase (Hydrated, Render, Commit, Remaining Effects, ...), and
   * how many times the component was timed there. Empty in an ordinary build.
   */
  components: { component: string; phase: string; ms: number; count: number }[];
  /**
   * The style recalculations and layouts, the longest first: when each began (ms after the first
   * parse of the document), how long it took, how many elements it restyled or objects it laid out,
   * and what ran it: the browser's own frame, or a script that read the layout (forced).
   */
  passes: { kind: "style" | "layout"; atMs: number; ms: number; count: number; forcedBy: string | null }[];
  /** The requests the page made after its document, in order: what a load costs beyond its scripts (refetches, prefetches, logs). */
  requests: { method: string; path: string; type: string; afterMs: number }[];
}

const CPU_SLOWDOWN = 4;
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8", "disabled-by-default-v8.cpu_profiler", "toplevel", "loading"];
const QUIET_MS = 3000;

// Lighthouse's task groups (core/lib/tracehouse/task-groups.js), by trace event name.
const GROUP_OF: Record<string, string> = {
  ParseHTML: "parseHTML",
  ParseAuthorStyleSheet: "parseHTML",
  ScheduleStyleRecalculation: "styleLayout",
  UpdateLayoutTree: "styleLayout",
  InvalidateLayout: "styleLayout",
  Layout: "styleLayout",
  Paint: "paintCompositeRender",
  PrePaint: "paintCompositeRender",
  Layerize: "paintCompositeRender",
  "v8.compile": "scriptParseCompile",
  "v8.compileModule": "scriptParseCompile",
  "v8.parseOnBackground": "scriptParseCompile",
  EventDispatch: "scriptEvaluation",
  EvaluateScript: "scriptEvaluation",
  "v8.evaluateModule": "scriptEvaluation",
  FunctionCall: "scriptEvaluation",
  TimerFire: "scriptEvaluation",
  FireIdleCallback: "scriptEvaluation",
  FireAnimationFrame: "scriptEvaluation",
  RunMicrotasks: "scriptEvaluation",
  "V8.Execute": "scriptEvaluation",
  MinorGC: "garbageCollection",
  MajorGC: "garbageCollection",
  "BlinkGC.AtomicPhase": "garbageCollection",
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; url?: string };
    data?: {
      name?: string;
      track?: string;
      trackGroup?: string;
      start?: number;
      end?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const APP_FOLDERS = /^(app|components|hooks|lib)(\/|$)/;

/** Where a script address's code comes from: the bench build's own files and their source maps. */
function makeResolver(distDir: string, pageUrl: string) {
  const locators = new Map<string, ((line: number, column: number) => string | null) | null>();
  return (url: string, line: number, column: number): string => {
    if (!url) return "(native)";
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return url;
    }
    if (url.split("#")[0] === pageUrl.split("#")[0] || !pathname.startsWith("/_next/")) return "(inline scripts of the page)";
    if (!locators.has(pathname)) {
      const file = path.resolve(distDir, decodeURIComponent(pathname).slice("/_next/".length));
      const mapName = existsSync(file) ? /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, "utf8"))?.[1] : undefined;
      const mapFile = mapName ? path.resolve(path.dirname(file), mapName) : "";
      locators.set(pathname, mapFile && existsSync(mapFile) ? sourceLocator(JSON.parse(readFileSync(mapFile, "utf8")) as RawMap) : null);
    }
    const locate = locators.get(pathname);
    return (locate ? locate(line, column) : null) ?? `(no source: ${path.basename(pathname)})`;
  };
}

const add = <K>(map: Map<K, number>, key: K, value: number) => map.set(key, (map.get(key) ?? 0) + value);
const top = <K>(map: Map<K, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => [key, Math.round(us / 100) / 10] as const);

/** The renderer main thread that parsed the page's HTML. */
function mainThread(events: TraceEvent[], pageUrl: string) {
  const wanted = pageUrl.split("#")[0];
  const parse = events.find((e) => e.name === "ParseHTML" && (e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url?.split("#")[0] === wanted);
  if (!parse) throw new Error(`the trace holds no parse of ${wanted}`);
  return { pid: parse.pid, tid: parse.tid };
}

/** Reads a trace: self time per group of the main thread's tasks, and the CPU profile's samples by source. */
export function analyzeTrace(trace: { traceEvents: TraceEvent[] }, distDir: string, pageUrl: string, target: PageTarget): Omit<MainThreadProfile, "requests"> {
  const events = trace.traceEvents;
  const { pid, tid } = mainThread(events, pageUrl);
  const own = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && typeof e.dur === "number").sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);

  // Self time of each event inside the tasks (RunTask), grouped; an event's children are the events within it.
  const groups = new Map<string, number>();
  const names = new Map<string, number>();
  const stack: { end: number; name: string; group: string; childTime: number; dur: number }[] = [];
  const passes: MainThreadProfile["passes"] = [];
  const startedAt = own.find((e) => e.name === "ParseHTML")?.ts ?? 0;
  let total = 0;
  let cpu = 0;
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      add(groups, done.group, Math.max(0, done.dur - done.childTime));
      add(names, done.name, Math.max(0, done.dur - done.childTime));
    }
  };
  for (const e of own) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (!parent && e.name !== "RunTask") continue;
    if (!parent) {
      total += e.dur!;
      cpu += e.tdur ?? e.dur!;
    }
    const group = GROUP_OF[e.name] ?? (parent ? parent.group : "other");
    if (parent) parent.childTime += e.dur!;
    if (e.name === "UpdateLayoutTree" || e.name === "Layout") {
      // A pass inside a script's own call was asked for by that script: a read of the layout forced it.
      const script = stack.find((s) => GROUP_OF[s.name] === "scriptEvaluation");
      passes.push({
        kind: e.name === "Layout" ? "layout" : "style",
        atMs: Math.round((e.ts - startedAt) / 1000),
        ms: Math.round(e.dur! / 100) / 10,
        count: (e.name === "Layout" ? e.args?.beginData?.dirtyObjects : e.args?.elementCount) ?? 0,
        forcedBy: script ? script.name : null,
      });
    }
    stack.push({ end: e.ts + e.dur!, name: e.name, group: e.name === "RunTask" ? "other" : group, childTime: 0, dur: e.dur! });
  }
  close(Number.POSITIVE_INFINITY);

  // The CPU profile: chunks of nodes and samples, with the time between samples.
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; us: number }[] = [];
  for (const e of events) {
    if (e.name !== "ProfileChunk" || e.pid !== pid) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => samples.push({ node: id, us: Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0) }));
  }
  const resolve = makeResolver(distDir, pageUrl);
  const sourceOf = new Map<number, string>();
  const source = (node: ProfileNode) => {
    let s = sourceOf.get(node.id);
    if (s === undefined) {
      const f = node.callFrame;
      s = f.url ? resolve(f.url, f.lineNumber, f.columnNumber) : `(${f.functionName || "native"})`;
      sourceOf.set(node.id, s);
    }
    return s;
  };
  const parts = new Map<string, number>();
  const callers = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const sample of samples) {
    const leaf = nodes.get(sample.node);
    if (!leaf) continue;
    const name = leaf.callFrame.functionName;
    if (name === "(idle)" || name === "(root)") continue;
    const leafSource = source(leaf);
    const part = leafSource.startsWith("(") ? leafSource : partOf(leafSource);
    add(parts, part, sample.us);
    add(functions, `${name || "(anonymous)"} @ ${part}`, sample.us);
    let caller: string | null = null;
    for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
      const s = source(n);
      const clean = s.replace(/^turbopack:\/\/\/?/, "").replace(/^\[project\]\//, "");
      if (APP_FOLDERS.test(clean) && !clean.includes("node_modules/")) {
        caller = clean;
        break;
      }
    }
    add(callers, caller ?? part, sample.us);
  }

  return {
    name: target.name,
    path: target.path,
    components: reactComponents(events, pid),
    passes: passes.sort((a, b) => b.ms - a.ms),
    totalMs: Math.round(total / 1000),
    cpuMs: Math.round(cpu / 1000),
    groups: Object.fromEntries(top(groups, 20).map(([g, ms]) => [g, Math.round(ms)])),
    events: Object.fromEntries(top(names, 12).map(([g, ms]) => [g, Math.round(ms)])),
    parts: top(parts, 15).map(([part, ms]) => ({ part, ms })),
    callers: top(callers, 15).map(([caller, ms]) => ({ caller, ms })),
    functions: top(functions, 15).map(([fn, ms]) => {
      const at = fn.lastIndexOf(" @ ");
      return { fn: fn.slice(0, at), part: fn.slice(at + 3), ms };
    }),
  };
}

/**
 * React's performance tracks (a profiling build writes them with console.timeStamp): each component's
 * time on the "Components ⚛" track, less the time of the components timed inside it, by the phase
 * of the "Scheduler ⚛" tracks it started in.
 */
function reactComponents(events: TraceEvent[], pid: number): MainThreadProfile["components"] {
  const stamps = events.flatMap((e) => {
    const d = e.args?.data;
    return e.name === "TimeStamp" && e.pid === pid && d?.track && typeof d.start === "number" && typeof d.end === "number" && d.end > d.start
      ? [{ name: d.name ?? "", track: d.track, group: d.trackGroup, start: d.start, end: d.end }]
      : [];
  });
  const phases = stamps.filter((s) => s.group === "Scheduler \u269b");
  const timed = stamps.filter((s) => s.track === "Components \u269b").sort((a, b) => a.start - b.start || b.end - a.end);
  const phaseOf = (start: number) => phases.find((p) => p.start <= start && start < p.end)?.name ?? "other";
  const self = new Map<string, number>();
  const count = new Map<string, number>();
  const stack: { key: string; end: number; span: number; inner: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      add(self, done.key, Math.max(0, done.span - done.inner));
    }
  };
  for (const t of timed) {
    close(t.start);
    const parent = stack[stack.length - 1];
    if (parent) parent.inner += t.end - t.start;
    const key = `${t.name}\u0000${phaseOf(t.start)}`;
    add(count, key, 1);
    stack.push({ key, end: t.end, span: t.end - t.start, inner: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return top(self, 30).map(([key, ms]) => {
    const [component, phase] = key.split("\u0000") as [string, string];
    return { component, phase, ms, count: count.get(key) ?? 0 };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads a page once with the trace and the CPU profiler on, at the mobile profile's CPU slowdown and viewport. */
export async function profilePage(browser: Browser, origin: string, target: PageTarget, distDir: string, prepare?: (page: Page) => Promise<void>): Promise<MainThreadProfile> {
  const url = new URL(target.path, origin).toString();
  const context = await browser.createBrowserContext();
  try {
    if (target.cookie) {
      const hostname = new URL(origin).hostname;
      await context.setCookie(
        ...target.cookie.split(";").flatMap((pair) => {
          const at = pair.indexOf("=");
          return at > 0 ? [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), domain: hostname, path: "/", sameSite: "Lax" as const }] : [];
        }),
      );
    }
    const page = await context.newPage();
    await page.setViewport(MOBILE);
    // A stand-in for React's developer tools: with one present, a build with React's profiling times
    // every component (an ordinary build only tells it of each commit, which it ignores).
    await page.evaluateOnNewDocument(() => {
      const noop = () => undefined;
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: { supportsFiber: true, isDisabled: false, renderers: new Map(), inject: () => 1, onCommitFiberRoot: noop, onCommitFiberUnmount: noop, onPostCommitFiberRoot: noop, checkDCE: noop },
      });
    });
    await prepare?.(page);
    const requests: MainThreadProfile["requests"] = [];
    let navigatedAt = 0;
    page.on("request", (request) => {
      const at = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        navigatedAt = Date.now();
        return;
      }
      if (at.origin !== origin || request.resourceType() === "script" || request.resourceType() === "stylesheet" || request.resourceType() === "font") return;
      requests.push({ method: request.method(), path: `${at.pathname}${at.search}`, type: request.resourceType(), afterMs: Date.now() - navigatedAt });
    });
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.tracing.start({ categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await sleep(QUIET_MS);
    const buffer = await page.tracing.stop();
    const trace = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString("utf8")) as { traceEvents: TraceEvent[] };
    // The profiler slows the page down: its totals are for comparing the parts; Lighthouse's figures are the budget's.
    return { ...analyzeTrace(trace, distDir, page.url(), target), requests };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** One profile per page, each in a fresh browser context of one headless Chromium. */
export async function profilePages(origin: string, pages: PageTarget[], distDir: string): Promise<MainThreadProfile[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const profiles: MainThreadProfile[] = [];
    for (const page of pages) profiles.push(await profilePage(browser, origin, page, distDir));
    await browser.disconnect();
    return profiles;
  } finally {
    chrome.kill();
  }
}

/** Console lines for one page's profile. */
export function formatProfile(p: MainThreadProfile): string {
  const list = (items: readonly (readonly [string, number])[]) => items.map(([k, ms]) => `    ${`${Math.round(ms)} ms`.padStart(8)}  ${k}`).join("\n");
  return [
    `${p.name}: ${p.totalMs} ms of main-thread tasks, ${p.cpuMs} ms of them on the CPU (traced at ${CPU_SLOWDOWN}x CPU slowdown, profiler on)`,
    "  by kind:",
    list(Object.entries(p.groups).sort((a, b) => b[1] - a[1])),
    "  by trace event:",
    list(Object.entries(p.events).sort((a, b) => b[1] - a[1])),
    "  JavaScript by package or app folder:",
    list(p.parts.map((x) => [x.part, x.ms] as const)),
    "  JavaScript by nearest app module on the stack:",
    list(p.callers.map((x) => [x.caller, x.ms] as const)),
    "  functions:",
    list(p.functions.map((x) => [`${x.fn}  (${x.part})`, x.ms] as const)),
    `  style and layout: ${p.passes.filter((x) => x.kind === "style").length} style recalculations, ${p.passes.filter((x) => x.kind === "layout").length} layouts, ${Math.round(p.passes.reduce((sum, x) => sum + x.ms, 0))} ms; the longest:`,
    ...p.passes
      .slice(0, 10)
      .map((x) => `    ${`${x.ms} ms`.padStart(8)}  ${x.kind} of ${x.count} ${x.kind === "style" ? "elements" : "objects"} at +${x.atMs} ms${x.forcedBy ? `, forced inside ${x.forcedBy}` : ""}`),
    `  requests after the document (${p.requests.length}):`,
    ...p.requests.map((r) => `    ${`+${r.afterMs} ms`.padStart(9)}  ${r.method} ${r.path}  (${r.type})`),
    ...(p.components.length
      ? ["  React components (self time by phase, React's profiling build):", list(p.components.map((c) => [`${c.component}  ${c.phase} x${c.count}`, c.ms] as const))]
      : []),
  ].join("\n");
}
