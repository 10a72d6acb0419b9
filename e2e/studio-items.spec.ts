import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's item editors (docs/studio.md): the demo author makes a course with one video, one MCQ
 * block and one essay through the API, then fills each in the browser: the MCQ block's questions and
 * key (and the learner's preview, which shows no key), the essay's rules and rubric, and an uploaded
 * video clip, processed by the server's job (its duration read by ffprobe). Every save is read again
 * after a reload.
 */
const AUTHOR = "author@demo.test";

async function makeCourse(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (p: string, data: unknown) => {
    const res = await request.post(`/api${p}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const slugId = `studio-items-${Date.now()}`;
  const course = await post("/studio/courses", { slugId, name: "Studio Items Course", description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false });
  const courseId: string = course.courseId;
  const add = (revision: number, kind: string, title: string, parentId?: string) => post("/studio/course/outline/add", { courseId, revision, kind, title, parentId });
  const chapter = await add(course.revision, "chapter", "Basics");
  const sub = await add(chapter.revision, "subChapter", "First steps", chapter.id);
  const video = await add(sub.revision, "video", "Welcome clip", sub.id);
  const mcq = await add(video.revision, "mcqBlock", "Quick check", sub.id);
  const essay = await add(mcq.revision, "essayBlock", "Short essay", sub.id);
  return { courseId, videoId: video.id as string, mcqId: mcq.id as string, essayId: essay.id as string };
}

const saveAndWait = async (page: Page) => {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
};

test("an author fills an MCQ block, an essay and an uploaded video in the studio, and every save is kept", async ({ page }) => {
  test.setTimeout(240_000);
  const token = await signIn(page, AUTHOR);
  const c = await makeCourse(page.request, token);
  const itemUrl = (id: string) => `/studio/courses/${c.courseId}/items/${id}`;
  const dir = path.resolve("test-results/studio-items");
  mkdirSync(dir, { recursive: true });

  // ---------- MCQ block ----------
  await page.goto(itemUrl(c.mcqId));
  await expect(page.getByRole("heading", { level: 1, name: "Quick check" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the outline" })).toHaveAttribute("href", `/studio/courses/${c.courseId}/outline`);
  await page.getByLabel("Duration (minutes)").fill("15");
  await page.getByLabel("Pass mark (%)").fill("60");
  await page.getByLabel("Attempts allowed").fill("3");
  const questions = [
    { text: "What is **2 + 2**?", options: ["4", "5", "22"], correct: 0 },
    { text: "Which unit measures force?", options: ["Pascal", "Newton"], correct: 1 },
  ];
  for (const [i, q] of questions.entries()) {
    await page.getByRole("button", { name: "Add a question" }).click();
    const card = page.getByRole("listitem", { name: `Question ${i + 1}`, exact: true });
    await card.getByLabel(`Question ${i + 1} text`, { exact: true }).fill(q.text);
    await card.getByLabel("Marks").fill("2");
    for (const [j, value] of q.options.entries()) {
      if (j >= 2) await card.getByRole("button", { name: "Add an option" }).click();
      await card.getByLabel(`Option ${j + 1} of question ${i + 1}`, { exact: true }).fill(value);
    }
    await card.getByLabel(`Option ${q.correct + 1} of question ${i + 1} is correct`).check();
  }
  // The question's Markdown is previewed by the learning page's renderer.
  await expect(page.getByRole("region", { name: "Question 1 text: preview" }).locator("strong")).toHaveText("2 + 2");
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  await page.getByRole("button", { name: "Preview as learner" }).click();
  const preview = page.getByTestId("learner-preview");
  await expect(preview.getByRole("group")).toHaveCount(2);
  await expect(preview.getByText("Which unit measures force?")).toBeVisible();
  await expect(preview.getByRole("radio")).toHaveCount(5);
  for (const radio of await preview.getByRole("radio").all()) await expect(radio).not.toBeChecked();
  await expect(preview).not.toContainText("Correct");
  await expect(preview).not.toContainText("correct");
  await page.getByRole("button", { name: "Back to editing" }).click();

  await saveAndWait(page);
  await page.reload();
  await expect(page.getByLabel("Pass mark (%)")).toHaveValue("60");
  await expect(page.getByLabel("Attempts allowed")).toHaveValue("3");
  await expect(page.getByLabel("Duration (minutes)")).toHaveValue("15");
  await expect(page.getByLabel("Question 2 text", { exact: true })).toHaveValue("Which unit measures force?");
  await expect(page.getByLabel("Option 2 of question 2 is correct")).toBeChecked();
  await expect(page.getByLabel("Option 1 of question 2 is correct")).not.toBeChecked();
  await shoot(page, "mcq-editor", () => expect(page.getByLabel("Question 1 text", { exact: true })).toBeVisible());

  // ---------- essay ----------
  await page.goto(itemUrl(c.essayId));
  await expect(page.getByRole("heading", { level: 1, name: "Short essay" })).toBeVisible();
  await page.getByLabel("Question", { exact: true }).fill("Explain how a cantilever carries its load.");
  await page.getByLabel("Description", { exact: true }).fill("Use *one* worked example.");
  await expect(page.getByRole("region", { name: "Description: preview" }).locator("em")).toHaveText("one");
  await page.getByLabel("Pass mark (%)").fill("50");
  await page.getByLabel("Minimum words").fill("600");
  await page.getByLabel("Maximum words").fill("500");
  for (const [i, [name, marks]] of [["Structure", "4"], ["Accuracy", "6"]].entries()) {
    await page.getByRole("button", { name: "Add a criterion" }).click();
    await page.getByLabel(`Criterion ${i + 1} name`).fill(name!);
    await page.getByLabel(`Criterion ${i + 1} marks`).fill(marks!);
  }
  const reference = path.join(dir, "reference.pdf");
  writeFileSync(reference, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await page.getByLabel("Reference document", { exact: true }).setInputFiles(reference);
  await expect(page.getByRole("link", { name: "reference.pdf" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Move criterion 2 up" }).click();
  await expect(page.getByLabel("Criterion 1 name")).toHaveValue("Accuracy");
  // A refused field is named next to the form, and nothing is lost.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "maxWords must not be below minWords" })).toContainText("maxWords");
  await page.getByLabel("Minimum words").fill("100");
  await saveAndWait(page);
  await page.reload();
  await expect(page.getByLabel("Minimum words")).toHaveValue("100");
  await expect(page.getByLabel("Maximum words")).toHaveValue("500");
  await expect(page.getByLabel("Criterion 1 name")).toHaveValue("Accuracy");
  await expect(page.getByLabel("Criterion 2 name")).toHaveValue("Structure");
  await expect(page.getByText("(2 criteria, 10 marks)")).toBeVisible();
  await expect(page.getByRole("link", { name: "reference.pdf" })).toBeVisible();
  await shoot(page, "essay-editor", () => expect(page.getByLabel("Criterion 1 name")).toBeVisible());

  // ---------- uploaded video ----------
  const clip = path.join(dir, "clip.mp4");
  execFileSync(process.env.FFMPEG_PATH ?? "/usr/bin/ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=320x240:rate=10", "-f", "lavfi", "-i", "sine=duration=2", "-shortest", clip]);
  const captions = path.join(dir, "welcome.vtt");
  writeFileSync(captions, "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nWelcome to the course.\n");

  await page.goto(itemUrl(c.videoId));
  await expect(page.getByRole("heading", { level: 1, name: "Welcome clip" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Upload a file/ })).toBeChecked();
  await expect(page.getByLabel("Duration (seconds)")).toHaveCount(0);
  await page.getByLabel("Video file", { exact: true }).setInputFiles(clip);
  await expect(page.getByRole("link", { name: "clip.mp4" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("video-processing")).toContainText("Processed. Duration 0:02", { timeout: 90_000 });
  await page.getByLabel("Captions (WebVTT)", { exact: true }).setInputFiles(captions);
  await expect(page.getByRole("link", { name: "welcome.vtt" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Lesson text", { exact: true }).fill("## Before you start\n\nWatch the clip **twice**.");
  await expect(page.getByRole("region", { name: "Lesson text: preview" }).getByRole("heading", { level: 2 })).toHaveText("Before you start");
  await page.getByLabel(/Free preview/).check();
  await saveAndWait(page);
  await page.reload();
  await expect(page.getByRole("radio", { name: /Upload a file/ })).toBeChecked();
  await expect(page.getByRole("link", { name: "clip.mp4" })).toBeVisible();
  await expect(page.getByTestId("video-processing")).toContainText("Processed. Duration 0:02");
  await expect(page.getByRole("link", { name: "welcome.vtt" })).toBeVisible();
  await expect(page.getByLabel("Lesson text", { exact: true })).toHaveValue("## Before you start\n\nWatch the clip **twice**.");
  await expect(page.getByLabel(/Free preview/)).toBeChecked();
  const saved = await (await page.request.get(`/api/studio/course/item?courseId=${c.courseId}&id=${c.videoId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(saved.fields).toMatchObject({ provider: "uploadedVideo", durationSeconds: 2, media: { state: "ready", originalName: "clip.mp4" } });

  await shoot(page, "video-editor", () => expect(page.getByTestId("video-processing")).toContainText("Processed"));

  // YouTube asks for the length; a bad address is refused with the API's message.
  await page.getByRole("radio", { name: /YouTube/ }).check();
  await page.getByLabel("YouTube address or id").fill("not a video");
  await page.getByLabel("Duration (seconds)").fill("90");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "YouTube video id" })).toContainText("source");
});
