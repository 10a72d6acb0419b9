import { expect, test, type Page } from "@playwright/test";
import { formatSeconds } from "../lib/format-duration";
import { completeQuizzes, completeVideos, PYTHON } from "./support/certificates";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";
import { drawEveryBlock } from "./support/shots";

const EMPLOYEE = "employee@demo.test";
const TIME_ZONE = "Pacific/Auckland";

interface Stats {
  coursesEnrolled: number;
  coursesCompleted: number;
  totalHoursLearned: number;
  totalSecondsLearned: number;
  totalChallengesSubmitted: number;
  weeklyLearningTime: { totalMinutes: number; days: { minutes: number }[] };
}

const api = (page: Page, token: string, path: string) => page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });

/** Nine minutes of "Installing Python and VS Code" watched now, so the figures and today's bar are not all zero. */
async function watchNineMinutes(page: Page, token: string) {
  const ids = await api(page, token, "/course/video/slug/courseIds?videoCourseSlugId=python-for-engineers&nodeSlugId=installing-python-vscode");
  const { courseId, nodeId } = (await ids.json()) as { courseId: string; nodeId: string };
  const tree = (await (await api(page, token, `/course/video/tree?id=${courseId}`)).json()) as { versionId: string };
  const timeStamp = Array.from({ length: 271 }, (_, i) => i * 2);
  const res = await page.request.post("/api/user/addVideoWatchRecord", {
    headers: { authorization: `Bearer ${token}`, "Idempotency-Key": `e2e-dashboard-${Date.now()}` },
    data: { courseId, versionId: tree.versionId, videoId: nodeId, watchDuration: { timeStamp, totalDuration: 540 } },
  });
  expect(res.status()).toBe(200);
}

async function stats(page: Page, token: string): Promise<Stats> {
  const res = await api(page, token, `/dashboard/getDashboardCoursesDetails?timeZone=${encodeURIComponent(TIME_ZONE)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Stats;
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`);
/** A duration as the spec writes it: "2 hrs 36 mins", "1 hr", "45 mins", or seconds under a minute. */
const DURATION = /^(\d+ hrs?( \d+ mins?)?|\d+ mins?|\d+ sec)$/;

test.describe("the learner's dashboard", () => {
  test.use({ timezoneId: TIME_ZONE });

  for (const viewport of [
    { name: "1280 px", width: 1280, height: 900 },
    { name: "375 px", width: 375, height: 812 },
  ]) {
    test(`shows the learner's real figures at ${viewport.name}, and each figure leads to what it counts`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const token = await signIn(page, LEARNER);
      await watchNineMinutes(page, token);
      await page.goto("/dashboard");
      const expected = await stats(page, token);
      expect(expected.coursesEnrolled).toBeGreaterThanOrEqual(2);
      expect(expected.totalHoursLearned).toBeGreaterThan(0);

      await expect(figure(page, "courses-enrolled")).toHaveText(String(expected.coursesEnrolled));
      await expect(figure(page, "courses-completed")).toHaveText(String(expected.coursesCompleted));
      // Time learned in the duration every page uses, never hours rounded to 0.
      await expect(figure(page, "time-learned")).toHaveText(formatSeconds(expected.totalSecondsLearned));
      await expect(figure(page, "time-learned")).toHaveText(DURATION);
      await expect(figure(page, "challenges-submitted")).toHaveText(String(expected.totalChallengesSubmitted));

      // The week is counted in the browser's time zone, remembered for the next server render.
      await expect(page.getByText(`in your time zone (${TIME_ZONE})`)).toBeVisible();
      expect((await page.context().cookies()).find((c) => c.name === "timeZone")?.value).toBe(TIME_ZONE);
      const chart = page.getByRole("img", { name: /Minutes of video watched per day, last 7 days/ });
      await expect(chart).toBeVisible();
      expect(expected.weeklyLearningTime.days.at(-1)!.minutes).toBeGreaterThanOrEqual(9);

      // Courses enrolled opens the list of every enrolled course.
      await page.getByRole("link", { name: /Courses enrolled/ }).click();
      await expect(page).toHaveURL(/\/dashboard#my-courses$/);
      const myCourses = page.getByRole("region", { name: "My courses" });
      await expect(myCourses.getByText(`${expected.coursesEnrolled} course${expected.coursesEnrolled === 1 ? "" : "s"}`, { exact: true })).toBeVisible();

      // Courses completed opens the list of the completed ones: as many as the figure says.
      await page.getByRole("link", { name: /Courses completed/ }).click();
      await expect(page).toHaveURL(/\/dashboard\?courses=completed#my-courses$/);
      await expect(myCourses.getByText(`${expected.coursesCompleted} course${expected.coursesCompleted === 1 ? "" : "s"}`, { exact: true })).toBeVisible();
      await expect(myCourses.getByRole("link", { name: "Completed courses" })).toHaveClass(/bg-brand-600/);

      // The same list after a reload: the server renders the filter from the address.
      await page.reload();
      await expect(myCourses.getByText(`${expected.coursesCompleted} course${expected.coursesCompleted === 1 ? "" : "s"}`, { exact: true })).toBeVisible();

      // Time learned leads to the learning-time chart.
      await page.getByRole("link", { name: /Time learned/ }).click();
      await expect(page).toHaveURL(/#learning-time$/);
      await expect(chart).toBeInViewport();

      if (viewport.width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  }

  test("beside a completed course, the time learned is what was really watched, in hours and minutes, and says so", async ({ page }, testInfo) => {
    // The grader takes the complimentary course to the end (unless an earlier test did): every video watched, its quiz submitted.
    const token = await signIn(page, "grader@demo.test");
    const listed = await api(page, token, `/course/program/courses/all?searchText=${encodeURIComponent(PYTHON.name)}`);
    const [python] = ((await listed.json()) as { results: { courseProgressInPercentage: number }[] }).results;
    if (python?.courseProgressInPercentage !== 100) {
      await completeVideos(page.request, token, "watch");
      await completeQuizzes(page.request, token);
    }
    await page.goto("/dashboard?courses=completed#my-courses");
    const completed = page.getByRole("region", { name: "My courses" }).getByRole("listitem").filter({ hasText: PYTHON.name });
    await expect(completed.getByText("Completed", { exact: true })).toBeVisible();
    await expect(completed).toContainText("100%");

    const expected = await stats(page, token);
    expect(expected.totalSecondsLearned).toBeGreaterThan(0);
    await expect(figure(page, "time-learned")).toHaveText(formatSeconds(expected.totalSecondsLearned));
    await expect(figure(page, "time-learned")).toHaveText(DURATION);
    await expect(figure(page, "time-learned")).not.toHaveText(/^0/);
    const learningTime = page.getByRole("region", { name: "Learning time this week" });
    await expect(learningTime).toContainText(`${formatSeconds(expected.totalSecondsLearned)} learned in all`);
    // What the figure counts, in words: video really played, not what marks a course complete.
    await expect(learningTime.getByText(/only what was really played/)).toBeVisible();
    for (const theme of ["dark", "light"] as const) {
      await page.addInitScript((dark) => localStorage.setItem("darkModeKey", dark ? "true" : "false"), theme === "dark");
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.goto("/dashboard");
        await expect(figure(page, "time-learned")).toHaveText(formatSeconds(expected.totalSecondsLearned));
        await drawEveryBlock(page);
        await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}-${theme}.png`), fullPage: true });
      }
    }
  });

  test("the weekly chart's labels are 12 px or more on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const token = await signIn(page, LEARNER);
    await watchNineMinutes(page, token);
    await page.goto("/dashboard");
    const chart = page.getByRole("img", { name: /Minutes of video watched per day, last 7 days/ });
    await expect(chart).toBeVisible();
    // Every label as drawn on screen: its font size, times the scale of a drawing that is scaled to fit.
    const labels = await chart.evaluate((root) =>
      [root, ...root.querySelectorAll("*")]
        .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== "") && el.getBoundingClientRect().width > 0)
        .filter((el) => !["title", "desc"].includes(el.tagName.toLowerCase()) && el.checkVisibility({ visibilityProperty: true }))
        .map((el) => {
          const scale = el instanceof SVGGraphicsElement ? (el.getScreenCTM()?.a ?? 1) : 1;
          return { text: el.textContent!.trim(), px: Math.round(parseFloat(getComputedStyle(el).fontSize) * scale * 10) / 10 };
        }),
    );
    // The scale, the minutes on today's bar, and the seven days.
    expect(labels.map((l) => l.text)).toContain("Today");
    expect(labels.some((l) => /^\d+m$/.test(l.text))).toBe(true);
    expect(labels.length).toBeGreaterThanOrEqual(10);
    expect(labels.filter((l) => l.px < 12)).toEqual([]);
  });

  test("on a phone, in every language, the weekly chart's day names stand apart and the greeting names the plan in the page's words", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, LEARNER);
    for (const language of ["en", "hi", "ta", "te"]) {
      await page.context().addCookies([{ name: "language", value: language, url: new URL(page.url()).origin + "/" }]);
      await page.goto("/dashboard");
      const chart = page.getByTestId("learning-time-chart");
      await expect(chart).toBeVisible();
      // Where each day's name is drawn, left to right.
      const names = await chart.evaluate((root) => {
        const row = root.querySelector("[data-testid=learning-time-days]")!;
        return [...row.querySelectorAll(":scope > span")].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const drawn = [...range.getClientRects()].filter((r) => r.width > 0);
          return { text: (cell as HTMLElement).innerText, left: Math.min(...drawn.map((r) => r.left)), right: Math.max(...drawn.map((r) => r.right)) };
        });
      });
      // The card the chart is drawn in: a name may reach into its padding, not past it.
      const box = (await chart.locator("xpath=ancestor::section[1]").boundingBox())!;
      expect(names, language).toHaveLength(7);
      for (const [i, name] of names.entries()) {
        const next = names[i + 1];
        if (next) expect(name.right, `${language}: "${name.text}" runs into "${next.text}"`).toBeLessThanOrEqual(next.left);
        expect(name.left, `${language}: "${name.text}" starts outside its card`).toBeGreaterThanOrEqual(box.x);
        expect(name.right, `${language}: "${name.text}" ends outside its card`).toBeLessThanOrEqual(box.x + box.width);
      }
      const premium = { en: "Premium plan", hi: "प्रीमियम प्लान", ta: "பிரீமியம் பிளான்", te: "ప్రీమియం ప్లాన్" }[language]!;
      await expect(page.getByRole("main").getByText(premium)).toBeVisible();
    }
  });

  test("is drawn by the server with its data: the browser asks for none of it", async ({ page }) => {
    await signIn(page, LEARNER);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/dashboard/")) asked.push(r.url());
    });
    await page.goto("/dashboard");
    await expect(figure(page, "courses-enrolled")).toBeVisible();
    await expect(page.getByRole("region", { name: "Continue learning" })).toBeVisible();
    // The page polls for a newer build every few seconds, so the network is never idle for long:
    // wait for the load and for hydration to have run its effects instead.
    await page.waitForLoadState("load");
    await page.waitForTimeout(2000);
    expect(asked).toEqual([]);
  });

  test("follows a learner who moved to another time zone, and leaves Intl alone while they stay", async ({ page, context }) => {
    await signIn(page, LEARNER);
    // Every Intl.DateTimeFormat the page builds is counted (the first of a page is the costly one).
    await page.addInitScript(() => {
      const Original = Intl.DateTimeFormat;
      const counted = Object.assign((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => {
        (window as unknown as { intlFormats: number }).intlFormats = ((window as unknown as { intlFormats?: number }).intlFormats ?? 0) + 1;
        return new Original(...args);
      }, Original);
      Intl.DateTimeFormat = counted as typeof Intl.DateTimeFormat;
    });
    const domain = new URL(page.url()).hostname;
    const zoneCookie = (value: string) => ({ name: "timeZone", value, domain, path: "/" });
    const offsetsCookie = (value: string) => ({ name: "timeZoneOffsets", value, domain, path: "/" });
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name)?.value;
    const settled = () => page.evaluate(() => new Promise((done) => window.requestIdleCallback(() => window.setTimeout(done, 3500))));

    // Signed in last in London: the page is drawn there, sees the browser keeps Auckland's clock, and is drawn again.
    await context.addCookies([zoneCookie("Europe/London"), offsetsCookie("0/-60")]);
    await page.goto("/dashboard");
    await expect(page.getByText(`in your time zone (${TIME_ZONE})`)).toBeVisible();
    expect(await cookie("timeZone")).toBe(TIME_ZONE);
    const aucklandOffsets = await page.evaluate(() => `${new Date(new Date().getFullYear(), 0, 1).getTimezoneOffset()}/${new Date(new Date().getFullYear(), 6, 1).getTimezoneOffset()}`);
    expect(await cookie("timeZoneOffsets")).toBe(aucklandOffsets);

    // Back the next day, still in Auckland: the page is drawn in Auckland and no Intl formatter is built to check it.
    await page.goto("/dashboard");
    await expect(page.getByText(`in your time zone (${TIME_ZONE})`)).toBeVisible();
    await settled();
    expect(await page.evaluate(() => (window as unknown as { intlFormats?: number }).intlFormats ?? 0)).toBe(0);
  });
});

test.describe("career services", () => {
  test("a learner with career services sees where they stand", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.getByRole("link", { name: "Career services" }).first().click();
    await expect(page).toHaveURL(/\/career-services$/);
    await expect(page.getByRole("heading", { name: "Where you stand" })).toBeVisible();
    await expect(page.getByTestId("career-eligibility-test")).toHaveText("Not passed yet");
    await expect(page.getByTestId("career-test-attempts-left")).toHaveText("2");
    await expect(page.getByTestId("career-mock-interviews")).toHaveText("3");
    await expect(page.getByTestId("career-offers-received")).toHaveText("1");
    await expect(page.getByText("Graduate Design Engineer")).toBeVisible();
    await expect(page.getByRole("link", { name: "CAD Fundamentals with SolidWorks" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a user without career services sees what they are and how to get them", async ({ page }) => {
    await signIn(page, EMPLOYEE);
    await page.goto("/career-services");
    await expect(page.getByRole("heading", { name: "Career services are not part of your account" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Where you stand" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Mock interviews" })).toBeVisible();
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
