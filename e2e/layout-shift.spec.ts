import { expect, test, type Locator, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";

const LEARN_PAGE = "/learn/video/cad-fundamentals-solidworks/getting-started/welcome/course-introduction";

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: { node: string; from: string; to: string }[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/** Records every layout shift of the page from its first paint, with the elements that moved and where from and to. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : "(removed)";
      const label = node.getAttribute("aria-label") ?? node.getAttribute("data-testid") ?? node.textContent?.trim().slice(0, 40) ?? "";
      return `${node.tagName.toLowerCase()}.${[...node.classList].slice(0, 4).join(".")} "${label}"`;
    };
    window.__layoutShifts = [];
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Entry[]) {
        window.__layoutShifts!.push({
          value: e.value,
          hadRecentInput: e.hadRecentInput,
          sources: (e.sources ?? []).map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/**
 * Loads `path` as Lighthouse's mobile run does (the CPU four times slower; with `firstVisit`, the
 * browser's cache off, so the stylesheet and scripts come from the server and the page is painted in
 * steps), waits for `ready` and three seconds more, and returns the shifts it recorded and their sum.
 * `countAfterInput` keeps the shifts Chromium marks as following an input.
 */
async function shiftsWhileLoading(page: Page, path: string, ready: (page: Page) => Locator, options: { firstVisit: boolean; countAfterInput: boolean }) {
  await recordLayoutShifts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (options.firstVisit) await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.goto(path);
  await expect(ready(page)).toBeVisible();
  await page.waitForTimeout(3000);
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  const score = shifts.filter((s) => options.countAfterInput || !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
  // The shifts name what moved, so a failure says where to look.
  return { score, trace: JSON.stringify(shifts, null, 2) };
}

// As Lighthouse's mobile run sees the page: a phone-sized screen.
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

test("the learning page does not move under the learner's eyes while it loads", async ({ page }) => {
  await signIn(page, LEARNER);
  // The sign-in's presses came just before, on this page: shifts following them are not counted.
  const { score, trace } = await shiftsWhileLoading(page, LEARN_PAGE, (p) => p.getByRole("group", { name: /^Video player/ }), { firstVisit: false, countAfterInput: false });
  expect(score, trace).toBeLessThan(0.02);
});

for (const [path, size] of [
  ["/dashboard", { width: 412, height: 823 }],
  ["/dashboard", { width: 1280, height: 720 }],
  ["/courses", { width: 412, height: 823 }],
  ["/courses", { width: 1280, height: 720 }],
] as const) {
  test(`${path} does not move under the learner's eyes while it loads, its files not yet cached, at ${size.width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500 });
    await signIn(await context.newPage(), LEARNER);
    // A page of its own, which has had no input, so every shift counts. (Chromium's touch emulation
    // marks the first shifts as following an input; Lighthouse counts them too.)
    const page = await context.newPage();
    const { score, trace } = await shiftsWhileLoading(page, path, (p) => p.getByRole("heading", { level: 1 }), { firstVisit: true, countAfterInput: true });
    expect(score, trace).toBeLessThan(0.02);
    await context.close();
  });
}
