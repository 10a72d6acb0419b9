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

export interface LighthouseRun {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  finalUrl: string;
  problem?: string;
}

export interface LighthouseResult {
  name: string;
  path: string;
  runs: LighthouseRun[];
  /** Medians over the runs, each figure on its own. */
  median: { score: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
}

const median = (values: (number | null)[]): number | null => {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const cookiePairs = (header: string) =>
  header.split(";").flatMap((pair) => {
    const at = pair.indexOf("=");
    return at > 0 ? [{ name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }] : [];
  });

/**
 * Lighthouse, mobile profile (its default), performance only, `runs` times per page, in one
 * headless Chromium. A signed-in page gets its cookie both as a request header and in the
 * browser's cookie jar: the app's client code reads the session from document.cookie.
 */
export async function runLighthouse(origin: string, pages: PageTarget[], runs = 3): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const results: LighthouseResult[] = [];
    for (const target of pages) {
      const url = new URL(target.path, origin).toString();
      await browser.deleteCookie(...(await browser.cookies()));
      if (target.cookie) {
        await browser.setCookie(...cookiePairs(target.cookie).map((c) => ({ ...c, domain: new URL(origin).hostname, path: "/", sameSite: "Lax" as const })));
      }
      const measured: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
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
          const audit = (id: string) => lhr?.audits[id]?.numericValue ?? null;
          measured.push({
            score: lhr?.categories.performance?.score ?? null,
            lcpMs: audit("largest-contentful-paint"),
            tbtMs: audit("total-blocking-time"),
            cls: audit("cumulative-layout-shift"),
            finalUrl: lhr?.finalDisplayedUrl ?? url,
            problem: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
          });
        } finally {
          await page.close().catch(() => undefined);
        }
      }
      results.push({
        name: target.name,
        path: target.path,
        runs: measured,
        median: {
          score: median(measured.map((r) => r.score)),
          lcpMs: median(measured.map((r) => r.lcpMs)),
          tbtMs: median(measured.map((r) => r.tbtMs)),
          cls: median(measured.map((r) => r.cls)),
        },
      });
    }
    await browser.disconnect();
    return results;
  } finally {
    chrome.kill();
  }
}
