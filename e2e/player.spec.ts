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

for (const language of ["en", "ta"] as const) {
  test(`on a phone, in ${language === "en" ? "English" : "Tamil"}, a video that cannot load shows its whole message and Try again inside the player`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, LEARNER, { language });
    await page.route("https://www.youtube.com/**", (route) => route.abort("blockedbyclient"));
    await page.goto(YOUTUBE_VIDEO);
    const player = page.getByRole("group", { name: /A Tour of the SolidWorks Interface/ });
    const alert = player.getByRole("alert");
    await expect(alert).toBeVisible();
    const frame = (await player.boundingBox())!;
    const message = (await alert.boundingBox())!;
    const retry = (await alert.getByRole("button").boundingBox())!;
    // Nothing of the message is cut off by the player's frame: the frame grows to hold it.
    expect(message.y).toBeGreaterThanOrEqual(frame.y - 1);
    expect(message.y + message.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    expect(retry.y + retry.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    expect(await alert.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    // And what follows the player starts below it.
    const title = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(frame.y + frame.height);
  });
}

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

/** The number of play and pause events the video has fired since the page set the counter up. */
async function countToggles(page: Page) {
  await page.getByTestId("video-element").evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { __toggles: number };
    w.__toggles = 0;
    v.addEventListener("play", () => (w.__toggles += 1));
    v.addEventListener("pause", () => (w.__toggles += 1));
  });
  return () => page.evaluate(() => (window as unknown as { __toggles: number }).__toggles);
}

test("Space plays or pauses exactly once, whether the video, the player or the page has the focus", async ({ page }) => {
  await signIn(page, LEARNER);
  const errors = pageErrors(page);
  await page.goto(UPLOADED_VIDEO);
  const video = page.getByTestId("video-element");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  const toggles = await countToggles(page);
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);

  /** Presses Space and checks that the video went from one state to the other, once, and stayed there. */
  const spaceToggles = async (where: string) => {
    const before = await paused();
    const count = await toggles();
    await page.keyboard.press(" ");
    await expect.poll(paused, `${where}: Space flips play and pause`).toBe(!before);
    // A second toggle (the browser's own controls acting on the key too) would come right after.
    await page.waitForTimeout(700);
    expect(await paused(), `${where}: still ${before ? "playing" : "paused"}`).toBe(!before);
    expect(await toggles(), `${where}: one play or pause event`).toBe(count + 1);
  };

  // The Play button on the picture starts it and gives the video, with its controls now shown, the focus.
  await page.getByRole("button", { name: "Play “Course Introduction”" }).click();
  await expect.poll(paused).toBe(false);
  expect(await video.evaluate((v) => document.activeElement === v)).toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
  await spaceToggles("the video focused");
  await spaceToggles("the video focused, again");

  await page.getByRole("group", { name: /^Video player: Course Introduction/ }).focus();
  await spaceToggles("the player focused");
  await spaceToggles("the player focused, again");

  // Nothing focused: a click on the lesson's title, which takes no focus.
  await page.getByRole("heading", { level: 1, name: "Course Introduction" }).click();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  const scrolled = await page.evaluate(() => window.scrollY);
  await spaceToggles("nothing focused");
  await spaceToggles("nothing focused, again");
  // Space is the player's there, not the page's: it does not scroll.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(errors).toEqual([]);
});

test("the browser's controls come when the learner comes to the video: the mouse over it, the focus in it", async ({ page }) => {
  await signIn(page, LEARNER);
  const errors = pageErrors(page);
  await page.goto(UPLOADED_VIDEO);
  const video = page.getByTestId("video-element");
  const controls = () => video.evaluate((v: HTMLVideoElement) => v.controls);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  // Until then the page's own Play button stands on the picture.
  const play = page.getByRole("button", { name: "Play “Course Introduction”" });
  await expect(play).toBeVisible();
  expect(await controls()).toBe(false);

  // The mouse over the picture brings the controls, and a click on the picture plays, as the browser's controls do.
  await video.hover({ position: { x: 20, y: 20 } });
  await expect.poll(controls).toBe(true);
  await expect(play).toHaveCount(0);
  await video.click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);

  // The keyboard: the focus on the player brings them too.
  await page.reload();
  await expect(play).toBeVisible();
  await page.getByRole("group", { name: /^Video player: Course Introduction/ }).focus();
  await expect.poll(controls).toBe(true);
  expect(errors).toEqual([]);
});

test("on a phone, a tap on Play plays the video and brings its controls", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, LEARNER);
  await page.goto(UPLOADED_VIDEO);
  const video = page.getByTestId("video-element");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
  await page.getByRole("button", { name: "Play “Course Introduction”" }).tap();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.controls)).toBe(true);
  await context.close();
});

/**
 * The rows of the video's picture where captions are drawn, found by giving the captions a colour no
 * demo clip uses (the clips are slides on a pale background in muted colours).
 */
async function captionRows(page: Page) {
  const video = page.getByTestId("video-element");
  const shot = await video.screenshot();
  // Decoded in a blank page: the app's Content-Security-Policy does not let a page fetch a data: address.
  const blank = await page.context().newPage();
  const rows = await blank.evaluate(async (png) => {
    const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < image.height; y += 1) {
      let magenta = 0;
      for (let x = 0; x < image.width; x += 1) {
        const i = (y * image.width + x) * 4;
        if (data[i]! > 200 && data[i + 1]! < 80 && data[i + 2]! > 200) magenta += 1;
      }
      if (magenta > 10) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    return { height: image.height, top, bottom };
  }, shot.toString("base64"));
  await blank.close();
  return rows;
}

for (const width of [1280, 375]) {
  test(`captions stay above the control bar, shown or hidden, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, LEARNER);
    await page.goto(UPLOADED_VIDEO);
    const video = page.getByTestId("video-element");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
    await page.addStyleTag({ content: "video::cue { color: rgb(255, 0, 255); background-color: rgb(255, 0, 255); }" });
    // The control bar: Chromium's buttons and timeline take the bottom 56 px or so of the video.
    const CONTROLS = 56;

    // Playing, with the pointer elsewhere: the control bar hides after a few seconds. Playback is
    // started by the element itself, not a click: on a busy machine a click can land before the
    // player takes it, and the video stays paused. It is brought back to its start: the player resumes
    // where this learner stopped, which an earlier test may have left near the 22-second clip's end,
    // and a clip that ends within the wait below is paused.
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect
      .poll(() =>
        video.evaluate((v: HTMLVideoElement) => {
          if (v.currentTime > 5) v.currentTime = 0;
          return !v.paused && v.currentTime > 0 && v.currentTime < 5;
        }),
      )
      .toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(6000);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    const hidden = await captionRows(page);
    expect(hidden.top, "captions are drawn").toBeGreaterThan(0);
    expect(hidden.height - hidden.bottom, "room under the captions, the control bar hidden").toBeGreaterThan(CONTROLS);

    // The pointer on the video shows the control bar; the captions stay clear of it.
    await video.hover();
    await page.waitForTimeout(500);
    const shown = await captionRows(page);
    expect(shown.top, "captions are drawn").toBeGreaterThan(0);
    expect(shown.height - shown.bottom, "room under the captions, the control bar shown").toBeGreaterThan(CONTROLS);
  });
}

test("the course tree gives an uploaded video the length of its file", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(UPLOADED_VIDEO);
  const video = page.getByTestId("video-element");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const seconds = Math.round(await video.evaluate((v: HTMLVideoElement) => v.duration));
  expect(seconds).toBeGreaterThan(0);
  const row = page.locator("#course-tree-panel").getByRole("link", { name: /^Course Introduction/ });
  await expect(row).toContainText(new RegExp(`\\b${seconds} sec$`));
});
