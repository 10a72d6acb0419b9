import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { drawEveryBlock } from "./support/shots";
import { LEARNER, logOut, SESSION_COOKIE, signIn } from "./support/sign-in";

const port = Number(process.env.E2E_PORT);
const CHAT_URL = `http://127.0.0.1:${process.env.E2E_CHAT_PORT}/widget.js`;
const EMPLOYEE = "employee@demo.test";
const LEARN_PAGE = "/learn/course/cad-fundamentals-solidworks";

/** Records the `dark` class on <html> at the moment <body> is parsed: what the first paint can show. */
async function recordThemeAtFirstPaint(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __darkAtBody?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      w.__darkAtBody = document.documentElement.classList.contains("dark");
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const darkAtFirstPaint = (page: Page) => page.evaluate(() => (window as unknown as { __darkAtBody?: boolean }).__darkAtBody);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const stored = (page: Page) => page.evaluate(() => [localStorage.getItem("darkModeKey"), sessionStorage.getItem("hasWebsiteLoadedOneTimeKey")]);

/** Fails the test on any Content-Security-Policy violation in the page. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`),
    );
  });
  return violations;
}

test.describe("company branding by host", () => {
  test("demo.localhost shows the demo company's logo and login background in the served HTML", async ({ page }) => {
    const res = await page.goto(`http://demo.localhost:${port}/`);
    const html = await res!.text();
    // Server-rendered: the first HTML already names the company's logo and background, so there is no flash of the default brand.
    expect(html).toContain('data-brand="demo"');
    expect(html).toContain("/brand/demo/logo.svg");
    expect(html).toContain('data-login-background="/brand/demo/login-bg.svg"');
    await expect(page.getByRole("img", { name: "Demo Engineering Academy" })).toBeVisible();
    const background = await page.locator("[data-login-background]").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain("/brand/demo/login-bg.svg");
    const logo = await page.getByRole("img", { name: "Demo Engineering Academy" }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(logo).toBe(true);
  });

  test("localhost shows the product's own brand", async ({ page }) => {
    const res = await page.goto("/");
    const html = await res!.text();
    expect(html).toContain('data-brand="default"');
    expect(html).not.toContain("/brand/demo/");
    await expect(page.locator('[data-brand="default"]')).toHaveText("SkillGrow");
    await expect(page.locator("[data-login-background]")).toHaveCount(0);
  });

  test("an unknown or malformed Host header gets the default brand, not an error", async ({ request }) => {
    for (const host of ["unknown.example", "demo.localhost.evil.test", `DEMO.LOCALHOST:${port}`]) {
      const res = await request.get("/", { headers: { host } });
      expect(res.status(), host).toBe(200);
      const html = await res.text();
      expect(html.includes('data-brand="demo"'), host).toBe(host.toLowerCase().startsWith("demo.localhost:"));
    }
  });
});

test.describe("dark mode", () => {
  test("the first load of a session is dark, the toggle persists, and a reload paints the choice at once", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "light" });
    await recordThemeAtFirstPaint(context);
    const page = await context.newPage();
    await page.goto("/");
    expect(await darkAtFirstPaint(page)).toBe(true);
    expect(await stored(page)).toEqual(["true", "true"]);

    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
    expect(await isDark(page)).toBe(false);
    expect((await stored(page))[0]).toBe("false");

    await page.reload();
    expect(await darkAtFirstPaint(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
    expect(await isDark(page)).toBe(false);

    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await page.reload();
    expect(await darkAtFirstPaint(page)).toBe(true);
    await context.close();
  });

  test("a new browser session starts dark even when light was stored", async ({ browser }) => {
    const origin = `http://localhost:${port}`;
    const context = await browser.newContext({
      colorScheme: "light",
      storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: "darkModeKey", value: "false" }] }] },
    });
    await recordThemeAtFirstPaint(context);
    const page = await context.newPage();
    await page.goto("/");
    expect(await darkAtFirstPaint(page)).toBe(true);
    expect(await stored(page)).toEqual(["true", "true"]);
    await context.close();
  });

  test("the signed-in header and the learning page have the toggle too", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "light" });
    await recordThemeAtFirstPaint(context);
    const page = await context.newPage();
    await signIn(page, EMPLOYEE);
    await page.getByRole("banner").getByRole("button", { name: "Switch to light mode" }).click();
    expect(await isDark(page)).toBe(false);
    await page.goto(LEARN_PAGE);
    // The course's address moves on to the item to resume (in the browser when the page streams): wait for it.
    await expect(page.getByRole("group", { name: /^Video player/ })).toBeVisible();
    expect(await darkAtFirstPaint(page)).toBe(false);
    await page.getByRole("banner").getByRole("button", { name: "Switch to dark mode" }).click();
    expect(await isDark(page)).toBe(true);
    await page.reload();
    expect(await darkAtFirstPaint(page)).toBe(true);
    await context.close();
  });
});

test.describe("the theme toggle before the app's scripts run", () => {
  // Only the inline theme script runs: every script of the app is held back, its styles are not.
  const blockScripts = (context: BrowserContext) => context.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort("blockedbyclient"));

  test("says what it will do in the dark theme a session starts with", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "light" });
    await blockScripts(context);
    const page = await context.newPage();
    await page.goto("/");
    expect(await isDark(page)).toBe(true);
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toHaveCount(0);
    await context.close();
  });

  test("says what it will do in the light theme the learner chose", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    await context.addInitScript(() => {
      sessionStorage.setItem("hasWebsiteLoadedOneTimeKey", "true");
      localStorage.setItem("darkModeKey", "false");
    });
    await blockScripts(context);
    const page = await context.newPage();
    await page.goto("/");
    expect(await isDark(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to light mode" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("campaign tracking", () => {
  const params = {
    utm_source: "newsletter",
    utm_medium: "email",
    utm_content: "hero",
    utm_set: "set-1",
    utm_campaign: "spring",
    utm_network: "search",
    utm_device: "mobile",
    utm_keyword: "cad course",
    gclid: "G-123",
    fbclid: "F-456",
  };

  test("campaign parameters become 365-day cookies, go with analytics events under the API's names, and survive logout while lead cookies do not", async ({ page }) => {
    await page.goto(`/?${new URLSearchParams(params).toString()}`);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect.poll(async () => (await page.context().cookies()).filter((c) => c.name in params).length).toBe(10);
    const cookies = await page.context().cookies();
    const inDays = (c: { expires: number }) => (c.expires * 1000 - Date.now()) / 86_400_000;
    for (const [name, value] of Object.entries(params)) {
      const cookie = cookies.find((c) => c.name === name)!;
      expect(decodeURIComponent(cookie.value), name).toBe(value);
      expect(cookie.sameSite).toBe("Lax");
      expect(cookie.path).toBe("/");
      expect(inDays(cookie)).toBeGreaterThan(364);
      expect(inDays(cookie)).toBeLessThanOrEqual(365.01);
    }

    const event = page.waitForRequest((req) => req.url().endsWith("/api/user/events") && req.method() === "POST");
    await signIn(page, EMPLOYEE);
    const body = (await event).postDataJSON();
    expect(body.eventName).toBe("page_view");
    expect(body.campaign).toEqual({
      utmSource: "newsletter",
      utmSourceMedium: "email",
      utmSourceContent: "hero",
      utmSourceSet: "set-1",
      utmSourceCampaign: "spring",
      utmNetwork: "search",
      utmDevice: "mobile",
      utmKeyword: "cad course",
      googleClickId: "G-123",
      facebookClickId: "F-456",
    });

    const lead = ["lead_name", "lead_email", "lead_prospectId"].map((name) => ({ name, value: "x", domain: "localhost", path: "/" }));
    await page.context().addCookies([...lead, { name: "skillgrow-website-userName", value: "x", domain: "localhost", path: "/" }]);
    await logOut(page);
    // The sign-in page keeps the language last shown on this browser.
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const after = (await page.context().cookies()).map((c) => c.name);
    expect(after).not.toContain(SESSION_COOKIE);
    for (const c of lead) expect(after).not.toContain(c.name);
    expect(after).not.toContain("skillgrow-website-userName");
    for (const name of Object.keys(params)) expect(after).toContain(name);
  });
});

test.describe("header and phone width", () => {
  test("the signed-in header links every protected area, with a menu on phones", async ({ page }) => {
    await signIn(page, EMPLOYEE);
    const expected = [
      ["Dashboard", "/dashboard"],
      ["Courses", "/courses"],
      ["Learning paths", "/learning-paths"],
      ["Certificates", "/certificates"],
      ["Achievements", "/achivements"],
      ["Group sessions", "/group-sessions"],
      ["Career services", "/career-services"],
    ];
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of expected) await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href!);
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("a page starts without asking the server again: links fetch their page once reached for, and still open it", async ({ page }) => {
    await signIn(page, EMPLOYEE);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_rsc") || (url.pathname.startsWith("/api/") && request.method() === "GET")) asked.push(`${url.pathname}${url.searchParams.has("_rsc") ? " (page data)" : ""}`);
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Continue learning" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1500);
    // The dashboard's data came with its HTML, and none of the dozen links on it was fetched on sight.
    expect(asked).toEqual([]);

    const courses = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses", exact: true });
    await courses.hover();
    await expect.poll(() => asked).toContain("/courses (page data)");
    await courses.click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
  });

  for (const width of [375, 574]) {
    test(`no page scrolls sideways at ${width}px, menus open or not`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const noSideScroll = async (where: string) => {
        const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(sizes.scroll, `${where}: scrollWidth ${sizes.scroll} > clientWidth ${sizes.client}`).toBeLessThanOrEqual(sizes.client);
      };
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await noSideScroll("home");
      await page.goto(`http://demo.localhost:${port}/`);
      await expect(page.getByRole("img", { name: "Demo Engineering Academy" })).toBeVisible();
      await noSideScroll("home on the demo host");

      await signIn(page, LEARNER);
      await noSideScroll("dashboard");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("button", { name: /^Account menu/ }).click();
      await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
      await noSideScroll("dashboard with both menus open");
      await page.goto("/courses");
      await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
      await noSideScroll("courses");
      await page.goto(LEARN_PAGE);
      await expect(page.getByRole("group", { name: /^Video player/ })).toBeVisible();
      await noSideScroll("learning page");
      await context.close();
    });
  }
});

const chatCalls = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("fakeChatWidgetCalls") ?? "[]") as string[]);
const widgetBottom = (page: Page) => page.locator('iframe[title="chat widget"]').evaluate((el: HTMLElement) => el.style.bottom);

test.describe("chat widget", () => {
  test("not loaded for visitors nor for users without chat", async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator("#chat-widget-script")).toHaveCount(0);
    await signIn(page, EMPLOYEE);
    await page.waitForTimeout(1000);
    await expect(page.locator("#chat-widget-script")).toHaveCount(0);
    expect(await page.evaluate(() => "Tawk_API" in window)).toBe(false);
    expect(violations).toEqual([]);
  });

  test("the chat's launcher covers none of the dashboard's last lines once the learner has scrolled to the end, at 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, LEARNER);
    const launcher = page.locator('iframe[title="chat widget"]');
    await expect.poll(() => widgetBottom(page)).toBe("20px");
    await drawEveryBlock(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The last section's text, as it sits on the screen once scrolled to the end.
    const lastLines = page.locator("main section").last();
    await expect(lastLines).toBeInViewport();
    const text = (await lastLines.boundingBox())!;
    const chat = (await launcher.boundingBox())!;
    expect(text.y + text.height, `the last section ends at ${text.y + text.height}px; the launcher starts at ${chat.y}px`).toBeLessThanOrEqual(chat.y);
  });

  test("loaded minimized for a user with chat, placed 20px up and 80px on the learning page, shut down and logged out on logout", async ({ page }) => {
    const violations = await watchCsp(page);
    await signIn(page, LEARNER);
    const script = page.locator("#chat-widget-script");
    await expect(script).toHaveAttribute("src", CHAT_URL);
    expect(await script.evaluate((el: HTMLScriptElement) => (el.nonce ?? "").length > 0)).toBe(true);
    await expect.poll(() => chatCalls(page)).toEqual(expect.arrayContaining(["showWidget", "minimize"]));
    const calls = await chatCalls(page);
    const load = JSON.parse(calls[0]!.slice("load ".length));
    expect(load.nonce).toBe("set");
    expect(load.visitor).toMatchObject({ name: "Asha Raman", email: LEARNER });
    expect(load.customStyle).toEqual({
      zIndex: 1000,
      visibility: { desktop: { position: "bl", xOffset: "10%", yOffset: "20%" }, mobile: { position: "bl", xOffset: "10%", yOffset: "10%" } },
    });
    expect(calls.some((c) => c.startsWith("setAttributes ") && c.includes(LEARNER))).toBe(true);
    await expect.poll(() => widgetBottom(page)).toBe("20px");

    // The widget moves itself back; the page puts it in place again within a second.
    await page.locator('iframe[title="chat widget"]').evaluate((el: HTMLElement) => el.style.setProperty("bottom", "300px"));
    await expect.poll(() => widgetBottom(page), { timeout: 2500 }).toBe("20px");

    await page.goto(LEARN_PAGE);
    await expect(page.getByRole("group", { name: /^Video player/ })).toBeVisible();
    await expect.poll(() => widgetBottom(page), { timeout: 2500 }).toBe("80px");
    expect(await page.locator('iframe[title="chat widget"]').evaluate((el) => getComputedStyle(el).zIndex)).toBe("1000");

    await page.evaluate(() => localStorage.setItem("fakeChatWidgetCalls", "[]"));
    await page.goto("/dashboard");
    await expect.poll(async () => (await chatCalls(page)).some((c) => c.startsWith("setAttributes"))).toBe(true);
    await page.evaluate(() => localStorage.setItem("fakeChatWidgetCalls", "[]"));
    await logOut(page);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(await chatCalls(page)).toEqual(["minimize", "shutdown", "logout"]);
    // Logged out: the widget is not loaded again.
    await page.waitForTimeout(500);
    await expect(page.locator("#chat-widget-script")).toHaveCount(0);
    expect(violations).toEqual([]);
  });
});

test("each address reached in the production build sends one page_view event", async ({ page }) => {
  const viewed: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "POST" || !req.url().endsWith("/api/user/events")) return;
    const body = req.postDataJSON() as { eventName: string; event: { path: string } };
    if (body.eventName === "page_view") viewed.push(body.event.path);
  });
  await signIn(page, LEARNER);
  await expect.poll(() => viewed).toContain("/dashboard");
  viewed.length = 0;

  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Courses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await nav.getByRole("link", { name: "Group sessions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
  // Every address once per arrival (a reload is an arrival), none twice for one navigation.
  await expect.poll(() => viewed.length).toBe(4);
  await page.waitForTimeout(1000);
  expect(viewed).toEqual(["/courses", "/dashboard", "/group-sessions", "/group-sessions"]);
});

test.describe("logging", () => {
  test("API answers are logged in batches to /api/log, never with the session token", async ({ page }) => {
    const bodies: string[] = [];
    page.on("request", (req) => {
      if (req.url().endsWith("/api/log") && req.method() === "POST") {
        bodies.push(req.postData() ?? "");
      }
    });
    const token = await signIn(page, LEARNER);
    await page.goto("/courses");
    await expect(page.getByRole("heading", { name: "Courses", level: 1 })).toBeVisible();
    // Console errors are captured once the page has hydrated; the heading is there before that, so
    // the error is written again on each poll until a batch carries it.
    await expect
      .poll(
        async () => {
          if (!bodies.join("\n").includes("shell e2e console error")) await page.evaluate(() => console.error("shell e2e console error"));
          return bodies.join("\n");
        },
        { timeout: 15_000 },
      )
      .toContain("shell e2e console error");
    // The page's own call from the browser (its page view, sent once the page has started) may finish
    // after that batch went out; it follows in the next one.
    await expect.poll(() => bodies.join("\n"), { timeout: 10_000 }).toContain("POST /user/events 200");
    const records = bodies.flatMap((b) => (JSON.parse(b) as { records: { level: string; source: string; message: string }[] }).records);
    expect(records).toEqual(expect.arrayContaining([expect.objectContaining({ level: "info", source: "api", message: "POST /user/events 200" })]));
    expect(bodies.join("\n")).not.toContain(token);
    // The sign-in link's token never appears either.
    expect(bodies.join("\n")).not.toMatch(/inviteId=(?!\[redacted\])/);
  });

  test("records still waiting are sent at once when the page is hidden", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const first = page.waitForRequest((req) => req.url().endsWith("/api/log") && (req.postData() ?? "").includes("first, to start the throttle"));
    await page.evaluate(() => console.error("first, to start the throttle"));
    await first;
    // Within the 2 s throttle the next record waits; pagehide must send it now (by beacon, whose body the browser does not show tests), not after.
    const beacon = page.waitForRequest((req) => req.url().endsWith("/api/log"), { timeout: 1500 });
    await page.evaluate(() => {
      console.error("said just before leaving");
      window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false }));
    });
    const sent = await beacon;
    expect(sent.method()).toBe("POST");
    expect(sent.headers()["content-type"]).toBe("application/json");
  });
});

/**
 * The update notice against a real second build: the app is built into a dist dir of its own and
 * served from it; while that server runs, the app is built again into the same dir, which removes
 * the first build's static folder, manifest included. The old process still holds the first build
 * id and answers 500 (not 404) for that folder, so, as in a deployment, the server is restarted on
 * the new build; from then on the old manifest is a 404 and the open pages show the banner.
 */
test("the update check does not hold the page still while its answer is on the way", async ({ page }) => {
  // The manifest answers 3 seconds late, as it may on a phone's network.
  let held = 0;
  await page.route("**/_buildManifest.js", async (route) => {
    if (route.request().method() === "HEAD") {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    await route.continue();
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  // A timer every 50 ms: the longest wait between two of its turns is how long the page was held.
  await page.evaluate(() => {
    const w = window as unknown as { longestWait: number };
    w.longestWait = 0;
    let last = performance.now();
    window.setInterval(() => {
      const now = performance.now();
      w.longestWait = Math.max(w.longestWait, now - last);
      last = now;
    }, 50);
  });
  await expect.poll(() => held, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(3500);
  const longestWait = await page.evaluate(() => (window as unknown as { longestWait: number }).longestWait);
  expect(longestWait, "the longest the page went without running its timer, ms").toBeLessThan(1500);
});

test.describe("update notice", () => {
  test.describe.configure({ timeout: 600_000 });
  const NEXT_BIN = "node_modules/next/dist/bin/next";
  let server: ChildProcess | undefined;
  let tmp = "";
  let distDir = "";

  test.afterAll(() => {
    if (server?.pid && server.exitCode === null) server.kill("SIGTERM");
    if (distDir) rmSync(distDir, { recursive: true, force: true });
    if (tmp && !process.env.KEEP_E2E_TMP) rmSync(tmp, { recursive: true, force: true });
  });

  function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
  }

  function build(env: NodeJS.ProcessEnv) {
    // Two steps, as the bench builds: neither type-checks nor rewrites tsconfig.json and next-env.d.ts for this dist dir.
    for (const mode of ["compile", "generate"]) {
      execFileSync(process.execPath, [NEXT_BIN, "build", `--experimental-build-mode=${mode}`], { env, stdio: "pipe", timeout: 240_000 });
    }
  }

  async function startServer(env: NodeJS.ProcessEnv, port: number, log: string) {
    const out = openSync(log, "a");
    server = spawn(process.execPath, ["server.mjs", "-p", String(port)], { env, stdio: ["ignore", out, out] });
    await expect
      .poll(async () => (await fetch(`http://localhost:${port}/api/health`).catch(() => null))?.status, { timeout: 120_000, message: `the server did not start: ${log}` })
      .toBe(200);
  }

  async function stopServer() {
    const running = server!;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }

  test("a page open while the app is rebuilt shows the banner, with Refresh Page and Dismiss", async ({ browser }) => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "update-notice-"));
    distDir = `.next/e2e-update-${process.pid}`;
    const serverPort = await freePort();
    const log = path.join(tmp, "server.log");
    // Each build below gets an id of its own, whatever this process was given.
    const inherited = { ...process.env };
    delete inherited.APP_BUILD_ID;
    // The test runner's module loader is for the tests, not for Next.
    delete inherited.NODE_OPTIONS;
    const env = { ...inherited, NEXT_DIST_DIR: distDir, APP_ENV: "dev", PGLITE_DIR: path.join(tmp, "pglite"), DATABASE_URL: "", SMTP_URL: "", NEXT_PUBLIC_CHAT_WIDGET_URL: "", PORT: String(serverPort) };

    build({ ...env, APP_BUILD_ID: `first-${randomBytes(6).toString("hex")}` });
    const firstId = readFileSync(path.join(distDir, "BUILD_ID"), "utf8");
    await startServer(env, serverPort, log);
    const origin = `http://localhost:${serverPort}`;

    const context = await browser.newContext();
    const [dismissing, refreshing] = [await context.newPage(), await context.newPage()];
    const manifestChecks: number[] = [];
    dismissing.on("response", (res) => res.url().endsWith(`/_next/static/${firstId}/_buildManifest.js`) && manifestChecks.push(res.status()));
    for (const page of [dismissing, refreshing]) {
      await page.goto(`${origin}/`);
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    }
    const manifest = `${origin}/_next/static/${firstId}/_buildManifest.js`;
    expect((await fetch(manifest, { method: "HEAD" })).status).toBe(200);
    // Two checks pass with the build still in place: no banner.
    await expect.poll(() => manifestChecks.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
    expect(manifestChecks.every((status) => status === 200)).toBe(true);
    await expect(dismissing.getByText("Update Available")).toHaveCount(0);

    build({ ...env, APP_BUILD_ID: `second-${randomBytes(6).toString("hex")}` });
    expect(readFileSync(path.join(distDir, "BUILD_ID"), "utf8")).not.toBe(firstId);
    expect(existsSync(path.join(distDir, "static", firstId))).toBe(false);
    // The old process answers for its own build's folder with an error, which is not taken for a new build.
    expect((await fetch(manifest, { method: "HEAD" })).status).not.toBe(404);
    const checksBefore = manifestChecks.length;
    await expect.poll(() => manifestChecks.length, { timeout: 12_000 }).toBeGreaterThan(checksBefore);
    await expect(dismissing.getByText("Update Available")).toHaveCount(0);

    await stopServer();
    await startServer(env, serverPort, log);
    expect((await fetch(manifest, { method: "HEAD" })).status).toBe(404);

    for (const page of [dismissing, refreshing]) {
      const banner = page.getByRole("alert").filter({ hasText: "Update Available" });
      await expect(banner).toBeVisible({ timeout: 15_000 });
      await expect(banner).toContainText("Update Available: A new version of the website is available. Refresh the page to get the latest changes.");
      await expect(banner.getByRole("button", { name: "Refresh Page" })).toBeVisible();
      await expect(banner.getByRole("button", { name: "Dismiss" })).toBeVisible();
    }
    expect(manifestChecks.at(-1)).toBe(404);
    await dismissing.getByRole("button", { name: "Dismiss" }).click();
    await expect(dismissing.getByText("Update Available")).toHaveCount(0);

    await refreshing.getByRole("button", { name: "Refresh Page" }).click();
    await expect(refreshing.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // Reloaded from the new build: its own manifest is there, so no banner.
    await refreshing.waitForTimeout(6000);
    await expect(refreshing.getByText("Update Available")).toHaveCount(0);
    await context.close();
  });
});

test("the site has a favicon, icons and a web manifest", async ({ request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { icons: { src: string }[] };
  for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
