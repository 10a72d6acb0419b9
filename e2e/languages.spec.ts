import { expect, test, type Page } from "@playwright/test";
import en from "../messages/en.json" with { type: "json" };
import hi from "../messages/hi.json" with { type: "json" };
import ta from "../messages/ta.json" with { type: "json" };
import te from "../messages/te.json" with { type: "json" };
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The sign-in page in the visitor's language (docs/languages.md): the best match of the browser's
 * Accept-Language, or what they choose in its Language list, kept for the next visit. Each script's
 * font is downloaded only by a page in that language.
 */
const catalogues = { en, hi, ta, te } as const;
const FONT_FILES = { hi: "devanagari", ta: "tamil", te: "telugu" } as const;

/** The script fonts a page downloads while it loads and settles. */
async function fontsLoadedBy(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") fonts.push(r.url());
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return Object.entries(FONT_FILES)
    .filter(([, script]) => fonts.some((url) => url.includes(script)))
    .map(([locale]) => locale);
}

test.describe("a visitor whose browser prefers Hindi", () => {
  test.use({ locale: "hi-IN" });

  test("gets the sign-in page in Hindi, with the Devanagari font only", async ({ page }) => {
    const loaded = await fontsLoadedBy(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: "इंजीनियरिंग टीमों के लिए बनी लर्निंग" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByLabel("ऑफ़िस ईमेल")).toBeVisible();
    expect(loaded).toEqual(["hi"]);

    // A wrong e-mail is refused in Hindi.
    await page.getByLabel("ऑफ़िस ईमेल").fill("not-an-email");
    await page.getByRole("button", { name: "मुझे साइन-इन लिंक भेजें" }).click();
    await expect(page.getByText("सही ईमेल पता डालें, जैसे name@company.com")).toBeVisible();
    await shoot(page, "sign-in-hi", () => expect(page.getByRole("heading", { level: 1 })).toHaveText("इंजीनियरिंग टीमों के लिए बनी लर्निंग"));
  });

  test("switches to Tamil from the Language list, and the choice is kept on the next visit", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("भाषा").selectOption("ta");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("இன்ஜினியரிங் குழுக்களுக்காக உருவான கற்றல்");
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    // The next visit (a new tab) is in Tamil too, and downloads the Tamil font only.
    const next = await page.context().newPage();
    const loaded = await fontsLoadedBy(next, "/");
    await expect(next.getByLabel("அலுவலக மின்னஞ்சல்")).toBeVisible();
    expect(loaded).toEqual(["ta"]);
    await shoot(next, "sign-in-ta", () => expect(next.getByRole("heading", { level: 1 })).toHaveText("இன்ஜினியரிங் குழுக்களுக்காக உருவான கற்றல்"));
    await page.getByLabel("மொழி").selectOption("te");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ఇంజినీరింగ్ టీమ్‌ల కోసం రూపొందిన లెర్నింగ్");
    await shoot(page, "sign-in-te", () => expect(page.getByRole("heading", { level: 1 })).toHaveText("ఇంజినీరింగ్ టీమ్‌ల కోసం రూపొందిన లెర్నింగ్"));
  });
});

test("an English page downloads none of the Indian scripts' fonts", async ({ page }) => {
  expect(await fontsLoadedBy(page, "/")).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await shoot(page, "sign-in-en", () => expect(page.getByRole("heading", { level: 1 })).toHaveText("Learning built for engineering teams"));
});

test("signing in brings the learner's own language, and their choice on the home page is saved to their profile", async ({ page }) => {
  const email = "employee@demo.test";
  const token = await signIn(page, email, { language: "profile" });
  const profile = async () =>
    (await (await page.request.get("/api/user/info", { headers: { authorization: `Bearer ${token}` } })).json()) as { preferredLanguage: string };
  const before = (await profile()).preferredLanguage;
  // The employee's profile says Tamil: from signing in, the home page is in Tamil.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${ta.signIn.home.welcome.split("{name}")[0]}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "ta");
  await page.getByLabel("மொழி").selectOption("te");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(new RegExp(`^${te.signIn.home.welcome.split("{name}")[0]}`));
  await expect.poll(async () => (await profile()).preferredLanguage).toBe("Telugu");
  // Put back as the demo has it, for the other browser tests.
  await page.getByLabel("భాష").selectOption("ta");
  await expect.poll(async () => (await profile()).preferredLanguage).toBe("Tamil");
  expect(before).toBe("Tamil");
});

/** The longest message of a namespace without arguments or tags: text that appears as it is on its page. */
function longestPlain(messages: Record<string, unknown>): string {
  const all: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (!/[{<]/.test(v)) all.push(v);
    } else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(messages);
  return all.sort((a, b) => b.length - a.length)[0]!;
}

test("a page ships its own language's messages only, and only its own parts' messages", async ({ page }) => {
  await signIn(page, "grader@demo.test");
  const origin = new URL(page.url()).origin;
  for (const locale of ["hi", "ta"] as const) {
    await page.context().addCookies([{ name: "language", value: locale, url: `${origin}/` }]);
    const html = await (await page.request.get("/dashboard")).text();
    // A heading of the dashboard in the page's language, and in no other.
    expect(html).toContain(catalogues[locale].dashboard.sections.learningTime);
    for (const other of (["en", "hi", "ta", "te"] as const).filter((l) => l !== locale)) {
      expect(html, `the dashboard in ${locale} carries ${other}'s messages`).not.toContain(catalogues[other].dashboard.sections.learningTime);
    }
    // No other part's messages: the studio's and the learning page's are not on the dashboard.
    expect(html).not.toContain(longestPlain(catalogues[locale].studioPeople).slice(0, 40));
    expect(html).not.toContain(longestPlain(catalogues[locale].challenges).slice(0, 40));
    // Nor the words of the refusals only the studio's calls answer with.
    expect(html).not.toContain(longestPlain(catalogues[locale].studio.errors).slice(0, 40));
  }
});

test("the sign-in page's header keeps the brand, the language list and the theme button in one row on a phone, in every language", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  const { port } = new URL(page.url());
  // The product's own name, and a company's logo on the company's host.
  for (const origin of [`http://localhost:${port}`, `http://demo.localhost:${port}`]) {
    for (const locale of ["en", "hi", "ta", "te"] as const) {
      await page.context().addCookies([{ name: "language", value: locale, url: `${origin}/` }]);
      await page.goto(`${origin}/`);
      const list = page.getByRole("combobox");
      await expect(list).toBeVisible();
      // The list keeps its name for screen readers when its label is not shown.
      await expect(list).toHaveAccessibleName(catalogues[locale].language.label);
      // As the learner sees it once the script's font and the logo have come.
      await page.evaluate(() => document.fonts.ready);
      const brand = page.locator("main header [data-brand]");
      await expect(brand).toBeVisible();
      expect(await brand.evaluate((el) => [...el.querySelectorAll("img")].every((img) => img.complete && img.naturalWidth > 0))).toBe(true);
      const { toDark, toLight } = catalogues[locale].common.theme;
      const theme = (await page.getByRole("button", { name: new RegExp(`^(${toDark}|${toLight})$`) }).boundingBox())!;
      const chooser = (await list.boundingBox())!;
      const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
      const where = `${locale} on ${origin}`;
      expect(Math.abs(middle(theme) - middle(chooser)), `${where}: the theme button is not beside the language list`).toBeLessThan(4);
      expect(Math.abs(middle((await brand.boundingBox())!) - middle(chooser)), `${where}: the brand is not beside the language list`).toBeLessThan(8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  }
});

test("the header's links fit in one row, or fold into the menu, in every language", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const origin = new URL(page.url()).origin;
  for (const locale of ["en", "hi", "ta", "te"] as const) {
    await page.context().addCookies([{ name: "language", value: locale, url: `${origin}/` }]);
    for (const width of [1280, 1536]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/dashboard");
      const nav = page.locator("header nav").first();
      const menu = page.locator("header button[aria-controls=main-menu]");
      if (await nav.isVisible()) {
        const [links, end] = await Promise.all([nav.boundingBox(), page.locator("header").getByRole("button").nth(1).boundingBox()]);
        const logo = await page.locator("header a[href='/dashboard']").first().boundingBox();
        expect(links!.x, `${locale} at ${width} px: the links start after the logo`).toBeGreaterThanOrEqual(logo!.x + logo!.width);
        expect(links!.x + links!.width, `${locale} at ${width} px: the links end before the header's buttons`).toBeLessThanOrEqual(end!.x);
        expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth + 1), `${locale} at ${width} px: no link cut`).toBe(true);
      } else {
        await expect(menu, `${locale} at ${width} px: the menu holds the links`).toBeVisible();
      }
      await snap(page, `header-${locale}-${width}`);
    }
  }
});

test("a learner changes the language from the account menu: every page follows, and the profile keeps it", async ({ page }) => {
  const email = "author@demo.test";
  const token = await signIn(page, email);
  const profile = async () =>
    (await (await page.request.get("/api/user/info", { headers: { authorization: `Bearer ${token}` } })).json()) as { preferredLanguage: string };
  const before = (await profile()).preferredLanguage;
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByLabel("Language").selectOption("te");
  await expect(page.locator("html")).toHaveAttribute("lang", "te");
  await expect(page.getByRole("heading", { level: 2, name: te.dashboard.sections.myCourses })).toBeVisible();
  await expect.poll(async () => (await profile()).preferredLanguage).toBe("Telugu");
  // Another page, and a page outside the signed-in layout (the learning page), in Telugu too.
  await page.goto("/courses");
  await expect(page.locator("html")).toHaveAttribute("lang", "te");
  await expect(page.getByRole("navigation", { name: te.shell.nav.label })).toBeVisible();
  // Put back as the demo has it.
  await page.getByRole("button", { name: new RegExp(te.shell.account.menuFor.replace("{name}", ".+")) }).click();
  await page.getByLabel(te.language.label).selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect.poll(async () => (await profile()).preferredLanguage).toBe("English");
  expect(before).toBe("English");
});

test("a page in Hindi, Tamil or Telugu does not move when its script's font arrives", async ({ page, browser }) => {
  await signIn(page, "learner@demo.test");
  const origin = new URL(page.url()).origin;
  const session = await page.context().storageState();
  for (const locale of ["hi", "ta", "te"] as const) {
    // The dashboard asks for the font in its head; the learning page (which shows the video first) does not.
    for (const path of ["/dashboard", "/learn/resume"]) {
      // A browser of its own each time, so the font is fetched by this page and not already at hand.
      const context = await browser.newContext({ storageState: session });
      await context.addCookies([{ name: "language", value: locale, url: `${origin}/` }]);
      const tab = await context.newPage();
      await tab.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await tab.goto(path);
      await expect(tab.locator("html")).toHaveAttribute("lang", locale);
      await tab.evaluate(() => document.fonts.ready.then(() => undefined));
      await tab.waitForLoadState("networkidle");
      const moved = await tab.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
      expect(moved, `${new URL(tab.url()).pathname} in ${locale} moved (cumulative layout shift)`).toBeLessThan(0.02);
      await context.close();
    }
  }
});
