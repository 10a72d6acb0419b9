import { expect, test, type Page } from "@playwright/test";
import { completeQuizzes, completeVideos, PYTHON } from "./support/certificates";
import { LEARNER, signIn } from "./support/sign-in";
import { drawEveryBlock } from "./support/shots";

const GRADER = "grader@demo.test";

const setTheme = (page: Page, theme: "light" | "dark") =>
  page.addInitScript((dark) => {
    localStorage.setItem("darkModeKey", dark ? "true" : "false");
    sessionStorage.setItem("hasWebsiteLoadedOneTimeKey", "true");
  }, theme === "dark");

const card = (page: Page, name: string) => page.getByRole("article", { name });

/**
 * Every visible control (links, buttons, selects, inputs, tabs) lies inside the viewport and shows
 * its text unclipped, and the page does not scroll sideways. Returns what is wrong, one line each.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`);
    for (const el of document.querySelectorAll<HTMLElement>("a, button, select, input, [role=tab]")) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === "hidden" || el.closest("[aria-hidden=true], .sr-only")) continue;
      const name = (el.innerText || (el as HTMLInputElement).value || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 40);
      if (box.left < -0.5 || box.right > width + 0.5) problems.push(`“${name}” reaches outside the viewport (${Math.round(box.left)} to ${Math.round(box.right)})`);
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`“${name}” clips its text (${el.scrollWidth}px of text in ${el.clientWidth}px)`);
      if (el.tagName === "SELECT") {
        // A select's text is its chosen option: it must fit the box, arrow and padding aside.
        const select = el as HTMLSelectElement;
        const canvas = document.createElement("canvas").getContext("2d")!;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = canvas.measureText(select.selectedOptions[0]?.text ?? "").width;
        const room = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        if (text > room) problems.push(`select “${select.selectedOptions[0]?.text}” shows ${Math.round(room)}px of its ${Math.round(text)}px text`);
      }
    }
    return problems;
  });
}

test.describe("the catalogue at 375 px", () => {
  test("every control shows its text, nothing overflows, on every tab and with long filters chosen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, LEARNER);
    for (const path of ["/courses", "/courses?tab=in-progress", "/courses?tab=programs", "/courses?domain=Computer+Science&duration=Greater+than+20+hours"]) {
      await page.goto(path);
      await expect(page.getByRole("tab", { name: /Master's Program/ })).toBeVisible();
      await expect(page.getByRole("tab", { name: /Master's Program/ })).toContainText(/\d/);
      await expect(page.getByRole("tabpanel")).not.toBeEmpty();
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      await expect(page.getByLabel(path.includes("tab=programs") ? "Search programs" : "Search courses")).toBeVisible();
      expect(await layoutProblems(page), path).toEqual([]);
    }
  });
});

test.describe("course cards", () => {
  test("the learner's cards: covers, words and plurals, phrases kept whole, enrollment as the batch says", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.goto("/courses");
    const cad = card(page, "CAD Fundamentals with SolidWorks");
    await expect(cad).toBeVisible();

    // Each demo course has its own cover, loaded.
    const covers = await page.locator('[data-testid="course-list"] img').evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).currentSrc, (i as HTMLImageElement).naturalWidth]));
    expect(covers.length).toBe(4);
    expect(new Set(covers.map(([src]) => src)).size).toBe(4);
    expect(covers.every(([, width]) => Number(width) > 0)).toBe(true);

    // The domain shows once per card.
    await expect(cad.getByText("Mechanical", { exact: true })).toHaveCount(1);
    // Plurals.
    const text = await page.getByTestId("course-list").innerText();
    expect(text).not.toMatch(/\b1 (quizzes|essays|chapters)\b/);
    expect(text).not.toMatch(/\b0 mins of\b/);
    // Durations never break in the middle.
    for (const span of await page.getByTestId("course-video-time").locator("span").all()) await expect(span).toHaveCSS("white-space", "nowrap");

    // The mandatory course of the learner's scheduled batch is enrolled for them: no Enroll.
    const embedded = card(page, "Embedded C on Microcontrollers");
    await expect(embedded.getByText("Mandatory")).toBeVisible();
    await expect(embedded.getByRole("link", { name: /^(Start|Continue) Embedded C/ })).toBeVisible();
    await expect(embedded.getByRole("button", { name: /^Enroll/ })).toHaveCount(0);
    // Its optional course offers Enroll, and says why it costs nothing.
    const power = card(page, "Power Electronics Essentials");
    await expect(power.getByText("Optional")).toBeVisible();
    await expect(power.getByText("Part of your program, at no cost")).toBeVisible();
    await expect(power.getByRole("button", { name: "Enroll in Power Electronics Essentials" })).toBeVisible();
  });

  test("progress and Continue follow watched time", async ({ page }) => {
    const token = await signIn(page, LEARNER);
    const headers = { authorization: `Bearer ${token}` };
    const ids = await (
      await page.request.get("/api/course/video/slug/courseIds?videoCourseSlugId=python-for-engineers&nodeSlugId=installing-python-vscode", { headers })
    ).json();
    const treeAnswer = await page.request.get(`/api/course/video/tree?id=${ids.courseId}`, { headers: { ...headers, "accept-encoding": "gzip" } });
    // The tree goes out as the gzip bytes the API stored, compressed once on the way: it reads as JSON.
    expect(treeAnswer.headers()["content-encoding"]).toBe("gzip");
    const tree = await treeAnswer.json();
    // The course's last video: the tests before this one may have watched its first, never its last.
    type Item = { id: string; type: string };
    const videos = (tree.chapters as { subChapters: { items: Item[] }[] }[]).flatMap((c) => c.subChapters.flatMap((sc) => sc.items)).filter((i) => i.type === "video");
    await page.goto("/courses?q=python");
    const python = card(page, "Python for Engineers");
    const before = Number(await python.getByRole("progressbar").getAttribute("aria-valuenow"));

    const watched = Array.from({ length: 61 }, (_, i) => i);
    const res = await page.request.post("/api/user/addVideoWatchRecord", {
      headers,
      data: { courseId: ids.courseId, versionId: tree.versionId, videoId: videos.at(-1)!.id, watchDuration: { timeStamp: watched, totalDuration: 60 } },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await expect(python.getByRole("link", { name: "Continue Python for Engineers" })).toBeVisible();
    // A minute watched of a video not completed moves the bar; the card tells the time watched.
    await expect.poll(async () => Number(await python.getByRole("progressbar").getAttribute("aria-valuenow"))).toBeGreaterThan(before);
    await expect(python.getByTestId("course-video-time")).toContainText(/ of .+ watched$/);
  });

  test("a grader sees Enroll only where it works, and why not elsewhere", async ({ page }, testInfo) => {
    await signIn(page, GRADER);
    await page.goto("/courses");
    const cad = card(page, "CAD Fundamentals with SolidWorks");
    await expect(cad.getByText("Paid course (₹4,999): ask your company admin")).toBeVisible();
    await expect(cad.getByRole("button", { name: /^Enroll/ })).toHaveCount(0);
    await expect(cad.getByText("Mandatory")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Enroll/ })).toHaveCount(1);

    // The complimentary course is free for every learner: the card says so, and its learning page asks no price.
    const python = card(page, "Python for Engineers");
    await expect(python.getByText("Complimentary: free for every learner")).toBeVisible();
    await python.getByRole("button", { name: "Enroll in Python for Engineers" }).click();
    await expect(page).toHaveURL(/\/learn\/video\/python-for-engineers\//);
    await expect(page.getByTestId("course-price")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Locked video" })).toHaveCount(0);

    // A paid course's learning page shows the same reason as its card, and the price.
    await page.goto("/learn/video/cad-fundamentals-solidworks/getting-started/interface-navigation/tour-of-the-interface");
    const locked = page.getByRole("region", { name: "Locked video" });
    await expect(locked.getByText("Paid course (₹4,999): ask your company admin.")).toBeVisible();
    await expect(locked.getByTestId("course-price")).toHaveText("₹4,999");
    await expect(locked.getByRole("button", { name: /^Enroll/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("paid-course-learning-page.png") });
  });
});

test.describe("tabs, filters and their way out", () => {
  const tabCount = (page: Page, name: RegExp) => page.getByRole("tab", { name }).locator("span");

  test("each tab counts what it shows with the domain and duration chosen", async ({ page }) => {
    await signIn(page, LEARNER);
    for (const query of ["", "domain=Mechanical", "domain=Embedded", "duration=Less+than+10+hours", "domain=Computer+Science&duration=Greater+than+20+hours"]) {
      await page.goto(`/courses?${query}`);
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      const shown = await page.getByTestId("course-list").getByRole("article").count();
      await expect(tabCount(page, /^All courses/), query).toHaveText(String(shown));
      await page.goto(`/courses?tab=in-progress${query ? `&${query}` : ""}`);
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      const started = await page.getByTestId("course-list").getByRole("article").count();
      await expect(tabCount(page, /^In progress/), query).toHaveText(String(started));
      await page.goto(`/courses?tab=programs${query ? `&${query}` : ""}`);
      await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
      const programs = await page.getByRole("tabpanel").getByRole("article").count();
      await expect(tabCount(page, /^Master's Program/), query).toHaveText(String(programs));
    }
    // The domain narrows the lists it applies to: fewer courses than in the whole catalogue.
    await page.goto("/courses?domain=Mechanical");
    await expect(tabCount(page, /^All courses/)).toHaveText("1");
    await expect(tabCount(page, /^Master's Program/)).toHaveText("1");
  });

  test("the programs tab searches programs, and a list emptied by filters offers to clear them", async ({ page }) => {
    await signIn(page, LEARNER);
    await page.goto("/courses?domain=Computer+Science&duration=Greater+than+20+hours&q=solid");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("No course matches these filters.")).toBeVisible();
    await panel.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(card(page, "CAD Fundamentals with SolidWorks")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search courses" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Domain" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Duration" })).toHaveValue("");
    // Nothing comes back once the search box's own delay has passed.
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(/\/courses$/);

    await page.getByRole("tab", { name: /^Master's Program/ }).click();
    const search = page.getByRole("searchbox", { name: "Search programs" });
    await expect(search).toHaveAttribute("placeholder", "Search programs");
    await search.fill("no program is called this");
    await expect(panel.getByText("No program matches these filters.")).toBeVisible();
    await panel.getByRole("button", { name: "Clear filters" }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("link", { name: "Mechanical Design Engineer Program" })).toBeVisible();
    await expect(page).toHaveURL(/\/courses\?tab=programs$/);
  });

  test("a completed course offers Review, not Continue", async ({ page }) => {
    // The grader takes the complimentary course to the end: every video watched, its quiz submitted.
    const token = await signIn(page, GRADER);
    await completeVideos(page.request, token, "watch");
    await completeQuizzes(page.request, token);
    await page.goto("/courses?q=python");
    const python = card(page, PYTHON.name);
    await expect(python.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(python.getByRole("link", { name: `Review ${PYTHON.name}` })).toBeVisible();
    await expect(python.getByRole("link", { name: /^Continue/ })).toHaveCount(0);
  });
});

test("screenshots of /courses at 1280 and 375 px, light and dark", async ({ page }, testInfo) => {
  await signIn(page, LEARNER);
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.goto("/courses");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expect(card(page, "CAD Fundamentals with SolidWorks")).toBeVisible();
      await expect.poll(() => page.locator("article img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
      await drawEveryBlock(page);
      await page.screenshot({ path: testInfo.outputPath(`courses-${width}-${theme}.png`), fullPage: true });
      // The empty state, with its way out.
      await page.goto("/courses?domain=Computer+Science&duration=Greater+than+20+hours");
      await expect(page.getByRole("button", { name: "Clear filters" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`courses-empty-${width}-${theme}.png`), fullPage: true });
    }
  }
});
