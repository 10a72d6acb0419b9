import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { completeVideos } from "./support/certificates";
import { LEARNER, signIn } from "./support/sign-in";

/*
 * The studio's xAPI page as the demo administrator uses it (docs/scorm-xapi.md): the statements of
 * what learners did, whether the LRS has them, and a date range's statements downloaded as JSON.
 * No LRS is configured for the browser tests: the statements wait, and export all the same.
 */
const ADMIN = "admin@demo.test";

test("an administrator sees the learners' statements and downloads a date range of them as JSON", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The demo learner watches the Python course's videos to their end: each completion is a statement.
  const learnerPage = await browser.newPage();
  const learnerToken = await signIn(learnerPage, LEARNER);
  await completeVideos(learnerPage.request, learnerToken, "watch");
  await learnerPage.close();

  await signIn(page, ADMIN);
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "xAPI" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "xAPI statements" })).toBeVisible();
  await expect(page.getByTestId("lrs-status")).toContainText("No LRS is configured");
  // Other learners' statements from earlier tests may be newer: the demo learner's completion is
  // found among the rows by its e-mail address and verb.
  const row = page.getByRole("list", { name: "Statements" }).getByRole("listitem").filter({ hasText: LEARNER }).filter({ hasText: "completed" }).first();
  await expect(row).toContainText("Waiting");
  await expectAccessible(page, "the xAPI statements page");

  const today = new Date().toISOString().slice(0, 10);
  const form = page.getByRole("form", { name: "Export statements" });
  await form.getByLabel("From").fill(today);
  await form.getByLabel("To").fill(today);
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download JSON" }).click()]);
  expect(download.suggestedFilename()).toBe(`xapi-statements-${today}-to-${today}.json`);
  const statements = JSON.parse(readFileSync((await download.path())!, "utf8")) as { verb: { id: string }; actor: { account: { homePage: string } }; object: { id: string } }[];
  expect(statements.length).toBeGreaterThan(0);
  const completions = statements.filter((s) => s.verb.id === "http://adlnet.gov/expapi/verbs/completed");
  expect(completions.length).toBeGreaterThan(0);
  expect(completions.every((s) => s.object.id.includes("/xapi/activities/") && s.actor.account.homePage.startsWith("http"))).toBe(true);

  // A range with no events downloads an empty list.
  await form.getByLabel("From").fill("2020-01-01");
  await form.getByLabel("To").fill("2020-01-31");
  const [empty] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download JSON" }).click()]);
  expect(JSON.parse(readFileSync((await empty.path())!, "utf8"))).toEqual([]);
});

test("a learner who opens the xAPI page is sent back", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto("/studio/xapi");
  await expect(page).not.toHaveURL(/\/studio\/xapi$/);
});
