import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * Timed attempts in the studio (docs/timed-attempts.md): a learner uses the one attempt a block
 * allows, an administrator gives them a second with a reason on their page, and the learner starts
 * again.
 */
const ADMIN = "admin@demo.test";
const QUIZ = "/learn/mcqBlock/power-electronics-essentials/switching-fundamentals/mosfets-igbts/switching-devices-quiz";

test("an administrator gives a learner who used their one attempt a second, with a reason; the learner starts again", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const adminToken = await signIn(page, ADMIN);
  const email = `tara.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/studio/people", {
    data: { email, name: "Tara Second", plan: "Premium", invite: false },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(created.status()).toBe(201);
  const { person } = (await created.json()) as { person: { id: string } };

  // The learner enrolls in the course and uses the quiz's one attempt.
  const theirs = await browser.newContext();
  const learner = await theirs.newPage();
  const token = await signIn(learner, email);
  const headers = { authorization: `Bearer ${token}` };
  const ids = await (await learner.request.get("/api/course/video/slug/courseIds?videoCourseSlugId=power-electronics-essentials&nodeSlugId=switching-devices-quiz", { headers })).json();
  expect((await learner.request.post("/api/course/createEnrollment", { headers, data: { courseId: ids.courseId } })).status()).toBe(200);
  await learner.goto(QUIZ);
  await expect(learner.getByRole("heading", { level: 1, name: "Switching Devices Quiz" })).toBeVisible();
  await learner.getByRole("button", { name: "Start" }).click();
  await expect(learner.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await learner.getByRole("radio", { name: "IGBT" }).check();
  await expect(learner.getByRole("status").filter({ hasText: "All answers saved" })).toBeVisible();
  await learner.getByRole("button", { name: "Submit answers" }).click();
  await learner.getByRole("button", { name: "Yes, submit" }).click();
  await expect(learner.getByTestId("mcq-attempts")).toContainText("1 of 1 used · 0 left");
  await expect(learner.getByText("You have used every attempt at this block.")).toBeVisible();
  await expect(learner.getByRole("button", { name: "Start a new attempt" })).toHaveCount(0);

  // The administrator finds the block on the learner's page and grants a second attempt with a reason.
  await page.goto(`/studio/people/${person.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Tara Second" })).toBeVisible();
  const section = page.getByRole("region", { name: "Timed blocks" });
  const row = section.getByRole("row").filter({ hasText: "Switching Devices Quiz" });
  await expect(row).toContainText("1 of 1");
  const form = page.getByRole("form", { name: "Grant attempts or time" });
  await form.getByLabel("Block").selectOption({ label: "Switching Devices Quiz (Power Electronics Essentials)" });
  await form.getByLabel("More attempts").fill("1");
  // Without a reason the browser asks for one and nothing is granted.
  await form.getByRole("button", { name: "Grant" }).click();
  await expect(row).toContainText("1 of 1");
  await form.getByLabel("Reason").fill("The power failed during the first attempt");
  await form.getByRole("button", { name: "Grant" }).click();
  await expect(row).toContainText("1 of 2 (1 granted)");
  await expect(page.getByRole("region", { name: "Changes" })).toContainText("The power failed during the first attempt");
  await expectAccessible(page, "a person's timed blocks");
  await shoot(page, "studio-person-timed-blocks", () => expect(row).toContainText("1 of 2"));

  // The learner's page offers a new attempt; it starts with the full time.
  await learner.reload();
  await expect(learner.getByTestId("mcq-attempts")).toContainText("1 of 2 used · 1 left");
  await learner.getByRole("button", { name: "Start a new attempt" }).click();
  await expect(learner.getByRole("timer")).toHaveText(/^(10:00|9:5\d)$/);
  await expect(learner.getByRole("radio", { name: "IGBT" })).not.toBeChecked();
  await theirs.close();

  await page.reload();
  await expect(page.getByRole("region", { name: "Timed blocks" }).getByRole("row").filter({ hasText: "Switching Devices Quiz" })).toContainText("2 of 2");
});
