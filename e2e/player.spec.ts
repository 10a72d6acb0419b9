import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";

const YOUTUBE_VIDEO = "/learn/video/cad-fundamentals-solidworks/getting-started/interface-navigation/tour-of-the-interface";
const UPLOADED_VIDEO = "/learn/video/cad-fundamentals-solidworks/getting-started/welcome/course-introduction";
const YOUTUBE_API = "https://www.youtube.com/iframe_api";

/** The records the page sent to /api/log whose message contains `text`. */
function logRecords(page: Page) {
  const records: { level: string; source: string; message: string; context?: Record<string, unknown> }[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/log") && req.method() === "POST") records.push(...(JSON.parse(req.postData() ?? "{}").records ?? []));
  });
  return (text: string) => records.filter((r) => r.message.includes(text));
}

function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

test("a YouTube video that cannot load says so, offers a retry, logs each failure once and throws nothing", async ({ page }) => {
  await signIn(page, LEARNER);
  const errors = pageErrors(page);
  const logged = logRecords(page);
  // YouTube blocked, as on a company network or offline: every request to it fails.
  let apiRequests = 0;
  await page.route("https://www.youtube.com/**", (route) => {
    if (route.request().url() === YOUTUBE_API) apiRequests += 1;
    return route.abort("blockedbyclient");
  });

  await page.goto(YOUTUBE_VIDEO);
  const player = page.getByRole("group", { name: /^Video player: A Tour of the SolidWorks Interface/ });
  const alert = player.getByRole("alert");
  await expect(alert).toContainText("This video could not be loaded.");
  await expect(alert).toContainText("YouTube may be blocked on this network, or you may be offline");
  await expect(player.locator("iframe")).toHaveCount(0);
  await expect.poll(() => logged("YouTube's player could not be loaded").length, { timeout: 10_000 }).toBe(1);
  expect(logged("YouTube's player could not be loaded")[0]).toMatchObject({ level: "error", source: "app", context: { provider: "youtube", attempt: 1 } });
  expect(apiRequests).toBe(1);

  await alert.getByRole("button", { name: "Try again" }).click();
  // The retry really asks YouTube again, fails again, and says so again.
  await expect.poll(() => apiRequests).toBe(2);
  await expect(player.getByRole("alert")).toContainText("This video could not be loaded.");
  await expect.poll(() => logged("YouTube's player could not be loaded").length, { timeout: 10_000 }).toBe(2);
  // The rest of the page works: title, like buttons, the course tree.
  await expect(page.getByRole("heading", { level: 1, name: "A Tour of the SolidWorks Interface" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Like \d+$/ })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(errors).toEqual([]);
});

test("an uploaded video whose file fails shows the message, and Try again plays it once the file is there", async ({ page }) => {
  await signIn(page, LEARNER);
  const errors = pageErrors(page);
  const logged = logRecords(page);
  await page.route("**/api/files/demo/intro.mp4*", (route) => route.abort("connectionreset"));
  await page.goto(UPLOADED_VIDEO);
  const player = page.getByRole("group", { name: /^Video player: Course Introduction/ });
  await expect(player.getByRole("alert")).toContainText("This video could not be loaded.");
  await expect.poll(() => logged("could not be played: the video file could not be loaded").length, { timeout: 10_000 }).toBe(1);

  await page.unroute("**/api/files/demo/intro.mp4*");
  await player.getByRole("button", { name: "Try again" }).click();
  await expect(player.getByRole("alert")).toHaveCount(0);
  await expect.poll(() => page.getByTestId("video-element").evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(errors).toEqual([]);
});
