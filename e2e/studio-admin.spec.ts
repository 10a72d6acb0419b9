import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's job queue and audit log as the demo administrator uses them (docs/jobs.md,
 * docs/people.md): a change to a person is in the log with its before and after, the log filters by
 * person and kind, and the e-mail jobs name whom they write to.
 */
const ADMIN = "admin@demo.test";

test("a change to a person shows in the audit log, filtered to them, with its before and after", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, ADMIN);
  const email = `audited.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/studio/people", { data: { email, name: "Audrey Tedd", plan: "Basic", invite: false }, headers: { authorization: `Bearer ${token}` } });
  expect(created.status()).toBe(201);
  const { person } = (await created.json()) as { person: { id: string } };

  await page.goto(`/studio/people/${person.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Audrey Tedd" })).toBeVisible();
  await page.getByLabel("Plan").selectOption("Premium");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("region", { name: "Changes" })).toContainText("Changed plan");

  await page.getByRole("link", { name: "All changes in the audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("list", { name: "People filters" })).toContainText(`Changes to Audrey Tedd <${email}>`);
  const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  const update = entries.filter({ hasText: "person.update" });
  await expect(update).toContainText("by Arjun Mehta");
  await update.getByText("Before and after").click();
  await expect(update.getByRole("row", { name: /plan/ })).toContainText("Basic");
  await expect(update.getByRole("row", { name: /plan/ })).toContainText("Premium");
  await expectAccessible(page, "the audit log, one person's changes");

  // The kind narrows it to the one entry; removing the person filter widens it to every update.
  await page.getByLabel("Kind").fill("person.create");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Audrey Tedd");
  await page.getByRole("button", { name: /Remove the filter: Changes to/ }).click();
  await page.getByLabel("Kind").fill("person.update");
  await expect(entries.first()).toContainText("person.update");
  await expect(page.getByRole("list", { name: "People filters" })).toHaveCount(0);
  await shoot(page, "studio-audit", () => expect(page.getByRole("list", { name: "Audit entries" })).toBeVisible());
});

test("the job queue lists each e-mail with its recipient and state; the page works at 375 px in dark mode", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Jobs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const jobs = page.getByRole("list", { name: "Jobs" }).getByRole("listitem");
  // The administrator's own sign-in link went out through the mail queue.
  const own = jobs.filter({ hasText: `Sign-in link to` }).filter({ hasText: ADMIN }).first();
  await expect(own).toContainText("Done");
  await page.getByLabel(/^State/).selectOption("failed");
  await expect(page.getByText("No jobs match.")).toBeVisible();
  await page.getByLabel(/^State/).selectOption("");
  await expectAccessible(page, "the job queue");

  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(own).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, "the job queue at 375 px, dark");
  await shoot(page, "studio-jobs", () => expect(page.getByRole("list", { name: "Jobs" })).toBeVisible());
});

test("a learner who opens the job queue or the audit log is sent back to the studio's door", async ({ page }) => {
  await signIn(page, "learner@demo.test");
  for (const path of ["/studio/jobs", "/studio/audit"]) {
    await page.goto(path);
    await expect(page).not.toHaveURL(new RegExp(`${path}$`));
  }
});

test("an administrator exports a person's data and deletes them on request; a learner downloads their own data", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, ADMIN);
  const email = `leaving.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/studio/people", { data: { email, name: "Dee Leat", invite: false }, headers: { authorization: `Bearer ${token}` } });
  const { person } = (await created.json()) as { person: { id: string } };

  await page.goto(`/studio/people/${person.id}`);
  const data = page.getByRole("region", { name: "Personal data" });
  const [download] = await Promise.all([page.waitForEvent("download"), data.getByRole("button", { name: "Export data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const { readFileSync } = await import("node:fs");
  expect(readFileSync((await download.path())!).subarray(0, 2).toString()).toBe("PK");

  await data.getByRole("button", { name: "Delete person…" }).click();
  const confirm = page.getByRole("form", { name: "Delete this person" });
  await expect(confirm.getByRole("button", { name: "Delete for good" })).toBeDisabled();
  await confirm.getByLabel("E-mail to confirm").fill(email);
  await expectAccessible(page, "a person's page, confirming a deletion");
  await confirm.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/studio\/people$/);
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await expect(page.getByText("No one matches.")).toBeVisible();
  await page.goto(`/studio/audit?target=${person.id}`);
  await expect(page.getByRole("list", { name: "Audit entries" })).toContainText("Deleted a person on request");
  await expect(page.getByRole("list", { name: "Audit entries" })).not.toContainText(email);

  const learner = await browser.newPage();
  await signIn(learner, "learner@demo.test");
  await learner.goto("/dashboard");
  await learner.getByRole("button", { name: /Account menu/ }).click();
  const [own] = await Promise.all([learner.waitForEvent("download"), learner.getByRole("button", { name: "Download my data" }).click()]);
  expect(own.suggestedFilename()).toMatch(/^personal-data-.*\.zip$/);
  await learner.close();
});

test("an administrator records a learner's career services, and the learner's page shows them", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, ADMIN);
  const email = `career.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/studio/people", { data: { email, name: "Kiran Rao", invite: false }, headers: { authorization: `Bearer ${token}` } });
  const { person } = (await created.json()) as { person: { id: string } };

  await page.goto(`/studio/people/${person.id}`);
  const form = page.getByRole("form", { name: "Career services" });
  await form.getByLabel("Has career services").check();
  await form.getByRole("button", { name: "Add an attempt" }).click();
  await form.getByLabel("Result").selectOption("pass");
  await form.getByLabel("Mock interviews granted").fill("2");
  await form.getByRole("button", { name: "Add an offer" }).click();
  await form.getByLabel("Company").fill("Larsen & Toubro");
  await form.getByLabel("Role", { exact: true }).fill("Design Engineer");
  await expectAccessible(page, "a person's career services");
  await form.getByRole("button", { name: "Save career services" }).click();
  await expect(page.getByText("Career services saved").first()).toBeVisible();
  await snap(page, "studio-person-career-services");

  const theirs = await browser.newPage();
  await signIn(theirs, email);
  await theirs.goto("/career-services");
  await expect(theirs.getByTestId("career-mock-interviews")).toHaveText("2");
  await expect(theirs.getByTestId("career-offers-received")).toHaveText("1");
  await expect(theirs.getByText("Design Engineer")).toBeVisible();
  await expect(theirs.getByText("your career-services team books each one with you")).toBeVisible();
  await theirs.close();
});

test("the audit log shows each studio write made for a person: import, enrollment, a timed-block grant, deactivation", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, ADMIN);
  const auth = { authorization: `Bearer ${token}` };
  const email = `walk8.${Date.now().toString(36)}@example.com`;

  // The writes the other walks make through their pages, made here through the same calls.
  const form = { file: { name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(`email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry\r\n${email},Wally Eight,,,,,,\r\n`) }, dryRun: "false" };
  expect((await page.request.post("/api/studio/people/import", { multipart: form, headers: auth })).status()).toBe(200);
  const listed = (await (await page.request.get(`/api/studio/people?search=${encodeURIComponent(email)}`, { headers: auth })).json()) as { people: { id: string }[] };
  const id = listed.people[0]!.id;
  const choices = (await (await page.request.get("/api/studio/enrollment/choices", { headers: auth })).json()) as { courses: { id: string; name: string }[] };
  const course = choices.courses.find((c) => /python/i.test(c.name)) ?? choices.courses[0]!;
  expect((await page.request.post("/api/studio/enrollments", { data: { people: [id], course: course.id }, headers: auth })).status()).toBe(200);
  const blocks = (await (await page.request.get(`/api/studio/person/timed-blocks?id=${id}`, { headers: auth })).json()) as { blocks: { blockId: string }[] };
  const grant = await page.request.post("/api/studio/person/timed-block-grant", { data: { id, blockId: blocks.blocks[0]!.blockId, extraMinutes: 10, reason: "Slow connection at the test centre" }, headers: auth });
  expect(grant.status()).toBe(200);
  expect((await page.request.patch("/api/studio/person", { data: { id, status: "deactivated" }, headers: auth })).status()).toBe(200);

  await page.goto(`/studio/people/${id}`);
  await page.getByRole("link", { name: "All changes in the audit log" }).click();
  const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
  for (const kind of ["person.import", "enrollment.create", "person.grant", "person.deactivate"]) {
    await expect(entries.filter({ hasText: kind }), kind).toHaveCount(1);
  }
  const granted = entries.filter({ hasText: "person.grant" });
  await expect(granted).toContainText("by Arjun Mehta");
  await granted.getByText("Before and after").click();
  await expect(granted.getByRole("table")).toContainText("Slow connection at the test centre");
});
