import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectAccessible } from "./support/axe";
import { completeQuizzes, courseTree, PYTHON } from "./support/certificates";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's learner report (docs/reports.md): after a new learner watches a video and passes the
 * quiz of Python for Engineers, the demo administrator's report of that course shows their progress as
 * the learner's own course page counts it, the CSV downloaded from the page holds exactly the table,
 * and the learner's page tells what they did in time order.
 */
const ADMIN = "admin@demo.test";

/** Every row of the report's table as its cells' text, the header first. */
async function tableText(table: Locator): Promise<string[][]> {
  return table.locator("tr").evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => (cell as HTMLElement).innerText.trim())));
}

async function loadAll(page: Page) {
  const more = page.getByRole("button", { name: "Load more" });
  while (await more.isVisible()) {
    await more.click();
    await page.waitForLoadState("networkidle");
  }
}

test("after a learner's activity, the report shows their progress, and the CSV equals the table", async ({ browser, page }) => {
  test.setTimeout(420_000);
  const adminToken = await signIn(page, ADMIN);
  const stamp = Date.now().toString(36);
  const email = `report.${stamp}@example.com`;
  const name = `Rao, "Rhea" ${stamp}`;
  const created = await page.request.post("/api/studio/people", { data: { email, name, invite: false }, headers: { authorization: `Bearer ${adminToken}` } });
  expect(created.status()).toBe(201);
  const { person } = (await created.json()) as { person: { id: string } };

  // The learner enrolls, watches the first video to its end and passes the quiz, through the player's and the quiz's calls.
  const theirs = await browser.newContext();
  const learnerPage = await theirs.newPage();
  const token = await signIn(learnerPage, email);
  const headers = { authorization: `Bearer ${token}` };
  const { tree, items } = await courseTree(learnerPage.request, token, PYTHON);
  const video = items.find((i) => i.type === "video")!;
  const seconds = Math.round(video.durationInMinutes * 60);
  const timeStamp = Array.from({ length: Math.floor(seconds / 2) + 1 }, (_, i) => Math.min(i * 2, seconds));
  const watched = await learnerPage.request.post("/api/user/addVideoWatchRecord", {
    headers: { ...headers, "Idempotency-Key": `e2e-report-${stamp}` },
    data: { courseId: tree.id, versionId: tree.versionId, videoId: video.id, watchDuration: { timeStamp, totalDuration: seconds } },
  });
  expect(watched.status()).toBe(200);
  await completeQuizzes(learnerPage.request, token, PYTHON);
  const own = (await (await learnerPage.request.get(`/api/course/video/progress?courseId=${tree.id}`, { headers })).json()) as {
    courseProgressInPercentage: number;
    completedVideosCount: number;
    totalVideosCount: number;
  };
  expect(own.courseProgressInPercentage).toBeGreaterThan(0);
  await theirs.close();

  // The administrator opens the report from the studio's navigation and chooses the course.
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await page.getByRole("combobox", { name: "Course", exact: true }).selectOption({ label: PYTHON.name });
  const table = page.getByRole("region", { name: "Learners" }).getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Quiz: Python Basics Quiz" })).toBeVisible();
  await loadAll(page);
  const row = table.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText(name);
  const cells = await row.locator("th, td").allInnerTexts();
  const header = await table.locator("thead th").allInnerTexts();
  const cell = (label: string) => cells[header.findIndex((h) => h.trim() === label)]!.trim();
  expect(cell("Progress")).toBe(`${own.courseProgressInPercentage}%`);
  expect(cell("Videos complete")).toBe(`${own.completedVideosCount} / ${own.totalVideosCount}`);
  expect(cell("Quiz: Python Basics Quiz")).toBe("100% (passed)");
  expect(cell("Started")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId("funnel-started")).not.toHaveText(/^0 /);
  await expectAccessible(page, "the learner report");

  // The CSV downloaded from the page holds exactly what the table shows.
  const shown = await tableText(table);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^learners-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = readFileSync((await download.path())!, "utf8");
  expect(file).toContain(`"Rao, ""Rhea"" ${stamp}"`);
  expect(parse(file, { bom: true })).toEqual(shown);
  // As does the CSV call itself, with the same filters as query parameters.
  const courseId = await page.getByRole("combobox", { name: "Course", exact: true }).inputValue();
  const direct = await page.request.get(`/api/studio/reports/learners.csv?course=${courseId}&sort=name&order=asc`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(direct.status()).toBe(200);
  expect(parse(await direct.text(), { bom: true })).toEqual(shown);
  await shoot(page, "studio-reports", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Learners" })).toBeVisible();
  });

  // The filters live in the address: a reload (or a shared link) shows the same report.
  await expect(page).toHaveURL(new RegExp(`[?&]course=${courseId}`));
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Course", exact: true })).toHaveValue(courseId);
  await expect(table.getByRole("columnheader", { name: "Quiz: Python Basics Quiz" })).toBeVisible();

  // The learner's page tells what they did, oldest first.
  await loadAll(page);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/reports/learners/${person.id}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline).toContainText("Completed the video");
  await expect(timeline).toContainText("Finished the quiz Python Basics Quiz");
  const events = await timeline.locator("li").allInnerTexts();
  expect(events[0]).toContain("Enrolled in");
  const at = (text: string) => events.findIndex((e) => e.includes(text));
  expect(at("Started watching")).toBeLessThan(at("Completed the video"));
  expect(at("Started the quiz")).toBeLessThan(at("Finished the quiz"));
  await expectAccessible(page, "a learner's report");
  // Back from it, the report is still the course's.
  await page.goBack();
  await expect(page.getByRole("combobox", { name: "Course", exact: true })).toHaveValue(courseId);
  await shoot(page, "studio-report-learner", () => expect(page.getByRole("heading", { level: 1, name })).toBeVisible());

  // At 375 px the page fits; the table scrolls inside its own region.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/studio/reports");
  await expect(page.getByRole("region", { name: "Learners" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
