import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

const TIME_ZONE = "America/New_York";

interface ListedMeeting {
  id: string;
  title: string;
  startDate: string;
  joinLink?: string;
}

/** A demo session as the API lists it to the learner. */
async function listed(page: Page, token: string, rangeType: string, title: string): Promise<ListedMeeting> {
  const res = await page.request.get(`/api/GroupMeeting/meetings?rangeType=${rangeType}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { results: ListedMeeting[] }).results.find((m) => m.title === title);
  expect(found, `${title} is listed as ${rangeType}`).toBeDefined();
  return found!;
}

test.describe("group sessions", () => {
  test.use({ timezoneId: TIME_ZONE });

  test("register for an upcoming session, see it registered, and download its calendar file", async ({ page }) => {
    const token = await signIn(page, LEARNER);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Group sessions", exact: true }).click();
    await expect(page).toHaveURL(/\/group-sessions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");

    const title = "Plotting Test Data with Matplotlib";
    const session = await listed(page, token, "upcoming", title);
    const card = page.getByRole("article", { name: title });
    // The time is the browser's, in its own zone; the organiser's Berlin time is given beside it.
    const wall = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE }).format(new Date(session.startDate));
    await expect(card.locator("time")).toContainText(wall);
    await expect(card.locator("time")).toContainText(/GMT-[45]/);
    await expect(card.getByText("45 mins")).toBeVisible();
    await expect(card.getByText("Lena Hoffmann")).toBeVisible();
    await expect(card.getByText(/for the organiser \(Europe\/Berlin\)/)).toBeVisible();

    await card.getByRole("button", { name: /^Register/ }).click();
    await expect(card.getByText("Registered", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: /^Cancel registration/ })).toBeVisible();
    // A day before the start there is no Join yet.
    await expect(card.getByRole("link", { name: /^Join/ })).toHaveCount(0);
    await expect(card.getByText(/The join link appears here from/)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: /^Add to calendar/ }).click()]);
    expect(download.suggestedFilename()).toBe("plotting-test-data-with-matplotlib.ics");
    const calendar = await readFile((await download.path())!, "utf8");
    expect(calendar).toContain("BEGIN:VCALENDAR\r\n");
    expect(calendar).toContain(`UID:meeting-${session.id}@localhost\r\n`);
    expect(calendar).toContain(`SUMMARY:${title}\r\n`);
    // Registered: the file carries the join link.
    expect(calendar).toContain("LOCATION:https://meet.example.com/matplotlib-test-data\r\n");

    // Still registered after a reload (the server's answer, not the page's memory).
    await page.reload();
    await expect(page.getByRole("article", { name: title }).getByText("Registered", { exact: true })).toBeVisible();
  });

  test("a live session the learner registers for offers Join", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.goto("/group-sessions");
    await page.getByRole("tab", { name: "Live" }).click();
    await expect(page).toHaveURL(/\/group-sessions\?range=live$/);
    const card = page.getByRole("article", { name: "Live Q&A: Meshing Your First Simulation Study" });
    await expect(card.getByText("Live now")).toBeVisible();
    await expect(card.getByRole("link", { name: /^Join/ })).toHaveCount(0);
    await expect(card.getByText("Register to get the join link.")).toBeVisible();

    await card.getByRole("button", { name: /^Register/ }).click();
    const join = card.getByRole("link", { name: /^Join/ });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute("href", "https://meet.example.com/fea-meshing-qna");
    await expect(join).toHaveAttribute("target", "_blank");

    // Cancelling takes the link away again.
    await card.getByRole("button", { name: /^Cancel registration/ }).click();
    await expect(card.getByRole("link", { name: /^Join/ })).toHaveCount(0);
    await card.getByRole("button", { name: /^Register/ }).click();
    await expect(card.getByRole("link", { name: /^Join/ })).toBeVisible();
  });

  test("tabs, course filter and past sessions; fits a 375 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, LEARNER);
    await page.goto("/group-sessions?range=past");
    await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    const past = page.getByRole("list", { name: "Past sessions" });
    await expect(past.getByRole("article")).toHaveCount(2);
    await expect(past.getByText("Ended")).toHaveCount(2);
    await expect(past.getByRole("button", { name: /^Register/ })).toHaveCount(0);

    await page.getByLabel("Course").selectOption({ label: "Python for Engineers" });
    await expect(page).toHaveURL(/course=/);
    await expect(past.getByRole("article")).toHaveCount(1);
    await expect(past.getByRole("article", { name: "NumPy Office Hours" })).toBeVisible();

    // The arrow keys move between the tabs.
    await page.getByRole("tab", { name: "Past" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Live" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Live" })).toBeFocused();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`no serious or critical axe violation with Join, Registered and Register on screen, ${theme}`, async ({ page }) => {
      await signIn(page, LEARNER);
      await page.addInitScript((dark) => {
        localStorage.setItem("darkModeKey", dark ? "true" : "false");
        sessionStorage.setItem("hasWebsiteLoadedOneTimeKey", "true");
      }, theme === "dark");
      for (const path of ["/group-sessions?range=live", "/group-sessions"]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
        await expect(page.getByRole("article").first()).toBeVisible();
        const live = page.getByRole("article", { name: "Live Q&A: Meshing Your First Simulation Study" });
        if (path.includes("live") && (await live.getByRole("button", { name: /^Register/ }).count())) await live.getByRole("button", { name: /^Register/ }).click();
        if (path.includes("live")) await expect(live.getByRole("link", { name: /^Join/ })).toBeVisible();
        await expectAccessible(page, path);
      }
    });
  }
});
