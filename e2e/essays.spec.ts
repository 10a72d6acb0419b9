import { expect, test, type Page } from "@playwright/test";
import { LEARNER, signIn } from "./support/sign-in";
import { expectAccessible } from "./support/axe";

const ESSAY = "/learn/essayBlock/cad-fundamentals-solidworks/part-modeling/fillets-patterns/mounting-bracket-design";
const GRADER = "grader@demo.test";

const draftSaved = (page: Page) => expect(page.getByRole("status").filter({ hasText: /^Draft saved at/ })).toBeVisible();

test("a learner writes an essay, reloads mid-way, attaches a file, meets a second tab and submits; a grader marks it; the learner sees the marks", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, LEARNER);
  await page.goto(ESSAY);
  await expect(page.getByRole("heading", { level: 1, name: "Design a Mounting Bracket" })).toBeVisible();
  await expect(page.getByText("How it is graded")).toBeVisible();
  // The question comes with the clock: not on the page before Start.
  await expect(page.getByText(/Model an L-shaped steel mounting bracket/)).toHaveCount(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("timer")).toHaveText(/^(2:00:00|1:59:\d\d)$/);
  await expect(page.getByText(/Model an L-shaped steel mounting bracket/)).toBeVisible();

  const answer = page.getByLabel("Your answer");
  const firstPart = "I start from a sketch on the Right plane with the bracket's L profile, dimensioned from the origin.";
  await answer.fill(firstPart);
  await draftSaved(page);
  await expectAccessible(page);

  // A reload brings the saved text back, and the clock keeps running from the server's deadline.
  await page.reload();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart);
  await expect(page.getByRole("timer")).toHaveText(/^1:59:\d\d$/);

  // Typed, then reloaded before the server had it: the text comes back from this browser and is saved.
  const secondPart = " The plate is 4 mm thick: two M6 bolts per leg carry the 2 kg motor with a wide margin.";
  await page.getByLabel("Your answer").click();
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(secondPart.slice(0, 20));
  await page.reload();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart + secondPart.slice(0, 20));
  await draftSaved(page);
  await page.getByLabel("Your answer").click();
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(secondPart.slice(20));
  await draftSaved(page);

  // A second tab saves a newer draft; this tab's next save is refused and both texts are shown.
  const other = await page.context().newPage();
  await other.goto(ESSAY);
  await expect(other.getByLabel("Your answer")).toHaveValue(firstPart + secondPart);
  await other.getByLabel("Your answer").fill("Written in the second tab.");
  await draftSaved(other);
  await page.getByLabel("Your answer").press("Control+End");
  await page.getByLabel("Your answer").pressSequentially(" Fillets last.");
  await expect(page.getByRole("heading", { name: "This essay was also edited in another tab or on another device" })).toBeVisible();
  await expect(page.getByText("Written in the second tab.")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveValue(firstPart + secondPart + " Fillets last.");
  await page.getByRole("button", { name: "Keep this tab's text" }).click();
  await draftSaved(page);
  await other.reload();
  await expect(other.getByLabel("Your answer")).toHaveValue(firstPart + secondPart + " Fillets last.");
  await other.close();

  // An attachment, uploaded with a progress bar and listed by name.
  await page.getByLabel("Attach files").setInputFiles({
    name: "bracket-notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Feature order: base sketch, boss-extrude, fillet, hole wizard (M6), mirror.\n"),
  });
  await expect(page.getByRole("link", { name: "bracket-notes.txt" })).toBeVisible();
  await draftSaved(page);

  await page.getByRole("button", { name: "Submit essay" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText("Waiting for a grader. You will see the marks here.")).toBeVisible();
  await expect(page.getByText(firstPart + secondPart + " Fillets last.")).toBeVisible();
  await expectAccessible(page);

  // The grader, in their own browser, finds it in the workspace and marks it.
  const graderContext = await browser.newContext();
  const grader = await graderContext.newPage();
  await signIn(grader, GRADER);
  await grader.goto("/evaluate");
  const row = grader.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: "Asha Raman" });
  await expect(row).toContainText("CAD Fundamentals");
  await row.getByRole("link", { name: /the essay of Asha Raman/ }).click();
  await expect(grader.getByTestId("submitted-answer")).toHaveText(firstPart + secondPart + " Fillets last.");
  await expect(grader.getByRole("link", { name: "bracket-notes.txt" })).toBeVisible();
  await grader.getByLabel("Marks for Design intent").fill("8");
  await grader.getByLabel("Marks for Feature order and robustness").fill("9");
  await grader.getByLabel("Marks for Engineering judgement").fill("4");
  await grader.getByLabel("Marks for Communication").fill("5");
  await grader.getByLabel("Overall comment for the learner").fill("Clear design intent; justify the plate thickness with a quick stress estimate.");
  await grader.getByRole("button", { name: "Save evaluation" }).click();
  await expect(grader.getByRole("status").filter({ hasText: "Evaluation saved: 26 of 30 marks." })).toBeVisible();
  await graderContext.close();

  // Back in the learner's browser: the marks, the comment and the marks per criterion.
  await page.reload();
  await expect(page.getByText(/^26\s*of 30 marks/)).toBeVisible();
  await expect(page.getByText("9 of 10")).toBeVisible();
  await expect(page.getByText("Clear design intent; justify the plate thickness with a quick stress estimate.")).toBeVisible();
  await expect(page.getByText("Marks per criterion")).toBeVisible();
  await expectAccessible(page);
});

/** An answer with a text table set out with spaces, wider than a phone, between two paragraphs. */
const TABLE_LINES = [
  "  State      NS     EW     Buzzer   Time",
  "  NS_GREEN   green  red    off      20 s (cut to 5 s once a request is waiting)",
  "  NS_AMBER   amber  red    off       3 s",
  "  WALK       red    red    beeping   8 s",
];
const LAID_OUT_ANSWER = [
  "State machine",
  "-------------",
  "",
  ...TABLE_LINES,
  "",
  "The button's interrupt only sets a flag; the 1 ms tick debounces it, and the request is served after the next all-red phase, so a press is never lost while the lights keep their timing.",
].join("\n");

/**
 * Where each table line's columns fall on the screen: the left edge of the character at the column
 * where the header's "NS" starts, and whether the line stayed on one row (it did not wrap).
 */
async function tableColumns(answer: ReturnType<Page["getByTestId"]>) {
  const column = TABLE_LINES[0]!.indexOf("NS");
  return answer.evaluate(
    (el, { lines, column }) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const nodes: { node: Text; start: number }[] = [];
      let text = "";
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        nodes.push({ node: n, start: text.length });
        text += n.data;
      }
      const box = (i: number) => {
        const at = nodes.filter((x) => x.start <= i).at(-1)!;
        const range = document.createRange();
        range.setStart(at.node, i - at.start);
        range.setEnd(at.node, i - at.start + 1);
        return range.getBoundingClientRect();
      };
      return lines.map((line) => {
        const i = text.indexOf(line);
        if (i < 0) return { found: false, x: 0, oneRow: false };
        return { found: true, x: Math.round(box(i + column).left), oneRow: Math.abs(box(i).top - box(i + line.length - 1).top) < 1 };
      });
    },
    { lines: TABLE_LINES, column },
  );
}

/** The answer shows as written: the same text, line for line, its table's columns lined up and unwrapped. */
async function expectAsWritten(page: Page, testId: string) {
  const answer = page.getByTestId(testId);
  await expect(answer).toBeVisible();
  expect(await answer.evaluate((el) => el.textContent)).toBe(LAID_OUT_ANSWER);
  expect(await answer.evaluate((el) => (el as HTMLElement).innerText)).toBe(LAID_OUT_ANSWER);
  const columns = await tableColumns(answer);
  expect(columns.every((c) => c.found && c.oneRow), JSON.stringify(columns)).toBe(true);
  expect(new Set(columns.map((c) => c.x)).size, JSON.stringify(columns)).toBe(1);
  // The prose still wraps to the screen, and the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("an essay keeps its line breaks and spacing as written, in the learner's results and in the grader's view", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const TRAFFIC = "/learn/essayBlock/embedded-c-microcontrollers/peripherals/timers-pwm/traffic-light-firmware";
  await signIn(page, LEARNER);
  await page.goto(TRAFFIC);
  await expect(page.getByRole("heading", { level: 1, name: "Traffic Light Controller Firmware" })).toBeVisible();
  await page.getByRole("button", { name: "Start" }).click();
  const box = page.getByLabel("Your answer");
  await box.fill(LAID_OUT_ANSWER);
  // The box the learner writes in is monospaced, as the answer is shown afterwards.
  await expect(box).toHaveCSS("font-family", /mono/i);
  await draftSaved(page);
  await page.getByRole("button", { name: "Submit essay" }).click();
  await page.getByRole("button", { name: "Yes, submit" }).click();
  await expect(page.getByText("Waiting for a grader. You will see the marks here.")).toBeVisible();

  for (const theme of ["dark", "light"] as const) {
    await page.addInitScript((dark) => localStorage.setItem("darkModeKey", dark ? "true" : "false"), theme === "dark");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.reload();
      await expectAsWritten(page, "your-answer");
      await page.getByTestId("your-answer").scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`essay-results-${width}-${theme}.png`), fullPage: true });
    }
  }

  const graderContext = await browser.newContext();
  const grader = await graderContext.newPage();
  await signIn(grader, GRADER);
  await grader.goto("/evaluate");
  await grader.getByRole("tab", { name: "All" }).click();
  const row = grader.getByRole("list", { name: "Submissions" }).getByRole("listitem").filter({ hasText: "Asha Raman" }).filter({ hasText: "Embedded C" });
  await row.getByRole("link", { name: /the essay of Asha Raman/ }).click();
  await expect(grader.getByRole("heading", { level: 1, name: "Traffic Light Controller Firmware" })).toBeVisible();
  const submission = grader.url();
  for (const theme of ["dark", "light"] as const) {
    await grader.addInitScript((dark) => localStorage.setItem("darkModeKey", dark ? "true" : "false"), theme === "dark");
    for (const width of [1280, 375]) {
      await grader.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await grader.goto(submission);
      await expectAsWritten(grader, "submitted-answer");
      await grader.screenshot({ path: testInfo.outputPath(`essay-grader-${width}-${theme}.png`), fullPage: true });
    }
  }
  await expectAccessible(grader);
  await graderContext.close();
});
