import { expect, test } from "@playwright/test";
import { shoot } from "./support/shots";
import { signIn, LEARNER } from "./support/sign-in";
import { studioApi } from "./support/studio";

/*
 * "Preview as learner" (docs/studio.md): the draft drawn as the learning page draws it, one item at a
 * time, before anything is published; a multiple-choice block shows its options without the key.
 */
const AUTHOR = "author@demo.test";

test("an author previews a draft course as a learner would see it, and a learner cannot open the preview", async ({ page, browser }) => {
  const token = await signIn(page, AUTHOR);
  const studio = studioApi(page.request, token);
  const courseId = await studio.createCourse(`preview-${Date.now()}`, "Gear Trains in Practice");
  const chapter = await studio.add(courseId, "chapter", "Basics");
  const part = await studio.add(courseId, "subChapter", "Ratios", chapter);
  const video = await studio.add(courseId, "video", "What a gear ratio is", part);
  const quiz = await studio.add(courseId, "mcqBlock", "Ratio check", part);
  const essay = await studio.add(courseId, "essayBlock", "Design a reduction", part);
  await studio.fill(courseId, video, {
    kind: "video",
    title: "What a gear ratio is",
    provider: "youtube",
    source: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    durationSeconds: 240,
    description: "Teeth, speeds and torque.",
    pageContent: "## Worked example\n\nA **20-tooth** pinion drives a 60-tooth gear: the ratio is 3:1.",
  });
  await studio.fill(courseId, quiz, {
    kind: "mcqBlock",
    title: "Ratio check",
    durationInMinutes: 10,
    passMark: 50,
    attemptsAllowed: 2,
    questions: [
      { question: "A 10-tooth gear drives a 30-tooth gear. What is the ratio?", mark: 2, options: [{ value: "3:1", correct: true }, { value: "1:3", correct: false }] },
      {
        question: "Which of these reduce speed?",
        mark: 2,
        options: [
          { value: "A small gear driving a large one", correct: true },
          { value: "A worm driving a wheel", correct: true },
          { value: "A large gear driving a small one", correct: false },
        ],
      },
    ],
  });
  await studio.fill(courseId, essay, {
    kind: "essayBlock",
    title: "Design a reduction",
    question: "Design a two-stage reduction of 12:1 and justify the tooth counts.",
    description: "Use standard modules.",
    durationInMinutes: 60,
    passMark: 60,
    minWords: 150,
    maxWords: 400,
    criteria: [{ name: "Correct ratio", description: "Both stages multiply to 12", marks: 6 }, { name: "Justification", description: "", marks: 4 }],
  });

  // The draft opens on its first item, the lesson text drawn by the learning page's renderer.
  await page.goto(`/studio/courses/${courseId}/preview`);
  await expect(page.getByRole("note")).toContainText("Preview as learner of Gear Trains in Practice");
  await expect(page.getByRole("heading", { level: 1, name: "What a gear ratio is" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Worked example" })).toBeVisible();
  await expect(page.locator("strong", { hasText: "20-tooth" })).toBeVisible();

  // The quiz: its question and options as the learner gets them, and nothing that gives the answer away.
  await page.getByRole("link", { name: "Ratio check" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ratio check" })).toBeVisible();
  const question = page.getByRole("group", { name: /A 10-tooth gear drives/ });
  await expect(question.getByRole("radio")).toHaveCount(2);
  await expect(question).toContainText("choose one");
  // A question with two right answers takes two choices, as on the learning page, and no third.
  const several = page.getByRole("group", { name: /Which of these reduce speed/ });
  await expect(several).toContainText("choose up to 2");
  await several.getByRole("checkbox", { name: "A small gear driving a large one" }).check();
  await several.getByRole("checkbox", { name: "A worm driving a wheel" }).check();
  await expect(several.getByRole("checkbox", { name: "A large gear driving a small one" })).toBeDisabled();
  await expect(page.getByText("2; the best counts")).toBeVisible();
  await expect(page.getByText("50%")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain('"correct"');

  // The essay: word limits and the rubric, the question behind the learner's Start.
  await page.getByRole("link", { name: "Design a reduction" }).click();
  await expect(page.getByText("150 to 400 words")).toBeVisible();
  await expect(page.getByText("Correct ratio")).toBeVisible();
  await page.getByRole("button", { name: /Show the question/ }).click();
  await expect(page.getByText("Design a two-stage reduction of 12:1")).toBeVisible();
  await shoot(page, "studio-preview-essay", () => expect(page.getByText("Correct ratio")).toBeVisible());
  await page.goto(`/studio/courses/${courseId}/preview?item=${quiz}`);
  await shoot(page, "studio-preview-quiz", () => expect(page.getByRole("heading", { level: 1, name: "Ratio check" })).toBeVisible());

  // A learner is sent away from the studio with the product's toast.
  const learnerContext = await browser.newContext();
  const learnerPage = await learnerContext.newPage();
  await signIn(learnerPage, LEARNER);
  await learnerPage.goto(`/studio/courses/${courseId}/preview`);
  await expect(learnerPage).toHaveURL(/\/dashboard$/);
  await expect(learnerPage.getByRole("region", { name: /Notifications/ }).getByText("The studio is for authors and administrators")).toBeVisible();
  await learnerContext.close();
});
