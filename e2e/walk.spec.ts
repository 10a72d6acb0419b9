import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from "@playwright/test";
import { hoverAndFocusContrast, INTERACTIVE } from "./support/contrast";
import { certificateOf, completeQuizzes, completeVideos, courseTree } from "./support/certificates";
import { drawEveryBlock, snap } from "./support/shots";
import { SESSION_COOKIE, signIn } from "./support/sign-in";
import { LANGUAGE_COOKIE, type Locale } from "../lib/i18n/languages";

/**
 * A walk over every page, as the demo user each is for (public pages signed out), at a phone's and a
 * desktop's size, in the light and the dark theme: each page shows its heading and has one main landmark, nothing scrolls
 * sideways, every control has readable text, no console error, no failed request but those a page
 * expects; at desktop size also axe (no serious violation) and the contrast of every control when
 * hovered and focused. One browser context per user, theme and size.
 *
 * Then the same walk in Hindi, Tamil and Telugu at a phone's size (docs/languages.md): each page in
 * the language chosen, its document saying so, every message found (a missing one is a console
 * error), nothing scrolling sideways, no text cut off, axe, and the same console and request checks.
 * The headings there are not compared with words: the English walk has checked each page's content.
 */

type User = "visitor" | "learner" | "employee" | "grader" | "admin";

const EMAILS: Record<Exclude<User, "visitor">, string> = {
  learner: "learner@demo.test",
  employee: "employee@demo.test",
  grader: "grader@demo.test",
  admin: "admin@demo.test",
};

/** Addresses only known once the walk's setup has run. */
interface Setup {
  certificatePath: string;
  submissionPath: string;
  /** The demo's SCORM lesson (Power Electronics Essentials) on the learning page. */
  scormPath: string;
  /** The first of each studio list's detail pages, by what it shows ("person", "batch"...). */
  studio: Record<string, string>;
}

interface WalkPage {
  path: string | ((setup: Setup) => string);
  as: User;
  /** The heading that shows the page is there. */
  heading: string | RegExp;
  /** The document's status: 200 unless said. */
  status?: number;
  /** Where the address leads, when it redirects. */
  landsAt?: RegExp;
  /** Requests the page is expected to see fail (its own 404, a provider the walk blocks). */
  mayFail?: RegExp[];
  /** What else must be on screen. */
  shows?: string | RegExp;
}

const port = Number(process.env.E2E_PORT);
const NOT_FOUND = { heading: "Page not found", status: 404 } as const;
const YOUTUBE = /^https:\/\/www\.youtube\.com\//;

/** The studio's detail pages the walk opens: each list, and the first link of it to a page of one. */
const STUDIO_DETAILS: [name: string, list: string, link: RegExp][] = [
  ["person", "/studio/people", /^\/studio\/people\/[0-9a-f-]{36}$/],
  ["batch", "/studio/batches", /^\/studio\/batches\/[0-9a-f-]{36}$/],
  ["company", "/studio/companies", /^\/studio\/companies\/[0-9a-f-]{36}$/],
  ["program", "/studio/programs", /^\/studio\/programs\/[0-9a-f-]{36}$/],
  ["session", "/studio/sessions", /^\/studio\/sessions\/[0-9a-f-]{36}$/],
  ["learner report", "/studio/reports", /^\/studio\/reports\/learners\/[0-9a-f-]{36}$/],
  ["outline", "/studio", /^\/studio\/courses\/[0-9a-f-]{36}\/outline$/],
];
const studioPage = (name: string) => (s: Setup) => s.studio[name]!;

/** Every page of the app, with the user it is for. A new page is added here. */
const PAGES: WalkPage[] = [
  { path: "/", as: "visitor", heading: "Learning built for engineering teams", shows: "Send me a sign-in link" },
  { path: "/?reason=login-required&redirectUrl=%2Fcourses", as: "visitor", heading: "Learning built for engineering teams", shows: "Please log in to view this page." },
  { path: "/?ua=true", as: "visitor", heading: "Learning built for engineering teams", shows: "You were signed out." },
  { path: "/login/finish", as: "visitor", heading: "We could not sign you in" },
  { path: "/unsubscribe", as: "visitor", heading: "This link is incomplete" },
  { path: `http://demo.localhost:${port}/`, as: "visitor", heading: "Learning built for engineering teams" },
  { path: (s) => s.certificatePath, as: "visitor", heading: "Vikram Iyer", shows: "Verified certificate" },
  { path: "/no-such-page", as: "visitor", ...NOT_FOUND, mayFail: [/\/no-such-page$/] },

  { path: "/", as: "learner", heading: "Learning built for engineering teams", shows: "Welcome back, Asha Raman" },
  { path: "/dashboard", as: "learner", heading: "Welcome, Asha Raman" },
  { path: "/courses", as: "learner", heading: "Courses", shows: "CAD Fundamentals with SolidWorks" },
  { path: "/courses?tab=in-progress", as: "learner", heading: "Courses" },
  { path: "/courses?tab=programs", as: "learner", heading: "Courses" },
  { path: "/learn/video/cad-fundamentals-solidworks/getting-started/welcome/course-introduction", as: "learner", heading: "Course Introduction" },
  {
    path: "/learn/video/cad-fundamentals-solidworks/getting-started/interface-navigation/tour-of-the-interface",
    as: "learner",
    heading: "A Tour of the SolidWorks Interface",
    // The walk blocks YouTube (this machine may be offline anyway): the page says so instead.
    shows: "This video could not be loaded.",
    mayFail: [YOUTUBE],
  },
  { path: "/learn/mcqBlock/cad-fundamentals-solidworks/getting-started/interface-navigation/interface-warm-up", as: "learner", heading: "Warm-up: Interface Basics" },
  { path: "/learn/essayBlock/cad-fundamentals-solidworks/part-modeling/fillets-patterns/mounting-bracket-design", as: "learner", heading: "Design a Mounting Bracket" },
  // The item watched last, or the catalogue when an earlier test left nothing to resume.
  { path: (s) => s.scormPath, as: "learner", heading: "Bench Safety for Power Circuits" },
  { path: "/learn/resume", as: "learner", heading: /./, landsAt: /\/learn\/(video|mcqBlock|essayBlock)\/|\/courses\?resume=none$/ },
  { path: "/learning-paths", as: "learner", heading: "Learning paths", shows: "Mechanical Design" },
  { path: "/achivements", as: "learner", heading: "Achievements" },
  { path: "/certificates", as: "learner", heading: "Certificates" },
  { path: "/group-sessions", as: "learner", heading: "Group sessions" },
  { path: "/career-services", as: "learner", heading: "Career services" },
  { path: "/learn/video/no-such-course/a/b/c", as: "learner", ...NOT_FOUND, mayFail: [/\/learn\/video\/no-such-course\//] },

  { path: "/dashboard", as: "employee", heading: "Welcome, Vikram Iyer" },
  { path: "/career-services", as: "employee", heading: "Career services", shows: "Career services are not part of your account" },
  { path: "/evaluate", as: "employee", heading: "Only graders can evaluate essays" },
  { path: "/certificates", as: "employee", heading: "Certificates", shows: "Python for Engineers" },
  { path: "/notifications", as: "employee", heading: "E-mail notifications", shows: "Group session reminders" },

  { path: "/evaluate?assignment=all", as: "grader", heading: "Evaluate essays" },
  { path: (s) => s.submissionPath, as: "grader", heading: "Traffic Light Controller Firmware" },
  // The grader has finished the complimentary course when the catalogue and dashboard specs ran first.
  { path: "/certificates", as: "grader", heading: "Certificates", shows: /No certificate yet|Python for Engineers/ },
  { path: "/learning-paths", as: "grader", heading: "Learning paths" },
  { path: "/learn/resume", as: "grader", heading: "Courses", landsAt: /\/courses\?resume=none$/, shows: "There is nothing to resume yet" },

  { path: "/dashboard", as: "admin", heading: "Welcome, Arjun Mehta" },
  { path: "/evaluate?assignment=all", as: "admin", heading: "Evaluate essays" },
  { path: "/studio", as: "admin", heading: "Studio" },
  { path: "/studio/people", as: "admin", heading: "People" },
  { path: "/studio/programs", as: "admin", heading: "Programs" },
  { path: "/studio/batches", as: "admin", heading: "Batches" },
  { path: "/studio/companies", as: "admin", heading: "Companies" },
  { path: "/studio/sessions", as: "admin", heading: "Group sessions" },
  { path: "/studio/enrollment", as: "admin", heading: "Enrollment" },
  { path: "/studio/reports", as: "admin", heading: "Reports" },
  { path: "/studio/grading", as: "admin", heading: "Grading" },
  { path: "/studio/jobs", as: "admin", heading: "Jobs" },
  { path: "/studio/xapi", as: "admin", heading: "xAPI statements" },
  { path: "/studio/audit", as: "admin", heading: "Audit log" },
  { path: studioPage("person"), as: "admin", heading: /./ },
  { path: studioPage("batch"), as: "admin", heading: /./ },
  { path: studioPage("company"), as: "admin", heading: /./ },
  { path: studioPage("program"), as: "admin", heading: /./ },
  { path: studioPage("session"), as: "admin", heading: /./ },
  { path: studioPage("learner report"), as: "admin", heading: /./ },
  { path: studioPage("outline"), as: "admin", heading: /./, shows: "Outline" },
  { path: (s) => s.studio.outline!.replace(/outline$/, "settings"), as: "admin", heading: /./ },
  { path: (s) => s.studio.outline!.replace(/outline$/, "publish"), as: "admin", heading: /./ },
  { path: (s) => s.studio.outline!.replace(/outline$/, "preview"), as: "admin", heading: /./ },
  { path: studioPage("item"), as: "admin", heading: /./ },
];


/**
 * Requests the browser or the framework stops on purpose, losing nothing: Next's router cancels the
 * prefetches and route payloads (?_rsc=) it no longer needs; a video element stops its range
 * requests once it holds what it wanted; the update check's HEAD is made again on the next page; a log batch or a closing page's records sent with
 * keepalive or as a beacon are reported aborted when the page goes, although the browser delivers
 * them (tests/unit/client-log-browser.test.ts checks the batches carry keepalive); a watch record stays
 * queued until the server acknowledges it.
 */
function cancelledOnPurpose(req: Request) {
  const url = new URL(req.url());
  if (url.searchParams.has("_rsc") || req.resourceType() === "media") return true;
  // The update check, made again 5 s later or on the next page.
  if (req.method() === "HEAD" && url.pathname.endsWith("/_buildManifest.js")) return true;
  return req.method() === "POST" && (url.pathname === "/api/log" || url.pathname === "/api/user/addVideoWatchRecord");
}

const SIZES = [
  { name: "375px", width: 375, height: 812 },
  { name: "1280px", width: 1280, height: 800 },
];
const THEMES = ["light", "dark"] as const;
const USERS = [...new Set(PAGES.map((p) => p.as))];

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const states = new Map<User, StorageState>();
const setup: Setup = { certificatePath: "", submissionPath: "", scormPath: "", studio: {} };


async function signedInState(browser: Browser, user: Exclude<User, "visitor">, then?: (page: Page, token: string) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await signIn(page, EMAILS[user]);
  await then?.(page, token);
  states.set(user, await context.storageState());
  await context.close();
}

/**
 * Text cut off by its box: an element that clips what overflows it (overflow hidden or clip) holding
 * text wider or taller than it shows, unless it ends the text with an ellipsis on purpose. Left out:
 * visually hidden text for screen readers, and boxes that scroll.
 */
function clippedText(): string[] {
  const clips = (v: string) => v === "hidden" || v === "clip";
  return [...document.querySelectorAll<HTMLElement>("main *, header *, [role=alert] *")].flatMap((el) => {
    if (!el.checkVisibility({ visibilityProperty: true }) || el.closest("[aria-hidden=true]")) return [];
    const style = getComputedStyle(el);
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!own || el.clientWidth <= 1 || el.classList.contains("sr-only")) return [];
    const wide = clips(style.overflowX) && style.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 1;
    const tall = clips(style.overflowY) && style.webkitLineClamp === "none" && el.scrollHeight > el.clientHeight + 2;
    return wide || tall ? [`${el.outerHTML.slice(0, 100)}…: ${el.scrollWidth}x${el.scrollHeight}px shown in ${el.clientWidth}x${el.clientHeight}px`] : [];
  });
}

/** The controls whose text is missing or cut: no label, or text wider than the control shows. */
function unreadableControls(selector: string): string[] {
  const canvas = document.createElement("canvas").getContext("2d")!;
  // checkVisibility also leaves out the content of a closed <details>.
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && el.checkVisibility({ visibilityProperty: true }) && !el.closest("[aria-hidden=true]");
  };
  return [...document.querySelectorAll<HTMLElement>(selector)].filter(visible).flatMap((el) => {
    const text = (el.innerText || el.getAttribute("aria-label") || el.getAttribute("title") || "").trim();
    const where = `${el.outerHTML.slice(0, 100)}…`;
    if (!text) return [`${where} has no text or label`];
    const style = getComputedStyle(el);
    if (el instanceof HTMLSelectElement) {
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const shown = el.selectedOptions[0]?.text ?? "";
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(shown).width > room + 1 ? [`${where}: "${shown}" does not fit its ${el.clientWidth}px`] : [];
    }
    if (style.display.startsWith("inline") && style.display !== "inline-flex" && style.display !== "inline-block") return [];
    if (style.textOverflow === "ellipsis") return [];
    return el.scrollWidth > el.clientWidth + 1 ? [`${where}: text ${el.scrollWidth}px wide in ${el.clientWidth}px`] : [];
  });
}

test.describe("a walk over every page", () => {
  // An administrator's walk at 1280 px opens every studio page with its checks and screenshots: about
  // 2.5 minutes alone, up to 5 beside the other specs on a slower machine of 2 cores.
  test.describe.configure({ timeout: 600_000 });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    await signedInState(browser, "learner", async (page, token) => {
      // The learner enrolls in Power Electronics Essentials, whose lesson the walk opens.
      const { tree } = await courseTree(page.request, token, { slugId: "power-electronics-essentials", firstVideo: "welcome-why-switch", name: "Power Electronics Essentials" });
      setup.scormPath = `/learn/scorm/${(tree as unknown as { scormItems: { id: string }[] }).scormItems[0]!.id}`;
    });
    await signedInState(browser, "admin", async (page) => {
      for (const [name, list, link] of STUDIO_DETAILS) {
        await page.goto(list);
        const href = page.locator("a[href]");
        await expect.poll(async () => (await href.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).some((h) => h && link.test(h)), `a link on ${list}`).toBe(true);
        setup.studio[name] = (await href.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))).find((h) => link.test(h))!;
      }
      await page.goto(setup.studio.outline!);
      const items = page.locator('a[href*="/items/"]');
      await expect(items.first()).toBeVisible();
      setup.studio.item = (await items.first().getAttribute("href"))!;
    });
    // The employee finishes the short Python course, so their certificate page and its public share page exist.
    await signedInState(browser, "employee", async (page, token) => {
      const list = await page.request.get("/api/course/getCertificates", { headers: { authorization: `Bearer ${token}` } });
      if (!JSON.stringify(await list.json()).includes('"certificateUID":"')) {
        await completeVideos(page.request, token, "watch");
        await completeQuizzes(page.request, token);
      }
      setup.certificatePath = (await certificateOf(page.request, token)).path;
    });
    await signedInState(browser, "grader", async (page) => {
      await page.goto("/evaluate?assignment=all");
      const href = await page.getByRole("link", { name: /the essay of Vikram Iyer/ }).first().getAttribute("href");
      setup.submissionPath = href!;
    });
  });

  for (const user of USERS) {
    for (const theme of THEMES) {
      for (const size of SIZES) {
        test(`${user}, ${theme}, ${size.name}`, ({ browser }) => walk(browser, user, theme, size, "en"));
      }
    }
  }

  for (const locale of ["hi", "ta", "te"] as const) {
    for (const user of USERS) {
      test(`${user}, in ${locale}, 375px`, ({ browser }) => walk(browser, user, "light", SIZES[0]!, locale));
    }
  }
});

/** Walks every page of `user` in one theme, size and language, checking each as the file's comment says. */
async function walk(browser: Browser, user: User, theme: (typeof THEMES)[number], size: (typeof SIZES)[number], locale: Locale) {
  const desktop = size.width >= 1280;
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, storageState: states.get(user) });
  // The theme the learner chose, as the inline script finds it on a later load of the session.
  await context.addInitScript((dark) => {
    // The page's own document only: the chat widget's frame may not touch storage.
    if (window !== window.top) return;
    sessionStorage.setItem("hasWebsiteLoadedOneTimeKey", "true");
    localStorage.setItem("darkModeKey", String(dark));
  }, theme === "dark");
  await context.route(YOUTUBE, (route) => route.abort("blockedbyclient"));
  // The language chosen on this browser (the sign-in's English is replaced).
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: locale, url: `http://localhost:${port}/` }, { name: LANGUAGE_COOKIE, value: locale, url: `http://demo.localhost:${port}/` }]);
  const english = locale === "en";
  const page = await context.newPage();

  let current: WalkPage | null = null;
  let seen: string[] = [];
  const expected = (url: string) => (current?.mayFail ?? []).some((re) => re.test(url));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !expected(msg.location().url)) seen.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => seen.push(`uncaught: ${err.message}`));
  // A read the previous page still had in flight when the walk went on is cut off by leaving, as
  // when a person follows a link: not the page's failure. A write cut off is still counted.
  let inFlight = new Set<Request>();
  let leftBehind = new Set<Request>();
  page.on("request", (req) => inFlight.add(req));
  page.on("requestfinished", (req) => inFlight.delete(req));
  page.on("requestfailed", (req) => {
    inFlight.delete(req);
    const error = req.failure()?.errorText;
    const cutOffByLeaving = req.method() === "GET" && leftBehind.has(req);
    if (!expected(req.url()) && !(error === "net::ERR_ABORTED" && (cancelledOnPurpose(req) || cutOffByLeaving))) seen.push(`failed: ${req.method()} ${req.url()} ${error}`);
  });
  page.on("response", (res) => res.status() >= 400 && !expected(res.url()) && seen.push(`${res.status()}: ${res.request().method()} ${res.url()}`));

  for (const walkPage of PAGES.filter((p) => p.as === user)) {
    const path = typeof walkPage.path === "string" ? walkPage.path : walkPage.path(setup);
    const where = `${path} (${user}, ${theme}, ${size.name}${english ? "" : `, ${locale}`})`;
    current = walkPage;
    seen = [];
    leftBehind = inFlight;
    inFlight = new Set();
    const response = await page.goto(path);
    expect.soft(response?.status(), `${where}: status`).toBe(walkPage.status ?? 200);
    if (walkPage.landsAt) await expect.soft(page, `${where}: lands at`).toHaveURL(walkPage.landsAt);
    await expect(page.getByRole("heading", { level: 1, name: english ? walkPage.heading : undefined }).first(), `${where}: heading`).toBeVisible();
    if (walkPage.shows && english) await expect.soft(page.getByText(walkPage.shows).first(), `${where}: shows`).toBeVisible();
    await expect.soft(page.locator("html"), `${where}: the document's language`).toHaveAttribute("lang", locale);
    await expect.soft(page.locator(".skeleton"), `${where}: still loading`).toHaveCount(0);
    await expect.soft(page.getByRole("main"), `${where}: one main landmark`).toHaveCount(1);
    await page.waitForLoadState("networkidle", { timeout: 3000 }).catch(() => undefined);
    await drawEveryBlock(page);

    expect.soft(await page.evaluate(() => document.documentElement.classList.contains("dark")), `${where}: theme`).toBe(theme === "dark");
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect.soft(sizes.scroll, `${where}: scrolls sideways (${sizes.scroll}px in ${sizes.client}px)`).toBeLessThanOrEqual(sizes.client);
    expect.soft(await page.evaluate(unreadableControls, INTERACTIVE), `${where}: controls with missing or cut text`).toEqual([]);

    if (!english) {
      expect.soft(await page.evaluate(clippedText), `${where}: text cut off`).toEqual([]);
      // Spaced-out letters break the joined syllables of these scripts.
      const spaced = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\u0900-\u0D7F]/.test(n.textContent!)))
          .filter((el) => !["normal", "0px"].includes(getComputedStyle(el).letterSpacing))
          .map((el) => `${el.outerHTML.slice(0, 80)}…: ${getComputedStyle(el).letterSpacing}`),
      );
      expect.soft(spaced, `${where}: letters spaced apart`).toEqual([]);
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const blocking = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect.soft(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${where}: axe`).toEqual([]);
      await snap(page, `walk-${user}-${locale}-${path.replace(/^https?:\/\/[^/]+/, "").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}`);
    }
    if (desktop) {
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const blocking = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect.soft(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), `${where}: axe`).toEqual([]);
      expect.soft(await hoverAndFocusContrast(page), `${where}: contrast when hovered or focused`).toEqual([]);
    }
    expect.soft(seen, `${where}: console errors and failed requests`).toEqual([]);
  }
  // Nothing the last page sent was cut short by the walk ending (the log's last batch included).
  await page.waitForTimeout(2500);
  expect.soft(seen, "after the last page").toEqual([]);
  if (user !== "visitor") expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE), "still signed in").toBe(true);
  await context.close();
}
