import { expect, test } from "@playwright/test";
import { completeVideos } from "./support/certificates";
import { shoot, shotsDir } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * Completion means learning (docs/completion.md): videos marked complete and a failed quiz do not
 * complete a course. The CAD course: its batch lets the learner mark videos complete; its
 * "Sketching Check" has a pass mark of 60 % and three attempts. The author, a learner too and a
 * member of that batch, takes it: no other browser test touches this account's progress, so the
 * test does not depend on which ran before it.
 */
const AUTHOR = "author@demo.test";
const CAD = { slugId: "cad-fundamentals-solidworks", firstVideo: "tour-of-the-interface", name: "CAD Fundamentals with SolidWorks" };
const QUIZ = "/learn/mcqBlock/cad-fundamentals-solidworks/getting-started/sketching-basics/sketching-check";
const ESSAY = "/learn/essayBlock/cad-fundamentals-solidworks/part-modeling/fillets-patterns/mounting-bracket-design";
const FAILED = "Pass the quiz “Sketching Check” (scored 0 %, pass mark 60 %; 2 attempts left).";

test("a learner who marks every video complete but fails the quiz sees what is still needed and gets no certificate", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, AUTHOR);
  await completeVideos(page.request, token, "mark", CAD);

  await page.goto(QUIZ);
  await expect(page.getByRole("heading", { level: 1, name: "Sketching Check" })).toBeVisible();
  const attempts = page.getByTestId("mcq-attempts");
  await expect(attempts).toContainText("60%");
  await expect(attempts).toContainText("0 of 3 used · 3 left");
  await page.getByRole("button", { name: "Start" }).click();
  // Nothing chosen: every question earns 0.
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText(/^of \d+ marks \(0%\)/)).toBeVisible();
  await expect(attempts).toContainText("1 of 3 used · 2 left");
  await expect(attempts).toContainText("(best attempt) · not passed yet");
  await expect(page.getByRole("button", { name: "Start a new attempt" })).toBeVisible();
  await shoot(page, "mcq-results", () => expect(page.getByTestId("mcq-attempts")).toBeVisible());

  // The course tree says what is still needed.
  const needed = page.getByTestId("still-needed");
  await expect(needed).toContainText("Still needed to complete");
  await expect(needed).toContainText(FAILED);

  // No certificate of the course; its card says why.
  await page.goto("/certificates");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("earned-certificate").filter({ hasText: CAD.name })).toHaveCount(0);
  await expect(page.getByTestId("certificate-still-needed").filter({ hasText: FAILED })).toBeVisible();
  const list = await page.request.get("/api/course/getCertificates", { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  expect(list.find((c: { courseName: string }) => c.courseName === CAD.name)).toMatchObject({ certificateUID: null, isCourseCompleted: false });
  await shoot(page, "certificates", () => expect(page.getByTestId("certificate-still-needed").first()).toBeVisible());

  // The essay counts words against its limits as the learner writes.
  if (shotsDir) {
    await page.goto(ESSAY);
    const answer = page.getByLabel("Your answer");
    await expect(page.getByRole("button", { name: "Start" }).or(answer)).toBeVisible();
    if (await page.getByRole("button", { name: "Start" }).isVisible()) await page.getByRole("button", { name: "Start" }).click();
    await answer.fill("The base sketch sits on the Right plane, fully defined from the origin.");
    await expect(page.getByTestId("essay-word-count")).toContainText("13 words · this task asks for 30 to 600 words");
    await shoot(page, "essay-word-count", () => expect(page.getByTestId("essay-word-count")).toBeVisible());
  }
});
