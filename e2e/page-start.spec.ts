import { expect, test, type Page } from "@playwright/test";
import { LANGUAGE_COOKIE, type Locale } from "../lib/i18n/languages";
import { LEARNER, signIn } from "./support/sign-in";

// What a page does while it starts on a phone (docs/performance.md). The first Intl formatter a page
// builds loads the language's data: 100–200 ms of a slow phone's main thread, more than a whole
// component tree's hydration. A page drawn by the server brings its dates, numbers and plurals
// written; the browser formats only what changes once the learner acts.

const LEARN_PAGE = "/learn/course/cad-fundamentals-solidworks";
const LESSON = "/learn/video/cad-fundamentals-solidworks/getting-started/welcome/course-introduction";
const QUIZ = "/learn/mcqBlock/cad-fundamentals-solidworks/getting-started/sketching-basics/sketching-check";

/** Counts every Intl formatter the page builds, and every locale-aware method that builds one inside. */
async function countIntl(page: Page) {
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
    const kinds = ["DateTimeFormat", "NumberFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "Collator", "Segmenter", "DisplayNames"] as const;
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
    for (const kind of kinds) {
      const Original = intl[kind];
      if (!Original) continue;
      const Counted = function (this: unknown, ...args: unknown[]) {
        built.push(`Intl.${kind}`);
        return new Original(...args);
      } as unknown as new (...args: unknown[]) => unknown;
      Object.setPrototypeOf(Counted, Original);
      Counted.prototype = Original.prototype;
      intl[kind] = Counted;
    }
    const methods: [object, string][] = [
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [String.prototype, "localeCompare"],
    ];
    for (const [proto, name] of methods) {
      const target = proto as Record<string, (...args: unknown[]) => unknown>;
      const original = target[name]!;
      target[name] = function (this: unknown, ...args: unknown[]) {
        built.push(name);
        return original.apply(this, args);
      };
    }
  });
}

/** What the page built from its start until it was loaded and idle for a moment (when its deferred islands run). */
async function builtWhileStarting(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((done) => window.requestIdleCallback(() => window.setTimeout(done, 500), { timeout: 3000 })));
  return page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt);
}

async function chooseLanguage(page: Page, language: Locale) {
  const { protocol, host } = new URL(page.url());
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: `${protocol}//${host}/` }]);
}

test("the sign-in page starts without building an Intl formatter", async ({ page }) => {
  await countIntl(page);
  expect(await builtWhileStarting(page, "/")).toEqual([]);
});

for (const language of ["en", "hi"] as const) {
  test(`a learner's dashboard, catalogue and lesson start without building an Intl formatter (${language})`, async ({ page }) => {
    await signIn(page, LEARNER);
    await chooseLanguage(page, language);
    await countIntl(page);
    expect(await builtWhileStarting(page, "/dashboard"), "the dashboard").toEqual([]);
    await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);
    expect(await builtWhileStarting(page, "/courses"), "the catalogue").toEqual([]);
    expect(await builtWhileStarting(page, LEARN_PAGE), "the learning page").toEqual([]);
    await expect(page.getByTestId("still-needed")).toBeVisible();
  });
}

/** The scripts the page fetches from now on that carry `marker`, a string only that code has. */
function scriptsCarrying(page: Page, marker: string): string[] {
  const found: string[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.text().catch(() => "");
    if (body.includes(marker)) found.push(new URL(response.url()).pathname);
  });
  return found;
}

/** The scripts that carry the query library (its provider's error names it). */
const queryLibraryScripts = (page: Page) => scriptsCarrying(page, "No QueryClient set");

test("the dashboard and the catalogue start without the query library, which comes once the learner changes the course filter", async ({ page }) => {
  await signIn(page, LEARNER);
  const loaded = queryLibraryScripts(page);
  await builtWhileStarting(page, "/dashboard");
  await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);
  expect(loaded, "the dashboard's scripts").toEqual([]);
  await builtWhileStarting(page, "/courses");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(loaded, "the catalogue's scripts").toEqual([]);

  // A filter changed in place is fetched by the browser: the list's code brings the query library with it.
  await builtWhileStarting(page, "/dashboard");
  const myCourses = page.getByRole("region", { name: "My courses" });
  await myCourses.getByRole("link", { name: "Completed courses" }).click();
  await expect(myCourses.getByRole("link", { name: "Completed courses" })).toHaveClass(/bg-brand-600/);
  await expect.poll(() => loaded.length).toBeGreaterThan(0);
  await expect(myCourses.getByText(/^\d+ courses?$/)).toBeVisible();
});

test("a lesson starts without the challenges' code, and a challenge without the player's", async ({ page }) => {
  await signIn(page, LEARNER);
  // Each marker is a test id only that panel's code writes: the essay's word count, the quiz's attempts, the video's poster.
  const essayCode = scriptsCarrying(page, "essay-word-count");
  const quizCode = scriptsCarrying(page, "mcq-attempts");
  const playerCode = scriptsCarrying(page, "player-poster");
  await page.goto(LESSON);
  await expect(page.getByTestId("video-element").or(page.getByTestId("player-poster")).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...essayCode, ...quizCode], "the lesson's scripts").toEqual([]);
  expect(playerCode.length, "the detector finds the player's code on the lesson").toBeGreaterThan(0);

  playerCode.length = 0;
  await page.goto(QUIZ);
  await expect(page.locator("#mcq-title")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(playerCode, "the quiz's scripts").toEqual([]);
  expect(quizCode.length, "the detector finds the challenges' code on the quiz").toBeGreaterThan(0);
});
