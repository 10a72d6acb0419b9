import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { logOut, signIn } from "./support/sign-in";

/*
 * A course made in the studio, from nothing to a learner's certificate (docs/studio.md): the demo
 * author creates it, builds its outline, uploads a clip made here with ffmpeg, writes a quiz and an
 * essay, previews the draft and publishes it. Then a learner enrolls, watches the clip (its HLS
 * rendition, made by the server's job), passes the quiz and submits the essay; a grader passes the
 * essay; the certificate is there. A second learner who fails the quiz gets none.
 *
 * The course is complimentary, so any learner may enroll in it. The learners are the demo grader
 * (a learner too) and the demo employee; the administrator grades. The tests that look at these
 * accounts' catalogue and grading lists run before this one.
 */
const AUTHOR = "author@demo.test";
const PASSING_LEARNER = "grader@demo.test";
const FAILING_LEARNER = "employee@demo.test";
const GRADER = "admin@demo.test";
/** A name of its own on each run, so a retry against the same server finds only its own course. */
const COURSE = `Gearbox Basics ${Date.now().toString(36).slice(-5)}`;
const ESSAY_ANSWER = "A two stage reduction splits the ratio between stages so each pinion stays above the minimum tooth count and the gears stay compact while the output torque rises.";

async function addItem(page: Page, sub: string, kind: string, title: string) {
  const block = page.getByTestId("outline-sub-chapter").filter({ has: page.getByText(sub, { exact: true }) }).last();
  const field = block.getByLabel(`Title of the new item in "${sub}"`);
  if (!(await field.isVisible())) await block.getByRole("button", { name: "Add an item" }).click();
  await block.getByLabel("Kind of item").selectOption({ label: kind });
  await field.fill(title);
  await field.press("Enter");
  await expect(page.getByRole("list", { name: `Items of "${sub}"`, exact: true }).getByRole("link", { name: title, exact: true })).toBeVisible();
}

async function saveItem(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
}

/** Logs out and waits for the signed-out home, so the next sign-in's navigation does not cut the logout's. */
async function signOut(page: Page) {
  await logOut(page);
  // The sign-in form, in the language of whoever signed out.
  await expect(page.locator('input[name="email"]')).toBeVisible();
}

const tree = (page: Page) => page.getByRole("navigation", { name: "Course contents" });

/** Opens the course's quiz from the learning page's tree and answers its one question. */
async function takeQuiz(page: Page, answer: string) {
  await tree(page).getByRole("link", { name: /Ratio check/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ratio check" })).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("radio", { name: answer, exact: true }).check();
  await expect(page.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText(/^of 2 marks/)).toBeVisible();
}

test("an author builds, previews and publishes a course; a learner who passes gets the certificate, one who fails does not", async ({ page }) => {
  test.setTimeout(420_000);
  const dir = path.resolve("test-results/studio-course");
  mkdirSync(dir, { recursive: true });
  const clip = path.join(dir, "gears.mp4");
  execFileSync(process.env.FFMPEG_PATH ?? "/usr/bin/ffmpeg", ["-y", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=12:size=640x360:rate=10", "-f", "lavfi", "-i", "sine=duration=12", "-shortest", "-pix_fmt", "yuv420p", clip]);

  // ---------- the author ----------
  await signIn(page, AUTHOR);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Studio" })).toBeVisible();
  await expectAccessible(page);
  const slugId = `gearbox-${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New course" }).click();
  await page.getByLabel("Name", { exact: true }).fill(COURSE);
  await page.getByLabel("Slug id").fill(slugId);
  await page.getByLabel("Domain").selectOption("Mechanical");
  await page.getByLabel("Course type").selectOption("complimentary");
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/studio\/courses\/[0-9a-f-]{36}\/outline$/);

  await page.getByRole("button", { name: "Add your first chapter" }).click();
  await page.getByLabel("Title of the new chapter").fill("Gears");
  await page.getByLabel("Title of the new chapter").press("Enter");
  const chapter = page.getByTestId("outline-chapter").filter({ has: page.getByText("Gears", { exact: true }) });
  await chapter.getByRole("button", { name: "Add a sub-chapter" }).click();
  await chapter.getByLabel('Title of the new sub-chapter in "Gears"').fill("Ratios");
  await chapter.getByLabel('Title of the new sub-chapter in "Gears"').press("Enter");
  await addItem(page, "Ratios", "Video", "Meshing gears");
  await addItem(page, "Ratios", "MCQ block", "Ratio check");
  await addItem(page, "Ratios", "Essay", "Design a reduction");
  const items = page.getByRole("list", { name: 'Items of "Ratios"', exact: true });
  await expectAccessible(page);

  // The video: the clip uploaded, processed by the server (its length read, its HLS ladder made).
  await items.getByRole("link", { name: "Meshing gears" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meshing gears" })).toBeVisible();
  await page.getByLabel("Video file", { exact: true }).setInputFiles(clip);
  await expect(page.getByTestId("video-processing")).toContainText("Processed. Duration 0:12", { timeout: 120_000 });
  await page.getByLabel("Lesson text", { exact: true }).fill("## Meshing\n\nTwo gears mesh when their **modules** match.");
  await saveItem(page);
  await expectAccessible(page);

  // The quiz: one question, a pass mark of 50 %, two attempts.
  await page.getByRole("link", { name: "Back to the outline" }).click();
  await items.getByRole("link", { name: "Ratio check" }).click();
  await page.getByLabel("Duration (minutes)").fill("10");
  await page.getByLabel("Pass mark (%)").fill("50");
  await page.getByLabel("Attempts allowed").fill("2");
  await page.getByRole("button", { name: "Add a question" }).click();
  const question = page.getByRole("listitem", { name: "Question 1", exact: true });
  await question.getByLabel("Question 1 text", { exact: true }).fill("A 10-tooth pinion drives a 30-tooth gear. What is the ratio?");
  await question.getByLabel("Marks").fill("2");
  await question.getByLabel("Option 1 of question 1", { exact: true }).fill("3:1");
  await question.getByLabel("Option 2 of question 1", { exact: true }).fill("1:3");
  await question.getByLabel("Option 1 of question 1 is correct").check();
  await saveItem(page);
  await expectAccessible(page);

  // The essay: a pass mark of 50 % on one criterion of 10 marks, 20 to 200 words.
  await page.getByRole("link", { name: "Back to the outline" }).click();
  await items.getByRole("link", { name: "Design a reduction" }).click();
  await page.getByLabel("Question", { exact: true }).fill("Explain how you would split a 12:1 reduction into two stages.");
  await page.getByLabel("Duration (minutes)").fill("30");
  await page.getByLabel("Pass mark (%)").fill("50");
  await page.getByLabel("Minimum words").fill("20");
  await page.getByLabel("Maximum words").fill("200");
  await page.getByRole("button", { name: "Add a criterion" }).click();
  await page.getByLabel("Criterion 1 name").fill("Reasoning");
  await page.getByLabel("Criterion 1 marks").fill("10");
  await saveItem(page);
  await expectAccessible(page);

  // Preview as learner: the draft, before anyone can see it.
  await page.getByRole("navigation", { name: "Course in the studio" }).getByRole("link", { name: "Preview as learner" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Meshing gears" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Meshing", exact: true })).toBeVisible();
  await expect.poll(() => page.getByTestId("preview-video").evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Ratio check" }).click();
  await expect(page.getByRole("radio")).toHaveCount(2);
  await expectAccessible(page);

  // Publish.
  await page.getByRole("navigation", { name: "Course in the studio" }).getByRole("link", { name: "Publish" }).click();
  await expect(page.getByLabel("Version name")).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Version name").fill("v1");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("studio-version").filter({ hasText: "v1" })).toBeVisible({ timeout: 30_000 });
  await signOut(page);

  // ---------- the learner who passes ----------
  await signIn(page, PASSING_LEARNER);
  // Listening from before the learning page opens: the player asks for the playlists as it loads.
  const playlists: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes(".m3u8")) playlists.push(r.url());
  });
  await page.goto("/courses");
  await page.getByRole("button", { name: `Enroll in ${COURSE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/video/${slugId}/`));
  // The clip plays its HLS rendition to the end.
  const video = page.getByTestId("video-element");
  await expect(page.getByRole("heading", { name: "Meshing", exact: true })).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 60_000 }).toBe(true);
  expect(playlists.some((u) => u.endsWith("/hls/master.m3u8")), playlists.join(", ")).toBe(true);
  expect(playlists.some((u) => /\/hls\/\d+p\/index\.m3u8$/.test(u)), playlists.join(", ")).toBe(true);
  await expect(tree(page).getByRole("link", { name: /Meshing gears.*completed/ })).toBeVisible({ timeout: 30_000 });

  await takeQuiz(page, "3:1");
  await expect(page.getByText("2 of 2 (best attempt) · passed")).toBeVisible();

  await tree(page).getByRole("link", { name: /Design a reduction/ }).click();
  // Start, again if a click landed before the page could take it (on a busy machine).
  const answer = page.getByLabel("Your answer");
  await expect(async () => {
    if (await page.getByRole("button", { name: "Start" }).isVisible()) await page.getByRole("button", { name: "Start" }).click();
    await expect(answer).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await answer.fill(ESSAY_ANSWER);
  await page.getByRole("button", { name: "Submit essay" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText("Waiting for a grader. You will see the marks here.")).toBeVisible();
  await page.goto("/certificates");
  await expect(page.getByTestId("earned-certificate").filter({ hasText: COURSE })).toHaveCount(0);
  await signOut(page);

  // ---------- the grader ----------
  await signIn(page, GRADER);
  await page.goto("/evaluate");
  await page.getByRole("tab", { name: "All" }).click();
  await page.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: COURSE }).getByRole("link", { name: /the essay of/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Design a reduction" })).toBeVisible();
  await page.getByLabel("Marks for Reasoning").fill("7");
  await page.getByRole("button", { name: /^Save (evaluation|correction)$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Evaluation saved: 7 of 10 marks." })).toBeVisible();
  await signOut(page);

  // ---------- the certificate ----------
  await signIn(page, PASSING_LEARNER);
  await page.goto("/certificates");
  const certificate = page.getByTestId("earned-certificate").filter({ hasText: COURSE });
  await expect(certificate).toBeVisible();
  await expect(certificate.getByText("Course certificate")).toBeVisible();
  await signOut(page);

  // ---------- the learner who fails the quiz ----------
  await signIn(page, FAILING_LEARNER);
  await page.goto("/courses");
  await page.getByRole("button", { name: `Enroll in ${COURSE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/video/${slugId}/`));
  await takeQuiz(page, "1:3");
  await expect(page.getByText("0 of 2 (best attempt) · not passed yet")).toBeVisible();
  await page.goto("/certificates");
  await expect(page.getByRole("heading", { level: 1, name: "Certificates" })).toBeVisible();
  await expect(page.getByTestId("earned-certificate").filter({ hasText: COURSE })).toHaveCount(0);
});
