import { expect, test, type Page } from "@playwright/test";
import { courseTree } from "./support/certificates";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

const TIME_ZONE = "Asia/Kolkata";
const DAY = 86_400_000;

interface Badge {
  id: string;
  name: string;
  isEarned: boolean;
  earnedAt: string | null;
}
interface Details {
  badgesEarned: number;
  badges: Badge[];
}

async function details(page: Page, token: string): Promise<Details> {
  const res = await page.request.get(`/api/dashboard/getAchievementsDetails?timeZone=${encodeURIComponent(TIME_ZONE)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Details;
}

/** A watch record of the course's second video, a few seconds of it from `from`, as the player's queue keeps them (with their idempotency key). */
async function watchRecord(page: Page, token: string, from: number, recordedAt: Date, key: string) {
  const { tree, items } = await courseTree(page.request, token);
  const video = items.filter((i) => i.type === "video")[1]!;
  const timeStamp = Array.from({ length: 6 }, (_, i) => from + i * 2);
  return { courseId: tree.id, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp, totalDuration: 10 }, idempotencyKey: key, recordedAt: recordedAt.toISOString() };
}

test.describe("achievements", () => {
  test.use({ timezoneId: TIME_ZONE });

  test("learning on a third day in a row earns the streak badge, announced once by a toast", async ({ page }) => {
    const token = await signIn(page, LEARNER);
    await details(page, token); // the learner's time zone, as the page tells it
    const now = Date.now();
    // Two earlier days of learning, recorded by the player then.
    for (const [days, from] of [[2, 700], [1, 720]] as const) {
      const record = await watchRecord(page, token, from, new Date(now - days * DAY), `e2e-streak-${days}`);
      const { idempotencyKey, ...body } = record;
      const res = await page.request.post("/api/user/addVideoWatchRecord", { headers: { authorization: `Bearer ${token}`, "Idempotency-Key": idempotencyKey }, data: body });
      expect(res.status()).toBe(200);
    }
    expect((await details(page, token)).badges.find((b) => b.id === "streak-3")!.isEarned).toBe(false);

    // Today's record waits in the browser's queue (as when it was made offline) and is sent from the next page.
    const today = await watchRecord(page, token, 740, new Date(now), "e2e-streak-0");
    // It is queued on the home page, which sends no watch records, so that only the dashboard sends it.
    await page.goto("/");
    await page.evaluate((r) => localStorage.setItem("pendingWatchRecords", JSON.stringify([r])), today);
    await page.goto("/dashboard");
    await expect(page.getByText(/^Badge earned: .*3-day streak/)).toBeVisible();
    await page.screenshot({ path: "test-results/screens/achievements-toast.png" });
    const earned = (await details(page, token)).badges.find((b) => b.id === "streak-3")!;
    expect(earned.isEarned).toBe(true);

    // Once: the same record sent again, and the next page, announce nothing.
    await page.evaluate((r) => localStorage.setItem("pendingWatchRecords", JSON.stringify([r])), today);
    await page.goto("/achivements");
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("pendingWatchRecords") ?? "[]").length)).toBe(0);
    await expect(page.getByText(/^Badge earned:/)).toHaveCount(0);
    const card = page.getByTestId("badge").filter({ hasText: "3-day streak" });
    await expect(card).toHaveAttribute("data-earned", "true");
    const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE }).format(new Date(earned.earnedAt!));
    await expect(card.getByText(`Earned ${date}`)).toBeVisible();
  });

  for (const viewport of [
    { name: "1280 px", width: 1280, height: 900 },
    { name: "375 px", width: 375, height: 812 },
  ]) {
    test(`the demo learner sees their real badges at ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const token = await signIn(page, LEARNER);
      // A video marked complete (the learner's batch allows it): at least the first video's badge.
      const { tree, items } = await courseTree(page.request, token);
      const mark = await page.request.post("/api/course/video/markAsComplete", {
        headers: { authorization: `Bearer ${token}` },
        data: { courseId: tree.id, videoId: items.find((i) => i.type === "video")!.id },
      });
      expect(mark.status()).toBe(200);
      await page.goto("/achivements");
      await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
      const expected = await details(page, token);
      expect(expected.badgesEarned).toBeGreaterThanOrEqual(1);
      await expect(page.getByTestId("badges-earned")).toHaveText(`${expected.badgesEarned} of ${expected.badges.length}`);
      await expect(page.locator('[data-testid="badge"][data-earned="true"]')).toHaveCount(expected.badgesEarned);
      for (const b of expected.badges.filter((x) => x.isEarned)) {
        await expect(page.getByTestId("badge").filter({ hasText: b.name })).toHaveAttribute("data-earned", "true");
      }
      // The badges' pictures are drawn files of this site, and they load.
      const images = await page.getByTestId("badge").locator("img").evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
      expect(images.length).toBe(expected.badges.length);
      expect(images.every((w) => w > 0)).toBe(true);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      for (const dark of [false, true]) {
        await page.evaluate((d) => localStorage.setItem("darkModeKey", d ? "true" : "false"), dark);
        await page.reload();
        await expect(page.getByTestId("badges-earned")).toBeVisible();
        await page.screenshot({ path: `test-results/screens/achievements-${viewport.width}-${dark ? "dark" : "light"}.png`, fullPage: true });
        await expectAccessible(page);
      }
      await page.evaluate(() => localStorage.removeItem("darkModeKey"));
    });
  }

  test("/achievements leads to /achivements, signed in or not", async ({ page, browser }) => {
    const visitor = await browser.newContext();
    try {
      const res = await visitor.request.get("/achievements", { maxRedirects: 0 });
      expect(res.status()).toBe(308);
      expect(res.headers().location).toBe("/achivements");
      const stranger = await visitor.newPage();
      await stranger.goto("/achievements");
      await expect(stranger).toHaveURL(/\/\?reason=login-required&redirectUrl=%2Fachivements$/);
    } finally {
      await visitor.close();
    }
    await signIn(page, LEARNER);
    await page.goto("/achievements");
    await expect(page).toHaveURL(/\/achivements$/);
    await expect(page.getByRole("heading", { level: 1, name: "Achievements" })).toBeVisible();
  });
});
