import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";

const INTRO = "/learn/video/cad-fundamentals-solidworks/getting-started/welcome/course-introduction";
/** A lesson whose reading content holds a GitHub-style table. */
const TOUR = "/learn/video/cad-fundamentals-solidworks/getting-started/interface-navigation/tour-of-the-interface";

async function videoTime(page: Page) {
  return page.getByTestId("video-element").evaluate((v: HTMLVideoElement) => v.currentTime);
}

async function playUntil(page: Page, seconds: number) {
  const video = page.getByTestId("video-element");
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  return videoTime(page);
}

async function serverPosition(page: Page, token: string, courseId: string, videoId: string) {
  const res = await page.request.get(`/api/course/getVideoTimestamp?courseId=${courseId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { videos: { videoId: string; lastTimeStamp: number; totalDuration: number }[] };
  return body.videos.find((v) => v.videoId === videoId);
}

async function ids(page: Page, token: string) {
  const res = await page.request.get(
    "/api/course/video/slug/courseIds?videoCourseSlugId=cad-fundamentals-solidworks&nodeSlugId=course-introduction",
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { courseId: string; nodeId: string };
  return { courseId: body.courseId, videoId: body.nodeId };
}

test("the catalogue lists the demo courses, with search and filters kept in the address", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto("/courses");
  await expect(page.getByRole("heading", { name: "CAD Fundamentals with SolidWorks" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search courses" }).fill("python");
  await expect(page).toHaveURL(/q=python/);
  await expect(page.getByRole("heading", { name: "Python for Engineers" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "CAD Fundamentals with SolidWorks" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search courses" })).toHaveValue("python");
  await expect(page.getByRole("heading", { name: "Python for Engineers" })).toBeVisible();
});

test("a lesson's GitHub-style table is shown as a table, in both themes and on a phone", async ({ page }, testInfo) => {
  await signIn(page, LEARNER);
  for (const theme of ["dark", "light"] as const) {
    await page.addInitScript((dark) => localStorage.setItem("darkModeKey", dark ? "true" : "false"), theme === "dark");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(TOUR);
      const reading = page.getByTestId("page-content");
      await expect(reading.getByRole("heading", { name: "Finding your way around" })).toBeVisible();
      const table = reading.getByRole("table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader")).toHaveText(["Area", "What it is for"]);
      await expect(table.getByRole("row")).toHaveCount(4);
      await expect(table.getByRole("row", { name: /FeatureManager tree/ }).getByRole("cell")).toHaveText(["FeatureManager tree", "The history of the part, top to bottom"]);
      // Emphasis inside a cell is Markdown too; no pipe of the source is left on the page.
      await expect(table.locator("em")).toHaveText(["Features", "Sketch", "Evaluate"]);
      await expect(reading).not.toContainText("|");
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await reading.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`lesson-table-${width}-${theme}.png`), fullPage: true });
    }
  }
});

test("a learner plays the uploaded video, leaves mid-video, comes back and resumes near where they stopped", async ({ page }) => {
  const token = await signIn(page, LEARNER);
  await page.goto(INTRO);
  await expect(page.getByRole("heading", { level: 1, name: "Course Introduction" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Course contents" })).toBeVisible();

  const stoppedAt = await playUntil(page, 8);
  // Leaving the page sends what was watched.
  await page.goto("/courses");
  const { courseId, videoId } = await ids(page, token);
  // The position kept is the last one sampled, at most a second or two before the pause.
  await expect.poll(async () => Math.abs(((await serverPosition(page, token, courseId, videoId))?.lastTimeStamp ?? 0) - stoppedAt)).toBeLessThanOrEqual(2);

  await page.goto(INTRO);
  const video = page.getByTestId("video-element");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await expect.poll(() => videoTime(page)).toBeGreaterThan(0);
  expect(Math.abs((await videoTime(page)) - stoppedAt)).toBeLessThanOrEqual(5);
});

test("progress watched offline reaches the server once the network is back", async ({ page, context }) => {
  const token = await signIn(page, LEARNER);
  await page.goto(INTRO);
  const { courseId, videoId } = await ids(page, token);

  // The whole (small) file is fetched first: a real learner offline plays what the browser already holds.
  const video = page.getByTestId("video-element");
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.preload = "auto";
    v.muted = true;
    await v.play();
    v.pause();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.buffered.length ? v.buffered.end(v.buffered.length - 1) : 0) >= v.duration - 0.5), {
      timeout: 45_000,
    })
    .toBe(true);
  // Offline, the video plays on from where it is, inside what is buffered: a seek could ask the network
  // for a range the browser has dropped, and stall.
  await context.setOffline(true);
  await playUntil(page, 17);
  // The 15-second send fails offline; the record waits in local storage.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("pendingWatchRecords") ?? "[]").length), { timeout: 20_000 })
    .toBeGreaterThan(0);

  const queuedUpTo = await page.evaluate(() =>
    Math.max(...JSON.parse(localStorage.getItem("pendingWatchRecords") ?? "[]").flatMap((r: { watchDuration: { timeStamp: number[] } }) => r.watchDuration.timeStamp)),
  );
  expect(queuedUpTo).toBeGreaterThan(5);
  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("pendingWatchRecords") ?? "[]").length), { timeout: 20_000 }).toBe(0);
  const after = await serverPosition(page, token, courseId, videoId);
  // The position watched offline arrived.
  expect(after!.lastTimeStamp).toBeGreaterThanOrEqual(queuedUpTo);
  // Watched time never exceeds the video's length, however often a record was sent.
  expect(after!.totalDuration).toBeLessThanOrEqual(20);
});

test("the catalogue's first list is in the HTML the server sends, as the address asks for it", async ({ page }) => {
  await signIn(page, LEARNER);
  // A course card's heading as markup, not only inside the data that hydrates the page.
  const card = (name: string) => new RegExp(`<h3[^>]*>${name}</h3>`);
  const all = await (await page.request.get("/courses")).text();
  expect(all).toMatch(card("CAD Fundamentals with SolidWorks"));
  expect(all).toMatch(card("Python for Engineers"));
  const searched = await (await page.request.get("/courses?q=python")).text();
  expect(searched).toMatch(card("Python for Engineers"));
  expect(searched).not.toMatch(card("CAD Fundamentals with SolidWorks"));
  // The first row's covers load with the page, the first one first; the covers below wait to be near the screen.
  const covers = [...all.matchAll(/<img[^>]*class="aspect-\[16\/7\][^>]*>/g)].map((m) => m[0]);
  expect(covers.length).toBeGreaterThan(3);
  expect(covers[0]).toContain('fetchPriority="high"');
  for (const cover of covers.slice(0, 3)) expect(cover).not.toContain('loading="lazy"');
  for (const cover of covers.slice(3)) expect(cover).toContain('loading="lazy"');
});

test("the course's cover holds the player's place in the HTML the server sends, and the player covers it once loaded", async ({ page }) => {
  await signIn(page, LEARNER);
  const html = await (await page.request.get(INTRO)).text();
  expect(html).toMatch(/data-testid="player-poster"[^>]*><img src="\/covers\/cad-solidworks\.svg"/);
  await page.goto(INTRO);
  const video = page.getByTestId("video-element");
  await expect(video).toBeVisible();
  // What is drawn at the player's centre is the player, not the cover behind it.
  const onTop = await video.evaluate((v) => {
    const box = v.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === v || v.contains(hit) || !hit.closest("[data-testid=player-poster]"));
  });
  expect(onTop).toBe(true);
  const poster = await page.getByTestId("player-poster").boundingBox();
  const player = await video.boundingBox();
  expect(Math.round(poster!.width)).toBe(Math.round(player!.width));
});

test("the learning page, the dashboard, the catalogue and group sessions come whole in the first HTML, with no skeleton painted before them", async ({ page }) => {
  await signIn(page, LEARNER);
  // A Suspense boundary (a route's loading.tsx among them) would send a skeleton first and reveal the
  // page at least 300 ms after the first paint.
  for (const [path, heading] of [
    [INTRO, /<h1 id="video-title"[^>]*>Course Introduction<\/h1>/],
    ["/dashboard", /<h1[^>]*>Welcome, (?:<!-- -->)?Asha Raman<\/h1>/],
    ["/courses", /CAD Fundamentals/],
    ["/group-sessions", /<h1[^>]*>Group sessions<\/h1>/],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(heading);
    expect(html, path).not.toContain('<template id="B:');
    expect(html, path).not.toContain('aria-busy="true"');
  }
});

test("a lesson that is slow to open shows at once that the click landed", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(INTRO);
  const next = page.getByRole("navigation", { name: "Previous and next" }).getByRole("link").last();
  const target = await next.getAttribute("href");
  // The next lesson's page data takes two seconds to arrive.
  await page.route(
    (url) => url.pathname === target && url.searchParams.has("_rsc"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    },
  );
  await next.click();
  await expect(next.getByRole("status")).toHaveText("Opening…");
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole("status", { name: "Opening…" })).toHaveCount(0);
});

test("an unknown course address shows not found, and a wrong chapter in the address is corrected", async ({ page }) => {
  await signIn(page, LEARNER);
  const missing = await page.goto("/learn/video/no-such-course/a/b/c");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Browse courses" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole("heading", { name: "CAD Fundamentals with SolidWorks" })).toBeVisible();
  const unknownItem = await page.goto("/learn/video/cad-fundamentals-solidworks/getting-started/welcome/no-such-lesson");
  expect(unknownItem?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  const unknownPage = await page.goto("/no-such-page");
  expect(unknownPage?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await page.goto("/learn/video/cad-fundamentals-solidworks/old-chapter/old-section/course-introduction");
  await expect(page).toHaveURL(new RegExp(`${INTRO}$`));
});

test("the course tree becomes a drawer on a phone, and nothing scrolls sideways", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(INTRO);
  await expect(page.getByRole("navigation", { name: "Course contents" })).toBeHidden();
  await page.getByRole("button", { name: "Course contents" }).click();
  await expect(page.getByRole("navigation", { name: "Course contents" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("resume from the dashboard opens the video watched last, near where it stopped", async ({ page }) => {
  await signIn(page, LEARNER);
  await page.goto(INTRO);
  // From the start: an earlier test may have left this learner within the last seconds of the video,
  // where the next visit starts over instead of resuming.
  const video = page.getByTestId("video-element");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = 0;
  });
  const stoppedAt = await playUntil(page, 6);
  await page.goto("/dashboard");
  // What was watched has reached the server (the dashboard sends what the closing page queued).
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("pendingWatchRecords") ?? "[]").length)).toBe(0);
  await page.getByRole("link", { name: "Resume where you left off" }).click();
  await expect(page).toHaveURL(new RegExp(`${INTRO}$`));
  await expect.poll(() => videoTime(page)).toBeGreaterThan(0);
  expect(Math.abs((await videoTime(page)) - stoppedAt)).toBeLessThanOrEqual(5);
});
