import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import type { PageTarget } from "./first-load-js";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A script's share of the main thread, from Lighthouse's bootup-time audit (ms, scaled to the mobile CPU). */
export interface ScriptTime {
  url: string;
  totalMs: number;
  scriptingMs: number;
  parseCompileMs: number;
}

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Every main-thread task of the load, in ms (mainthread-work-breakdown; scaled to the mobile profile's CPU). */
  mainThreadMs: number | null;
  /** The main-thread time per category of the breakdown (scriptEvaluation, styleLayout, parseHTML, ...). */
  breakdown: Record<string, number>;
  /** The time spent running scripts: the breakdown's scriptEvaluation group (every script, however short). */
  scriptMs: number | null;
  /** Lighthouse's bootup-time figure: scripts that took 50 ms or more, with their parse and compile. */
  bootupMs: number | null;
  /** The scripts that took longest, longest first. */
  scripts: ScriptTime[];
  /** The elements that moved, most first (the layout-shifts audit): where a CLS comes from. */
  shifts: { node: string; score: number }[];
  /** The element whose paint is the LCP (largest-contentful-paint-element). */
  lcpElement: string | null;
  /** Where the LCP's time went, Lighthouse's phases in ms (time to first byte, resource load delay and time, element render delay). */
  lcpPhases: Record<string, number>;
  finalUrl: string;
  problem?: string;
}

type Figures = Pick<LighthouseRun, "score" | "lcpMs" | "tbtMs" | "cls" | "mainThreadMs" | "scriptMs" | "bootupMs">;

export interface LighthouseResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
  /** Medians over the runs, each figure on its own. */
  median: Figures & { breakdown: Record<string, number> };
}

export const median = (values: (number | null | undefined)[]): number | null => {
  const sorted = values.filter((v): v is number => typeof v === "number").sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const cookiePairs = (header: string) =>
  header.split(";").flatMap((pair) => {
    const at = pair.indexOf("=");
    return at > 0 ? [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }] : [];
  });

const SCRIPTS_KEPT = 6;

interface AuditLike {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

/** The breakdown's categories, rounded to the millisecond. */
function breakdownOf(audit: AuditLike | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of audit?.details?.items ?? []) {
    if (typeof item.group === "string" && typeof item.duration === "number") out[item.group] = Math.round(item.duration);
  }
  return out;
}

/** A script's address without the origin: the figures compare across runs and servers. */
const shortUrl = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
};

function scriptsOf(audit: AuditLike | undefined): ScriptTime[] {
  return (audit?.details?.items ?? [])
    .flatMap((item) =>
      typeof item.url === "string" && typeof item.total === "number"
        ? [{ url: shortUrl(item.url), totalMs: Math.round(item.total), scriptingMs: Math.round(Number(item.scripting) || 0), parseCompileMs: Math.round(Number(item.scriptParseCompile) || 0) }]
        : [],
    )
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, SCRIPTS_KEPT);
}

/** The layout-shifts audit's elements, largest shift first: the element's selector (or its HTML) and its share of the CLS. */
function shiftsOf(audit: AuditLike | undefined): { node: string; score: number }[] {
  return (audit?.details?.items ?? [])
    .map((item) => {
      const node = item.node as { selector?: string; snippet?: string } | undefined;
      return { node: String(node?.selector || node?.snippet || "(unknown)").slice(0, 120), score: Math.round(Number(item.score) * 1000) / 1000 };
    })
    .filter((s) => s.score > 0)
    .slice(0, 3);
}

/** The LCP element's selector, from the first table of the largest-contentful-paint-element audit. */
function lcpElementOf(audit: AuditLike | undefined): string | null {
  const table = audit?.details?.items?.[0] as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined;
  const node = table?.items?.[0]?.node;
  return node ? String(node.selector || node.snippet).slice(0, 120) : null;
}

/** The LCP's phases from the second table of the largest-contentful-paint-element audit, by phase name. */
function lcpPhasesOf(audit: AuditLike | undefined): Record<string, number> {
  const table = audit?.details?.items?.[1] as { items?: { phase?: string; timing?: number }[] } | undefined;
  return Object.fromEntries((table?.items ?? []).filter((row) => row.phase && typeof row.timing === "number").map((row) => [row.phase!, Math.round(row.timing!)]));
}

/**
 * Lighthouse, mobile profile (its default), performance only, in one headless Chromium: `runs`
 * rounds, each visiting every page once in turn, so that drift during the run (other work on the
 * machine) reaches every page alike and each round's figures compare with the same round's bare page.
 * A signed-in page gets its cookie both as a request header and in the browser's cookie jar: the
 * app's client code reads the session from document.cookie.
 */
export async function runLighthouse(origin: string, pages: PageTarget[], runs = 3): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const measured = new Map<string, LighthouseRun[]>(pages.map((p) => [p.name, []]));
    for (let round = 0; round < runs; round++) {
      for (const target of pages) {
        const url = new URL(target.path, origin).toString();
        await browser.deleteCookie(...(await browser.cookies()));
        if (target.cookie) {
          await browser.setCookie(...cookiePairs(target.cookie).map((c) => ({ ...c, domain: new URL(origin).hostname, path: "/", sameSite: "Lax" as const })));
        }
        const page = await browser.newPage();
        try {
          const result = await lighthouse(
            url,
            {
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance"],
              extraHeaders: target.cookie ? { Cookie: target.cookie } : undefined,
            },
            undefined,
            page,
          );
          const lhr = result?.lhr;
          // BENCH_SAVE_LHR=<folder> keeps each round's whole report, for reading what a median hides.
          if (process.env.BENCH_SAVE_LHR && lhr) {
            mkdirSync(process.env.BENCH_SAVE_LHR, { recursive: true });
            writeFileSync(path.join(process.env.BENCH_SAVE_LHR, `${target.name.replace(/[^a-z0-9]+/gi, "_")}-${round + 1}.json`), JSON.stringify(lhr));
          }
          const audit = (id: string) => lhr?.audits[id]?.numericValue ?? null;
          const breakdown = breakdownOf(lhr?.audits["mainthread-work-breakdown"] as AuditLike | undefined);
          measured.get(target.name)!.push({
            score: lhr?.categories.performance?.score ?? null,
            lcpMs: audit("largest-contentful-paint"),
            tbtMs: audit("total-blocking-time"),
            cls: audit("cumulative-layout-shift"),
            mainThreadMs: audit("mainthread-work-breakdown"),
            breakdown,
            scriptMs: breakdown.scriptEvaluation ?? null,
            bootupMs: audit("bootup-time"),
            scripts: scriptsOf(lhr?.audits["bootup-time"] as AuditLike | undefined),
            shifts: shiftsOf(lhr?.audits["layout-shifts"] as AuditLike | undefined),
            lcpElement: lcpElementOf(lhr?.audits["largest-contentful-paint-element"] as AuditLike | undefined),
            lcpPhases: lcpPhasesOf(lhr?.audits["largest-contentful-paint-element"] as AuditLike | undefined),
            finalUrl: lhr?.finalDisplayedUrl ?? url,
            problem: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
          });
        } finally {
          await page.close().catch(() => undefined);
        }
      }
    }
    await browser.disconnect();
    return pages.map((target): LighthouseResult => {
      const runsOf = measured.get(target.name)!;
      const groups = [...new Set(runsOf.flatMap((r) => Object.keys(r.breakdown)))];
      return {
        name: target.name,
        path: target.path,
        runs: runsOf,
        median: {
          score: median(runsOf.map((r) => r.score)),
          lcpMs: median(runsOf.map((r) => r.lcpMs)),
          tbtMs: median(runsOf.map((r) => r.tbtMs)),
          cls: median(runsOf.map((r) => r.cls)),
          mainThreadMs: median(runsOf.map((r) => r.mainThreadMs)),
          scriptMs: median(runsOf.map((r) => r.scriptMs)),
          bootupMs: median(runsOf.map((r) => r.bootupMs)),
          breakdown: Object.fromEntries(groups.map((g) => [g, median(runsOf.map((r) => r.breakdown[g] ?? 0)) ?? 0])),
        },
      };
    });
  } finally {
    chrome.kill();
  }
}
