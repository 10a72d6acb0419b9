import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * Grading oversight (docs/grading.md): an administrator assigns a submitted essay to a grader on
 * /studio/grading, the grader finds it as theirs and grades it with a comment on a criterion, and the
 * learner sees that comment beside the criterion's marks.
 */
const ADMIN = "admin@demo.test";
const GRADER = "grader@demo.test";
const GRADER_NAME = "Meera Nair";
const ESSAY = "/learn/essayBlock/cad-fundamentals-solidworks/part-modeling/fillets-patterns/mounting-bracket-design";
const CRITERION_COMMENT = "Name the design intent before the first sketch: which faces must stay fixed?";

const queueRow = (page: Page, learner: string) => page.getByTestId("grading-row").filter({ hasText: learner });

test("an administrator assigns an essay to a grader, who grades it with per-criterion comments the learner then sees", async ({ browser, page }) => {
  test.setTimeout(240_000);
  const adminToken = await signIn(page, ADMIN);
  // A learner of their own for each run, in the batch that enrolls them in the CAD course.
  const stamp = Date.now().toString(36);
  const learnerEmail = `lina.${stamp}@example.com`;
  const learnerName = `Lina Grade ${stamp}`;
  const created = await page.request.post("/api/studio/people", {
    data: { email: learnerEmail, name: learnerName, plan: "Premium", batches: ["mech-design-2024-auto"], invite: false },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(created.status()).toBe(201);

  // The learner writes and submits the essay.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await signIn(learner, learnerEmail);
  await learner.goto(ESSAY);
  await learner.getByRole("button", { name: "Start" }).click();
  // Over the essay's 30 words at least.
  await learner
    .getByLabel("Your answer")
    .fill(
      "I model the L bracket from one sketch on the Right plane, dimensioned from the origin so the mounting faces stay fixed. The plate is 4 mm thick, each leg takes two M6 holes from the hole wizard, and the fillets come last so they never break an edit.",
    );
  await expect(learner.getByRole("status").filter({ hasText: /^Draft saved at/ })).toBeVisible();
  await learner.getByRole("button", { name: "Submit essay" }).click();
  await learner.getByRole("button", { name: "Yes, submit" }).click();
  await expect(learner.getByText("Waiting for a grader. You will see the marks here.")).toBeVisible();

  // The administrator finds it waiting and assigns it.
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Grading" }).click();
  await expect(page).toHaveURL(/\/studio\/grading$/);
  await expect(page.getByRole("heading", { level: 1, name: "Grading" })).toBeVisible();
  await page.getByLabel("State").selectOption("unassigned");
  const row = queueRow(page, learnerName);
  await expect(row).toContainText("Design a Mounting Bracket");
  await expect(row).toContainText("CAD Fundamentals with SolidWorks");
  await expect(row.getByTestId("grading-row-grader")).toHaveText("Nobody yet");
  await expect(row).toContainText(/Waiting\s*\S+ min ago/);
  await expectAccessible(page, "the grading queue");
  await shoot(page, "studio-grading", () => expect(page.getByTestId("grading-row").first()).toBeVisible());

  await page.getByLabel("State").selectOption("unassigned");
  const choice = queueRow(page, learnerName).getByLabel("Assign to");
  await choice.selectOption((await choice.locator("option", { hasText: GRADER_NAME }).getAttribute("value"))!);
  await queueRow(page, learnerName).getByRole("button", { name: `Assign ${learnerName}'s essay` }).click();
  await expect(page.getByText(`${learnerName}'s essay is now ${GRADER_NAME}'s to grade.`, { exact: true })).toBeVisible();
  await page.getByLabel("State").selectOption("claimed");
  await expect(queueRow(page, learnerName).getByTestId("grading-row-grader")).toContainText(`Assigned to ${GRADER_NAME}`);
  await expect(queueRow(page, learnerName).getByRole("button", { name: `Reassign ${learnerName}'s essay` })).toBeVisible();
  await expectAccessible(page, "the grading queue with an assigned essay");

  // The grader finds it as theirs and grades it, with a comment on one criterion.
  const graderContext = await browser.newContext();
  const grader = await graderContext.newPage();
  await signIn(grader, GRADER);
  await grader.goto("/evaluate?assignment=pending");
  const submission = grader.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: learnerName });
  await expect(submission).toContainText(`${GRADER_NAME}, assigned`);
  await submission.getByRole("link", { name: new RegExp(`the essay of ${learnerName}`) }).click();
  await expect(grader.getByRole("status").filter({ hasText: "An administrator assigned this essay to you" })).toBeVisible();
  await grader.getByLabel("Marks for Design intent").fill("7");
  await grader.getByLabel("Marks for Feature order and robustness").fill("9");
  await grader.getByLabel("Marks for Engineering judgement").fill("4");
  await grader.getByLabel("Marks for Communication").fill("5");
  await grader.getByLabel("Comment on Design intent").fill(CRITERION_COMMENT);
  await grader.getByLabel("Overall comment for the learner").fill("A sound bracket.");
  await grader.getByRole("button", { name: "Save evaluation" }).click();
  await expect(grader.getByRole("status").filter({ hasText: "Evaluation saved: 25 of 30 marks." })).toBeVisible();
  await graderContext.close();

  // Who graded what, for the administrator.
  await page.reload();
  await page.getByLabel("State").selectOption("graded");
  await expect(queueRow(page, learnerName).getByTestId("grading-row-grader")).toContainText(`Graded by ${GRADER_NAME}`);
  await expect(queueRow(page, learnerName).getByTestId("grading-row-grader")).toContainText("25 of 30");
  await expect(queueRow(page, learnerName).getByRole("button", { name: /Assign|Reassign/ })).toHaveCount(0);

  // The learner sees the marks of each criterion and the grader's comment beside it.
  await learner.reload();
  await expect(learner.getByText("Marks per criterion")).toBeVisible();
  const designIntent = learner.getByRole("listitem").filter({ hasText: "Design intent" });
  await expect(designIntent).toContainText("7 of 10");
  await expect(designIntent.getByTestId("criterion-comment")).toHaveText(`Grader's comment: ${CRITERION_COMMENT}`);
  await expect(learner.getByTestId("criterion-comment")).toHaveCount(1);
  await expectAccessible(learner, "the learner's graded essay with per-criterion comments");
  await shoot(learner, "essay-graded-comments", () => expect(learner.getByTestId("criterion-comment")).toBeVisible());
  await learnerContext.close();
});

test("an author who opens the grading oversight page is sent back to the studio", async ({ page }) => {
  await signIn(page, "author@demo.test");
  await page.goto("/studio/grading");
  await expect(page.getByText("Overseeing grading is for administrators.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByRole("navigation", { name: "Studio" })).toHaveCount(0);
});
