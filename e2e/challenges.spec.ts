import { expect, test } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

const QUIZ = "/learn/mcqBlock/cad-fundamentals-solidworks/getting-started/sketching-basics/sketching-check";
const WARM_UP = "/learn/mcqBlock/cad-fundamentals-solidworks/getting-started/interface-navigation/interface-warm-up";

test("a learner answers a timed multiple-choice block, reloads mid-way, submits and sees the score", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(QUIZ);
  await expect(page.getByRole("heading", { level: 1, name: "Sketching Check" })).toBeVisible();
  // Before starting: no question is on the page.
  await expect(page.getByText("What colour does SolidWorks use")).toHaveCount(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);

  await page.getByRole("radio", { name: "Black" }).check();
  const relations = page.getByRole("group", { name: /geometric relations/ });
  await relations.getByRole("checkbox", { name: "Tangent" }).check();
  await relations.getByRole("checkbox", { name: "Coincident" }).check();
  await relations.getByRole("checkbox", { name: "Equal" }).check();
  // At the limit, the fourth option cannot be chosen.
  await expect(relations.getByRole("checkbox", { name: "Smart Dimension" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await expectAccessible(page);

  // A reload keeps the attempt, its clock and the saved choices.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Black" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Equal" })).toBeChecked();
  await expect(page.getByRole("timer")).toHaveText(/^9:\d\d$/);

  await page.getByRole("radio", { name: "The sketch is over-defined by a redundant dimension or relation" }).check();
  await page.getByRole("checkbox", { name: "Relate the profile to the origin" }).check();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  // While the attempt runs, neither the page's HTML nor the block's JSON carries the key.
  const html = await (await page.request.get(QUIZ)).text();
  expect(html).toContain("Sketching Check");
  expect(html).not.toContain("isCorrect");
  // The course tree before submitting: the block not ticked, the course's percentage as it is.
  const tree = page.getByRole("navigation", { name: "Course contents" });
  const treeItem = tree.getByRole("link", { name: /^Sketching Check/ });
  await expect(treeItem).toHaveAttribute("data-completed", "false");
  const percentBefore = Number((await page.getByTestId("course-progress").innerText()).replace("%", ""));
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();

  // Three right (1 + 2 + 1 marks); the last one had only one of its two right options.
  await expect(page.getByText(/^4\s*of 6 marks/)).toBeVisible();
  // The tree follows at once, without a reload: the block ticked, the course further on.
  await expect(treeItem).toHaveAttribute("data-completed", "true");
  await expect(treeItem).toContainText("completed");
  await expect.poll(async () => Number((await page.getByTestId("course-progress").innerText()).replace("%", ""))).toBeGreaterThan(percentBefore);
  await expect(page.getByText("Not right: 0 of 2")).toBeVisible();
  // After completion the key shows beside the learner's choices.
  await expect(page.getByText("Right answer").first()).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByText(/^4\s*of 6 marks/)).toBeVisible();
});

test("a block left open past its deadline is closed by the server with the answers saved in time", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, LEARNER);
  await page.goto(WARM_UP);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("timer")).toBeVisible();
  await page.getByRole("radio", { name: "The FeatureManager design tree" }).check();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  const cookies = await page.context().cookies();
  // The learner closes the page with most of the minute left; nobody submits.
  await page.close();

  // Past the deadline, the grace period and a sweep, a fresh page finds the attempt completed by the server.
  await new Promise((r) => setTimeout(r, 66_000));
  const context = await browser.newContext();
  await context.addCookies(cookies);
  const again = await context.newPage();
  await again.goto(WARM_UP);
  await expect(again.getByText(/^1\s*of 2 marks/)).toBeVisible();
  await expect(again.getByText("The time ran out: the answers saved before the deadline were scored.")).toBeVisible();
  await context.close();
});
