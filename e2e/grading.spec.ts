import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

const GRADER = "grader@demo.test";
/** The demo activity: the demo employee's essay on the embedded C course, waiting for a grader. */
const LEARNER_NAME = "Vikram Iyer";
const ESSAY = "Traffic Light Controller Firmware";

const submissionRow = (page: Page) => page.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: LEARNER_NAME });

test("a grader claims the demo essay, marks every criterion, saves, and finds it completed", async ({ page }) => {
  await signIn(page, GRADER);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Evaluate" }).click();
  await expect(page).toHaveURL(/\/evaluate$/);
  await expect(page.getByRole("heading", { level: 1, name: "Evaluate essays" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Unassigned" })).toHaveAttribute("aria-selected", "true");
  // All, so a rerun against the same server finds the essay graded already and corrects it.
  await page.getByRole("tab", { name: "All" }).click();
  await expect(submissionRow(page)).toContainText("Embedded C on Microcontrollers");
  await expect(submissionRow(page)).toContainText("Submitted by the learner");
  await expectAccessible(page);

  await submissionRow(page).getByRole("link", { name: new RegExp(`the essay of ${LEARNER_NAME}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: ESSAY })).toBeVisible();
  // Opening it claimed it.
  await expect(page.getByRole("status").filter({ hasText: "You hold this essay until" })).toBeVisible();
  const answer = page.getByTestId("submitted-answer");
  await expect(answer).toContainText("State machine");
  // The answer is shown as typed: its indented table keeps its spaces and line breaks.
  expect(await answer.evaluate((el) => (el as HTMLElement).innerText)).toContain("  State      NS     EW     Buzzer   Time\n");

  await page.getByLabel("Marks for State machine design").fill("8");
  await page.getByLabel("Marks for Use of timers and interrupts").fill("9");
  await page.getByLabel("Marks for Code quality").fill("7");
  await page.getByRole("button", { name: /^Save (evaluation|correction)$/ }).click();
  // Over the criterion's maximum: refused in the page, announced, and nothing is sent.
  await expect(page.getByRole("alert").filter({ hasText: "One criterion needs valid marks" })).toBeVisible();
  await expect(page.getByLabel("Marks for Code quality")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("At most 5 marks.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Marks for Code quality").fill("4.5");
  await page.getByLabel("Comment on State machine design").fill("Clear states, and the all-red phase keeps it safe.");
  await page.getByLabel("Overall comment for the learner").fill("Solid design. Show the debounce timing in a diagram next time.");
  await expect(page.getByText(/Total:\s*21\.5\s*of 25/)).toBeVisible();
  await page.getByRole("button", { name: /^Save (evaluation|correction)$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `Evaluation saved: 21.5 of 25 marks. ${LEARNER_NAME} can see the results now.` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You graded this essay on" })).toBeVisible();

  // A reload shows the saved marks.
  await page.reload();
  await expect(page.getByLabel("Marks for Code quality")).toHaveValue("4.5");
  await expect(page.getByLabel("Overall comment for the learner")).toHaveValue("Solid design. Show the debounce timing in a diagram next time.");

  await page.getByRole("link", { name: "Back to submissions" }).click();
  await page.getByRole("tab", { name: "Completed" }).click();
  await expect(submissionRow(page)).toContainText("Graded");
  await expect(submissionRow(page)).toContainText("Graded by Meera Nair, 21.5 of 25");
  await page.getByRole("tab", { name: "Unassigned" }).click();
  await expect(page.getByText(/\d+ submissions?$/)).toBeVisible();
  await expect(submissionRow(page)).toHaveCount(0);
});

test("a learner who opens the grading pages is told they are for graders", async ({ page }) => {
  await signIn(page, LEARNER);
  // No Evaluate link in a learner's header.
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole("link", { name: "Courses", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Evaluate" })).toHaveCount(0);

  for (const path of ["/evaluate", "/evaluate/00000000-0000-4000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Only graders can evaluate essays" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
  }
  await expectAccessible(page);
});
