import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { allRecipients, mailCount, mailsStillRefused, refuseNextMails } from "./support/mailbox";
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's people pages as the demo administrator uses them (docs/people.md): a CSV file's dry
 * run names its bad rows, the fixed file imports and each new person gets one invitation e-mail,
 * and deactivating a person ends their session.
 */
const ADMIN = "admin@demo.test";
const HEADER = "email,name,userKind,plan,batch,role,preferredLanguage,accessExpiry";

test("a dry run names the bad rows; the fixed file imports and each new person is e-mailed one invitation", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const stamp = Date.now().toString(36);
  const first = `ana.${stamp}@example.com`;
  const second = `ben.${stamp}@example.com`;

  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(page.getByRole("list", { name: "People" })).toContainText(ADMIN);
  await expectAccessible(page, "the people list");
  await shoot(page, "studio-people", () => expect(page.getByRole("list", { name: "People" })).toContainText(ADMIN));

  await page.getByRole("button", { name: "Import CSV" }).click();
  const bad = [HEADER, `${first},"Silva, Ana",Customer,Premium,,learner,English,`, `${second},Ben,Robot,Basic,,learner,English,`, `${first},Ana Again,,,,,,`].join("\r\n");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("table");
  await expect(problems.getByRole("row").filter({ hasText: 'userKind "Robot" is not one of Customer, Employee' })).toContainText("3");
  await expect(problems.getByRole("row").filter({ hasText: "is already on line 2" })).toContainText("4");
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await expectAccessible(page, "the dry run's problems");
  await snap(page, "studio-people-dry-run");

  const fixed = [HEADER, `${first},"Silva, Ana",Customer,Premium,,learner,English,`, `${second},Ben,Employee,Basic,,learner,Tamil,`].join("\r\n");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(fixed) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("The file is good: 2 people would be added and invited.")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported: 2 people added, 2 invitations queued.")).toBeVisible();

  for (const email of [first, second]) await expect.poll(() => mailCount(email), { timeout: 20_000 }).toBe(1);
  // The list reads each invitation's state when it loads: once the mail server has both, both say so.
  await expect(async () => {
    await page.reload();
    await page.getByRole("searchbox", { name: "Search" }).fill(stamp);
    const rows = page.getByRole("list", { name: "People" }).getByRole("listitem");
    await expect(rows).toHaveCount(2, { timeout: 3000 });
    for (const row of await rows.all()) await expect(row).toContainText("Invitation sent", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // Once each: nothing more arrives later.
  await page.waitForTimeout(3000);
  for (const email of [first, second]) expect(mailCount(email)).toBe(1);
});

test("a fixed file of 200 people imports, and each is e-mailed one invitation though the mail server refuses its first messages", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const stamp = `b${Date.now().toString(36)}`;
  const emails = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, "0")}.${stamp}@example.com`);
  const rows = emails.map((email, i) => `${email},Person ${i} ${stamp},Customer,Basic,,learner,English,`);
  await page.goto("/studio/people");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const file = page.getByLabel("CSV file", { exact: true });
  const bad = [HEADER, ...rows.slice(0, 150), `not-an-email.${stamp},Nobody,Customer,Basic,,learner,English,`, ...rows.slice(150)].join("\r\n");
  await file.setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: `not-an-email.${stamp}` })).toContainText("152");
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();

  await file.setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from([HEADER, ...rows].join("\r\n")) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("The file is good: 200 people would be added and invited.")).toBeVisible();
  // The mail server is busy: it turns away the first messages with a temporary failure.
  refuseNextMails(5);
  const started = Date.now();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText("Imported: 200 people added, 200 invitations queued.")).toBeVisible();

  const mine = () => allRecipients().filter((to) => to.endsWith(`.${stamp}@example.com`));
  await expect.poll(() => new Set(mine()).size, { timeout: 60_000, intervals: [500] }).toBe(200);
  expect(mailsStillRefused(), "the server refused its first messages").toBe(0);
  console.log(`200 invitations arrived ${((Date.now() - started) / 1000).toFixed(1)} s after the import`);
  // Every person's page of the list says sent.
  await expect(async () => {
    await page.reload();
    await page.getByRole("searchbox", { name: "Search" }).fill(stamp);
    const items = page.getByRole("list", { name: "People" }).getByRole("listitem");
    await expect(items.first()).toContainText(stamp, { timeout: 5000 });
    while (await page.getByRole("button", { name: "Load more" }).isVisible()) {
      const before = await items.count();
      await page.getByRole("button", { name: "Load more" }).click();
      await expect.poll(() => items.count(), { timeout: 5000 }).toBeGreaterThan(before);
    }
    await expect(items).toHaveCount(200, { timeout: 1000 });
    await expect(items.filter({ hasText: "Invitation sent" })).toHaveCount(200, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // Each once, the refused ones included: nothing more arrives later.
  await page.waitForTimeout(3000);
  const received = mine();
  expect(received).toHaveLength(200);
  expect(new Set(received)).toEqual(new Set(emails));
});

test("deactivating a person ends their session at once; the page works at 375 px in dark mode", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const adminToken = await signIn(page, ADMIN);
  const email = `leaver.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post("/api/studio/people", { data: { email, name: "Lee Ver", invite: false }, headers: { authorization: `Bearer ${adminToken}` } });
  expect(created.status()).toBe(201);
  const { person } = (await created.json()) as { person: { id: string } };

  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const token = await signIn(theirPage, email);
  expect((await theirPage.request.get("/api/user/info", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  // They are on their dashboard when it happens.
  await theirPage.goto("/dashboard");
  await expect(theirPage.getByTestId("signed-in-email")).toHaveText(email);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/studio/people/${person.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Lee Ver" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, "a person's page at 375 px, dark");
  await shoot(page, "studio-person", () => expect(page.getByRole("heading", { level: 1, name: "Lee Ver" })).toBeVisible());
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByText("Deactivated", { exact: true })).toBeVisible();

  expect((await theirPage.request.get("/api/user/info", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  // Their next step in the app finds the session ended: a move within the page says so where the data
  // would be, and the next page load signs them out and says so on the sign-in page.
  await theirPage.getByRole("link", { name: "Courses", exact: true }).first().click();
  await expect(theirPage.getByRole("alert").filter({ hasText: "Your session has ended. Please sign in again." })).toBeVisible();
  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/\?ua=true$/);
  await expect(theirPage.getByText("You were signed out. Sign in again to continue.")).toBeVisible();
  await expect(theirPage.getByTestId("signed-in-email")).toHaveCount(0);
  await theirPage.goto("/dashboard");
  await expect(theirPage).not.toHaveURL(/\/dashboard$/);
  await theirs.close();
});
