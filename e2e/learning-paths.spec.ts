import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

/*
 * The demo learner is in two batches: Mechanical Design (auto-enrolled, started first, so their path)
 * and Embedded Systems & Power (scheduled and optional: enrolled by pressing Enroll). The grader takes
 * no program and sees the sample path.
 */

const GRADER = "grader@demo.test";
const MECHANICAL = "Mechanical Design Engineer Program";
const EMBEDDED = "Embedded Systems & Power Program";
const EMBEDDED_COURSES = ["Embedded C on Microcontrollers", "Power Electronics Essentials", "Python for Engineers"];

interface Path {
  isDummyLearningPath: boolean;
  dummyLearningPathCourseCount: number | null;
  learningPathProgress: { programName: string; completedCourses: number; totalCourses: number; progressInPercentage: number } | null;
}

async function learningPath(page: Page, token: string): Promise<Path> {
  const res = await page.request.get("/api/dashboard/getLearningPathProgress", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Path;
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe("learning paths", () => {
  for (const viewport of [
    { name: "1280 px", width: 1280, height: 900 },
    { name: "375 px", width: 375, height: 812 },
  ]) {
    test(`show the learner's path with real figures at ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const token = await signIn(page, LEARNER);
      // The header's link; below 1280 px the links are in the menu.
      if (viewport.width < 1280) await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Learning paths" }).click();
      await expect(page).toHaveURL(/\/learning-paths$/);
      const expected = (await learningPath(page, token)).learningPathProgress!;
      expect(expected.programName).toBe(MECHANICAL);

      const current = page.getByRole("region", { name: "Your path" });
      await expect(current.getByRole("link", { name: MECHANICAL })).toBeVisible();
      const progress = current.getByTestId("path-progress");
      await expect(progress).toContainText(`${expected.progressInPercentage}%`);
      await expect(progress).toContainText(`${expected.completedCourses} of ${expected.totalCourses} courses completed`);
      await expect(current.getByText(/Your progress is the share of the program’s courses you have completed/)).toBeVisible();
      await expect(page.getByRole("region", { name: "Your other programs" }).getByRole("link", { name: EMBEDDED })).toBeVisible();
      await noHorizontalOverflow(page);
      await expectAccessible(page);

      // The path's page lists its courses in order, each linking to its learning page.
      await current.getByRole("link", { name: MECHANICAL }).click();
      await expect(page).toHaveURL(/\/learning-paths\/mechanical-design-engineer-program\/[a-z0-9-]+\/2-courses\/[a-z0-9-]+\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: MECHANICAL })).toBeVisible();
      await expect(page.getByTestId("path-course").getByRole("link")).toHaveText(["CAD Fundamentals with SolidWorks", "Python for Engineers"]);
      await noHorizontalOverflow(page);
      await expectAccessible(page);
    });
  }

  test("a program's length reads the same on every page, as the spec writes durations", async ({ page }) => {
    const token = await signIn(page, LEARNER);
    const bundled = await page.request.get("/api/course/program/courses/bundled", { headers: { authorization: `Bearer ${token}` } });
    const program = ((await bundled.json()) as { programName: string; totalCourseDurationInMinutes: number }[]).find((p) => p.programName === MECHANICAL)!;
    const minutes = program.totalCourseDurationInMinutes;
    // "N hr(s) M min(s)" of the program's minutes of video.
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    const expected = [hours ? `${hours} hr${hours === 1 ? "" : "s"}` : "", rest ? `${rest} min${rest === 1 ? "" : "s"}` : ""].filter(Boolean).join(" ");
    expect(expected).not.toBe("");
    const LENGTH = /(\d+ hrs?(?: \d+ mins?)?|\d+ mins?)/;
    const lengthIn = async (text: Promise<string>) => (await text).match(LENGTH)?.[1];

    const seen: Record<string, string | undefined> = {};
    await page.goto("/courses?tab=programs");
    seen.catalogue = await lengthIn(page.getByRole("article").filter({ hasText: MECHANICAL }).innerText());
    await page.goto("/learning-paths");
    seen["learning paths"] = await lengthIn(page.getByRole("region", { name: "Your path" }).getByText(/ of video$/).first().innerText());
    await page.getByRole("region", { name: "Your path" }).getByRole("link", { name: MECHANICAL }).click();
    await expect(page.getByRole("heading", { level: 1, name: MECHANICAL })).toBeVisible();
    seen["program page"] = await lengthIn(page.getByText(/courses in order · /).innerText());
    await page.goto("/dashboard");
    seen["dashboard batch"] = await lengthIn(page.getByRole("region", { name: "Your batch" }).getByRole("listitem").filter({ hasText: MECHANICAL }).innerText());
    seen["dashboard programs"] = await lengthIn(page.getByRole("region", { name: "Programs", exact: true }).getByRole("listitem").filter({ hasText: MECHANICAL }).innerText());
    expect(seen).toEqual({ catalogue: expected, "learning paths": expected, "program page": expected, "dashboard batch": expected, "dashboard programs": expected });
    // No page writes a length in decimal hours.
    await expect(page.getByText(/\d(\.\d)? h\b|\d+(\.\d)? hours\b/)).toHaveCount(0);
  });

  test("open a program from the catalogue, enroll in it, and lead to its courses", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.goto("/courses?tab=programs");
    await page.getByRole("link", { name: EMBEDDED }).click();
    await expect(page).toHaveURL(/\/learning-paths\/embedded-systems-and-power-program\/[a-z0-9-]+\/3-courses\/[a-z0-9-]+\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: EMBEDDED })).toBeVisible();
    const courses = page.getByTestId("path-course");
    await expect(courses.getByRole("link")).toHaveText(EMBEDDED_COURSES);

    // The learner's batch takes the program: until they enroll, a course not enrolled counts as not done.
    const enroll = page.getByRole("button", { name: "Enroll in this program" });
    if (await enroll.isVisible()) {
      await expect(courses.getByTestId("path-course-status").filter({ hasText: "Not enrolled" }).first()).toBeVisible();
      await enroll.click();
      await expect(enroll).toHaveCount(0);
    }
    await expect(courses.getByTestId("path-course-status").filter({ hasText: "Not enrolled" })).toHaveCount(0);
    await expect(courses.getByRole("progressbar")).toHaveCount(3);
    await expectAccessible(page);

    await courses.getByRole("link", { name: "Power Electronics Essentials" }).click();
    await expect(page).toHaveURL(/\/learn\/.*power-electronics/);
  });

  test("an outdated address is sent to the current one, and one naming no program is not found", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.goto("/courses?tab=programs");
    const href = (await page.getByRole("link", { name: MECHANICAL }).getAttribute("href"))!;
    await page.goto(href.replace("/2-courses/", "/9-courses/").replace("/mechanical-design-engineer-program/", "/old-name/"));
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1, name: MECHANICAL })).toBeVisible();
    await page.goto("/learning-paths/a/b/c/d/not-a-program");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("the dashboard's programs open their paths", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.getByRole("link", { name: MECHANICAL }).first().click();
    await expect(page).toHaveURL(/\/learning-paths\/mechanical-design-engineer-program\//);
    await expect(page.getByRole("heading", { level: 1, name: MECHANICAL })).toBeVisible();
  });

  test("a learner with no program sees the sample path and the programs offered", async ({ page }) => {
    const token = await signIn(page, GRADER);
    const expected = await learningPath(page, token);
    expect(expected.isDummyLearningPath).toBe(true);
    await page.goto("/learning-paths");
    const sample = page.getByTestId("sample-path");
    await expect(sample).toContainText("You are not on a learning path yet.");
    await expect(sample).toContainText(`A typical path here is ${expected.dummyLearningPathCourseCount} courses taken in order`);
    const offered = page.getByRole("region", { name: "Programs offered" });
    await expect(offered.getByRole("link")).toHaveText([EMBEDDED, MECHANICAL]);
    await expectAccessible(page);
  });
});
