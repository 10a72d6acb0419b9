import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import YAML from "yaml";
import { writeZip } from "../tests/support/scorm-packages";
import { completeVideos, courseTree } from "./support/certificates";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * A learner plays a SCORM 1.2 package of our own (tests/fixtures/scorm/scorm12-lesson) on the
 * learning page (docs/scorm-xapi.md, "Runtime"). The course, imported here with content:import into
 * the running server: one video and the SCORM item; the learner, made by the same import, takes no
 * part in any other browser test.
 */
const LEARNER = "scorm.learner@demo.test";
const COURSE = { slugId: "scorm-workshop-safety", firstVideo: "safety-intro", name: "SCORM Workshop Safety", fixture: "scorm12-lesson", item: "Workshop Safety Check" };
const COURSE_2004 = { slugId: "scorm-forklift", firstVideo: "forklift-intro", name: "SCORM Forklift", fixture: "scorm2004-lesson", item: "Forklift Refresher" };
type Course = typeof COURSE;

async function importScormCourse(course: Course) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-scorm-"));
  mkdirSync(path.join(dir, "courses/packages"), { recursive: true });
  const fixture = path.join(process.cwd(), "tests/fixtures/scorm", course.fixture);
  const zip = await writeZip(readdirSync(fixture).map((name) => ({ name, text: readFileSync(path.join(fixture, name), "utf8") })), dir);
  renameSync(zip, path.join(dir, "courses/packages/safety-check.zip"));
  writeFileSync(path.join(dir, "users.yaml"), YAML.stringify([{ email: LEARNER, name: "Sam Scorm", role: "learner", plan: "Premium" }]));
  writeFileSync(
    path.join(dir, `courses/${course.slugId}.yaml`),
    YAML.stringify({
      key: course.slugId,
      slugId: course.slugId,
      name: course.name,
      description: "A video and a SCORM package.",
      domain: "Civil",
      isPremium: false,
      versions: [
        {
          name: "v1",
          releasedAt: "2024-01-01",
          chapters: [
            {
              slugId: "c1",
              title: "Safety",
              subChapters: [
                {
                  slugId: "c1-s1",
                  title: "Basics",
                  items: [
                    { video: { slugId: course.firstVideo, title: "Intro", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 60 } },
                    { scorm: { slugId: "lesson", title: course.item, package: "packages/safety-check.zip" } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    }),
  );
  execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/content-import.ts", dir], {
    env: { ...process.env, PGLITE_DIR: process.env.E2E_PGLITE_DIR!, DATABASE_URL: "", APP_ENV: "dev" },
    stdio: "pipe",
    timeout: 180_000,
  });
}

const get = async (request: APIRequestContext, token: string, url: string) => {
  const res = await request.get(`/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
};

async function treeOf(request: APIRequestContext, token: string, course: Course = COURSE) {
  const ids = await get(request, token, `/course/video/slug/courseIds?videoCourseSlugId=${course.slugId}&nodeSlugId=${course.firstVideo}`);
  return get(request, token, `/course/video/tree?id=${ids.courseId}`) as Promise<{
    id: string;
    courseProgressInPercentage: number;
    scormItems: { id: string; title: string; completionState: string }[];
  }>;
}

const lesson = (page: Page, course: Course = COURSE) => page.frameLocator(`iframe[title="${course.item}"]`);

test.describe.configure({ mode: "serial" });

test("a learner plays a SCORM 1.2 package: the result reaches the server, survives a reload and completes the course", async ({ page }) => {
  test.setTimeout(240_000);
  await importScormCourse(COURSE);
  const token = await signIn(page, LEARNER);
  await completeVideos(page.request, token, "watch", COURSE);
  const before = await treeOf(page.request, token);
  expect(before.courseProgressInPercentage).toBe(50);
  const item = before.scormItems[0]!;
  expect(item).toMatchObject({ title: "Workshop Safety Check", completionState: "notCompleted" });

  // The lesson is the step after the video: Next leads into it.
  const videoPath = `/learn/video/${COURSE.slugId}/c1/c1-s1/${COURSE.firstVideo}`;
  await page.goto(videoPath);
  const steps = page.getByRole("navigation", { name: "Previous and next" });
  await steps.getByRole("link", { name: "Workshop Safety Check" }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/scorm/${item.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Workshop Safety Check" })).toBeVisible();
  // Its page has the course around it: the tree, with the lesson as the current step, and Previous back to the video.
  const tree = page.getByRole("navigation", { name: "Course contents" });
  await expect(tree.getByRole("link", { name: /Workshop Safety Check/ })).toHaveAttribute("aria-current", "page");
  await expect(tree.getByRole("link", { name: /Intro/ })).not.toHaveAttribute("aria-current", "page");
  await expect(steps.getByRole("link", { name: "Intro" })).toHaveAttribute("href", videoPath);
  await expect(steps).toContainText("End of the course");
  const frame = page.locator('iframe[title="Workshop Safety Check"]');
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-forms allow-popups");
  await expect(lesson(page).locator("#entry")).toHaveText("Entry: ab-initio, learner: Sam Scorm");
  await expect(lesson(page).locator("#resumed")).toHaveText("First visit");

  await lesson(page).getByRole("button", { name: "Answer the check (score 90)" }).click();
  await expect(lesson(page).locator("#saved")).toHaveText("Answer committed");
  await expect(page.getByTestId("scorm-save-status")).toHaveText("Progress saved.");

  // On the server: passed with 90, above the package's mastery score of 80; the course is complete.
  const after = await treeOf(page.request, token);
  expect(after.courseProgressInPercentage).toBe(100);
  expect(after.scormItems[0]!.completionState).toBe("completed");
  const certificates = (await get(page.request, token, "/course/getCertificates")) as { courseName: string; isCourseCompleted: boolean }[];
  expect(certificates.find((c) => c.courseName === COURSE.name)).toMatchObject({ isCourseCompleted: true });

  // A reload resumes where the learner left off.
  await page.reload();
  await expect(lesson(page).locator("#entry")).toHaveText("Entry: resume, learner: Sam Scorm");
  await expect(lesson(page).locator("#resumed")).toHaveText("Resumed at page-2 with answered=q1,q2");

  // LMSFinish without a commit before it still saves.
  await lesson(page).getByRole("button", { name: "Finish without saving first" }).click();
  await expect(page.getByTestId("scorm-save-status")).toHaveText("Progress saved.");
  await page.reload();
  await expect(lesson(page).locator("#resumed")).toHaveText("Resumed at page-3 with finished=yes");
  await shoot(page, "scorm-item", () => expect(lesson(page).locator("#resumed")).toHaveText("Resumed at page-3 with finished=yes"));
});

test("a package's script reads no session cookie, no storage of the app, not the learning page, and cannot call the API as the learner", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, LEARNER);
  const item = (await treeOf(page.request, token)).scormItems[0]!;
  await page.goto(`/learn/scorm/${item.id}`);
  await expect(lesson(page).locator("#cookie-check")).toHaveText("cookie: blocked");
  await expect(lesson(page).locator("#storage-check")).toHaveText("storage: blocked");
  await expect(lesson(page).locator("#parent-check")).toHaveText("parent: blocked");
  // The Content-Security-Policy keeps fetches inside the launch folder: the API is not reached at all.
  await expect(lesson(page).locator("#api-check")).toHaveText("api: blocked");
  // The learning page's own session still works: the isolation did not cost the learner anything.
  expect((await get(page.request, token, "/user/info")).email).toBe(LEARNER);
});

test("a dropped network loses no commit, even when the page is closed before the server had it", async ({ page, context }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, LEARNER);
  const item = (await treeOf(page.request, token)).scormItems[0]!;
  await page.goto(`/learn/scorm/${item.id}`);
  await expect(lesson(page).locator("#resumed")).toHaveText("Resumed at page-3 with finished=yes");
  // The network drops for commits: the commit waits on the device.
  await page.route("**/api/scorm/item/commit", (route) => route.abort("internetdisconnected"));
  await lesson(page).getByRole("button", { name: "Answer the check (score 90)" }).click();
  await expect(page.getByTestId("scorm-save-status")).toHaveText("Your progress is kept on this device and will be sent when the connection is back.");
  await page.close();
  // The next opening of the item sends it first, and the package resumes from it.
  const next = await context.newPage();
  await next.goto(`/learn/scorm/${item.id}`);
  await expect(lesson(next).locator("#resumed")).toHaveText("Resumed at page-2 with answered=q1,q2");
});

test("a SCORM 2004 package: Terminate without a Commit before it saves completion, success and score, and the course completes", async ({ page }) => {
  test.setTimeout(240_000);
  await importScormCourse(COURSE_2004);
  const token = await signIn(page, LEARNER);
  await completeVideos(page.request, token, "watch", COURSE_2004);
  const item = (await treeOf(page.request, token, COURSE_2004)).scormItems[0]!;
  await page.goto(`/learn/scorm/${item.id}`);
  await expect(lesson(page, COURSE_2004).locator("#entry")).toHaveText("Entry: ab-initio, learner: Sam Scorm");
  await lesson(page, COURSE_2004).getByRole("button", { name: "Terminate without committing first" }).click();
  await expect(page.getByTestId("scorm-save-status")).toHaveText("Progress saved.");
  const after = await treeOf(page.request, token, COURSE_2004);
  expect(after.scormItems[0]!.completionState).toBe("completed");
  expect(after.courseProgressInPercentage).toBe(100);
  await page.reload();
  await expect(lesson(page, COURSE_2004).locator("#resumed")).toHaveText("Resumed at slide-5 with slides=1-5");
});

test("the demo's SCORM lesson: Mark as complete passes it, and the item counts as completed", async ({ page }) => {
  test.setTimeout(120_000);
  const POWER = { slugId: "power-electronics-essentials", firstVideo: "welcome-why-switch", name: "Power Electronics Essentials", fixture: "", item: "Bench Safety for Power Circuits" };
  const token = await signIn(page, LEARNER);
  await courseTree(page.request, token, POWER);
  const item = (await treeOf(page.request, token, POWER)).scormItems.find((i) => i.title === POWER.item)!;
  expect(item).toMatchObject({ completionState: "notCompleted" });
  // The learning page's Next leads from the video before it into the lesson, whose Next goes on to the next sub-chapter.
  await page.goto(`/learn/video/${POWER.slugId}/switching-fundamentals/why-switch-mode/linear-vs-switching`);
  const steps = page.getByRole("navigation", { name: "Previous and next" });
  await steps.getByRole("link", { name: POWER.item }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/scorm/${item.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: POWER.item })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(`${POWER.name} / Switching Fundamentals / ${POWER.item}`);
  await expect(steps.getByRole("link", { name: "Choosing a Power Switch" })).toHaveAttribute("href", `/learn/video/${POWER.slugId}/switching-fundamentals/mosfets-igbts/choosing-a-switch`);
  await lesson(page, POWER).getByRole("button", { name: "Mark as complete" }).click();
  await expect(lesson(page, POWER).getByRole("status")).toHaveText("You completed this lesson.");
  await expect(page.getByTestId("scorm-save-status")).toHaveText("Progress saved.");
  expect((await treeOf(page.request, token, POWER)).scormItems.find((i) => i.id === item.id)).toMatchObject({ completionState: "completed" });
  // Opened again, the lesson says so.
  await page.reload();
  await expect(lesson(page, POWER).getByRole("status")).toHaveText("You completed this lesson.");
  await expect(lesson(page, POWER).getByRole("button", { name: "Mark as complete" })).toBeDisabled();
});
