import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";

const ESSAY = "/learn/essayBlock/cad-fundamentals-solidworks/part-modeling/fillets-patterns/mounting-bracket-design";
const GRADER = "grader@demo.test";

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} (${n.failureSummary ?? ""})`).join(", ")}`)).toEqual([]);
}

const draftSaved = (page: Page) => expect(page.getByRole("status").filter({ hasText: /^Draft saved at/ })).toBeVisible();

test("a learner writes an essay, reloads mid-way, attaches a file, meets a second tab and submits; a grader marks it; the learner sees the marks", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, LEARNER);
  await page.goto(ESSAY);
  await expect(page.getByRole("heading", { level: 1, name: "Design a Mounting Bracket" })).toBeVisible();
  await expect(page.getByText("How it is graded")).toBeVisible();
  // The question comes with the clock: not on the page before Start.
  await expect(page.getByText(/Model an L-shaped steel mounting bracket/)).toHaveCount(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("timer")).toHaveText(/^(2:00:00|1:59:\d\d)$/);
  await expect(page.getByText(/Model an L-shaped steel mounting bracket/)).toBeVisible();

  const answer = page.getByLabel("Your answer");
  const firstPart = "I start from a sketch on the Right plane with the bracket's L profile, dimensioned from the origin.";
  await answer.fill(firstPart);
  await draftSaved(page);
  await expectAccessible(page);

  // A reload brings the saved text back, and the clock keeps running from the server's deadline.
  await page.reload();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart);
  await expect(page.getByRole("timer")).toHaveText(/^1:59:\d\d$/);

  // Typed, then reloaded before the server had it: the text comes back from this browser and is saved.
  const secondPart = " The plate is 4 mm thick: two M6 bolts per leg carry the 2 kg motor with a wide margin.";
  await page.getByLabel("Your answer").click();
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(secondPart.slice(0, 20));
  await page.reload();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart + secondPart.slice(0, 20));
  await draftSaved(page);
  await page.getByLabel("Your answer").click();
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(secondPart.slice(20));
  await draftSaved(page);

  // A second tab saves a newer draft; this tab's next save is refused and both texts are shown.
  const other = await page.context().newPage();
  await other.goto(ESSAY);
  await expect(other.getByLabel("Your answer")).toHaveValue(firstPart + secondPart);
  await other.getByLabel("Your answer").fill("Written in the second tab.");
  await draftSaved(other);
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(" Fillets last.");
  await expect(page.getByRole("heading", { name: "This essay was also edited in another tab or on another device" })).toBeVisible();
  await expect(page.getByText("Written in the second tab.")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart + secondPart + " Fillets last.");
  await page.getByRole("button", { name: "Keep this tab's text" }).click();
  await draftSaved(page);
  await other.reload();
  await expect(other.getByLabel("Your answer")).toHaveValue(firstPart + secondPart + " Fillets last.");
  await other.close();

  // An attachment, uploaded with a progress bar and listed by name.
  await page.getByLabel("Attach files").setInputFiles({
    name: "bracket-notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Feature order: base sketch, boss-extrude, fillet, hole wizard (M6), mirror.\n"),
  });
  await expect(page.getByRole("link", { name: "bracket-notes.txt" })).toBeVisible();
  await draftSaved(page);

  await page.getByRole("button", { name: "Submit essay" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText("Waiting for a grader. You will see the marks here.")).toBeVisible();
  await expect(page.getByText(firstPart + secondPart + " Fillets last.")).toBeVisible();
  await expectAccessible(page);

  // The grader, in their own browser, finds it in the workspace and marks it.
  const graderContext = await browser.newContext();
  const grader = await graderContext.newPage();
  await signIn(grader, GRADER);
  await grader.goto("/evaluate");
  const row = grader.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: "Asha Raman" });
  await expect(row).toContainText("CAD Fundamentals");
  await row.getByRole("link", { name: /the essay of Asha Raman/ }).click();
  await expect(grader.getByTestId("submitted-answer")).toHaveText(firstPart + secondPart + " Fillets last.");
  await expect(grader.getByRole("link", { name: "bracket-notes.txt" })).toBeVisible();
  await grader.getByLabel("Marks for Design intent").fill("8");
  await grader.getByLabel("Marks for Feature order and robustness").fill("9");
  await grader.getByLabel("Marks for Engineering judgement").fill("4");
  await grader.getByLabel("Marks for Communication").fill("5");
  await grader.getByLabel("Overall comment for the learner").fill("Clear design intent; justify the plate thickness with a quick stress estimate.");
  await grader.getByRole("button", { name: "Save evaluation" }).click();
  await expect(grader.getByRole("status").filter({ hasText: "Evaluation saved: 26 of 30 marks." })).toBeVisible();
  await graderContext.close();

  // Back in the learner's browser: the marks, the comment and the marks per criterion.
  await page.reload();
  await expect(page.getByText(/^26\s*of 30 marks/)).toBeVisible();
  await expect(page.getByText("9 of 10")).toBeVisible();
  await expect(page.getByText("Clear design intent; justify the plate thickness with a quick stress estimate.")).toBeVisible();
  await expect(page.getByText("Marks per criterion")).toBeVisible();
  await expectAccessible(page);
});
