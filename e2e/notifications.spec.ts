import { expect, test } from "@playwright/test";
import { mailsMatching } from "./support/mailbox";
import { signIn } from "./support/sign-in";

const EMPLOYEE = "employee@demo.test";

/**
 * The demo employee's essay waits for a grader (demo activity). Once it is graded the employee is
 * e-mailed the marks; the e-mail's link turns these e-mails off without signing in, and the user
 * menu's page shows it and turns kinds back on.
 */
test("a graded essay is e-mailed once; its link turns these e-mails off, and the user menu's page turns them on again", async ({ page, browser, request }) => {
  // The grader marks the essay through the API (a rerun corrects it; the e-mail still goes once).
  const graderToken = await signIn(page, "grader@demo.test");
  const auth = { authorization: `Bearer ${graderToken}` };
  const list = await (await request.get("/api/course/course/submission", { headers: auth, params: { assignment: "all", pageSize: "50" } })).json();
  const item = list.results.find((r: { learnerName?: string; userName?: string; name?: string }) => JSON.stringify(r).includes("Vikram Iyer"));
  expect(item, JSON.stringify(list).slice(0, 500)).toBeDefined();
  const submissionId = item.submissionId ?? item.id;
  const details = await (await request.get("/api/course/course/submission/details", { headers: auth, params: { submissionId } })).json();
  const criteria = details.criteria.map((c: { criterionId?: string; id?: string; marks: number }) => ({ criterionId: c.criterionId ?? c.id, givenMarks: Math.min(4, c.marks) }));
  const saved = await request.post("/api/course/course/submission/evaluate", { headers: auth, data: { submissionId, criteria } });
  expect(saved.status(), await saved.text()).toBe(200);

  // The employee's profile says Tamil, so the e-mail is in Tamil: it is found by its link to the essay.
  const graded = /List-Unsubscribe:[\s\S]*\/learn\/essayBlock\//;
  await expect.poll(() => mailsMatching(EMPLOYEE, graded).length, { timeout: 20_000 }).toBe(1);
  const [mail] = mailsMatching(EMPLOYEE, graded);
  expect(mail).toMatch(/List-Unsubscribe:\s+<https?:\/\/[^>]+\/api\/user\/notifications\/unsubscribe\?token=/);
  expect(mail).toContain('<html lang="ta">');
  expect(mail).toContain("Traffic Light Controller Firmware");
  const pageLink = /https?:\/\/\S+?\/unsubscribe#token=[A-Za-z0-9_-]+/.exec(mail!)![0];

  // Opened with no session: nothing changes until the button is pressed.
  const visitor = await browser.newContext();
  const outside = await visitor.newPage();
  await outside.goto(pageLink);
  await expect(outside.getByRole("heading", { name: "Stop these e-mails?" })).toBeVisible();
  await outside.getByRole("button", { name: "Turn these e-mails off" }).click();
  await expect(outside.getByRole("status")).toContainText("no longer get an e-mail when an essay of yours is graded");
  await visitor.close();

  await signIn(page, EMPLOYEE);
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("link", { name: "E-mail notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mail notifications" })).toBeVisible();
  const essays = page.getByRole("checkbox", { name: /Essay results/ });
  const sessions = page.getByRole("checkbox", { name: /Group session reminders/ });
  await expect(essays).not.toBeChecked();
  await expect(sessions).toBeChecked();

  await essays.check();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await sessions.uncheck();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(essays).toBeChecked();
  await expect(sessions).not.toBeChecked();
  await sessions.check();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
});

test("an unsubscribe address without its token says so", async ({ page }) => {
  await page.goto("/unsubscribe");
  await expect(page.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
});
