import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's batch pages as the demo administrator uses them (docs/batches.md): a new batch of a
 * program, two people added from the search and one from a CSV file of e-mails (its check names an
 * unknown e-mail by its line first), all three listed as members; one removed.
 */
const ADMIN = "admin@demo.test";

test("an administrator makes a batch, adds two people from the search and one from a CSV file, and sees them listed", async ({ page }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, ADMIN);
  const stamp = Date.now().toString(36);
  const people = ["asha", "bala", "chitra"].map((n) => ({ email: `${n}.${stamp}@example.com`, name: `${n[0]!.toUpperCase()}${n.slice(1)} ${stamp}` }));
  for (const p of people) {
    const made = await page.request.post("/api/studio/people", { data: { ...p, invite: false }, headers: { authorization: `Bearer ${token}` } });
    expect(made.status()).toBe(201);
  }

  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Batches" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Batches" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Batches" })).toBeVisible();
  await expectAccessible(page, "the batches list");
  await shoot(page, "studio-batches", () => expect(page.getByRole("list", { name: "Batches" })).toBeVisible());

  await page.getByRole("button", { name: "New batch" }).click();
  const form = page.getByRole("form", { name: "New batch" });
  await form.getByLabel("Key", { exact: true }).fill(`cohort-${stamp}`);
  await form.getByLabel("Name", { exact: true }).fill(`Cohort ${stamp}`);
  const program = form.getByLabel("Program");
  await expect(program.locator("option")).not.toHaveCount(1);
  await program.selectOption({ index: 1 });
  await form.getByLabel("Enrollment").selectOption("Customer (Scheduled and Optional)");
  await form.getByLabel("Starts (empty: not set)").fill("2027-01-04");
  await form.getByLabel("Access ends (last day; empty: never)").fill("2027-06-30");
  await form.getByLabel("Members may mark videos complete by hand").check();
  await expectAccessible(page, "the new-batch form");
  await form.getByRole("button", { name: "Make the batch" }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Cohort ${stamp}` })).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/batches\/[0-9a-f-]{36}$/);
  const settings = page.getByRole("form", { name: "Batch settings" });
  await expect(settings.getByLabel("Starts (empty: not set)")).toHaveValue("2027-01-04");
  await expect(settings.getByLabel("Access ends (last day; empty: never)")).toHaveValue("2027-06-30");
  await expect(settings.getByLabel("Members may mark videos complete by hand")).toBeChecked();

  // Two people from the search.
  await page.getByRole("searchbox", { name: "Find people" }).fill(stamp);
  const found = page.getByRole("list", { name: "People found" });
  await expect(found.getByRole("listitem")).toHaveCount(3);
  await found.getByRole("checkbox", { name: new RegExp(people[0]!.email) }).check();
  await found.getByRole("checkbox", { name: new RegExp(people[1]!.email) }).check();
  await page.getByRole("button", { name: "Add 2 people" }).click();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: "Members (2)" })).toBeVisible();

  // A CSV file: an unknown e-mail is named by its line and nobody is added; the fixed file adds the third.
  const csvInput = page.getByLabel("CSV file", { exact: true });
  await csvInput.setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(`email\r\n${people[2]!.email}\r\nnobody.${stamp}@example.com\r\n`) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: `no one has the e-mail nobody.${stamp}@example.com` })).toContainText("3");
  await expect(page.getByRole("button", { name: "Add members" })).toBeDisabled();
  await expectAccessible(page, "the CSV check's problems");
  await snap(page, "studio-batch-csv-problems");
  await csvInput.setInputFiles({ name: "members.csv", mimeType: "text/csv", buffer: Buffer.from(`email\r\n${people[2]!.email}\r\n`) });
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("The file is good: 1 person would be added.")).toBeVisible();
  await page.getByRole("button", { name: "Add members" }).click();
  await expect(page.getByText("Added 1 person.")).toBeVisible();

  await expect(members.getByRole("listitem")).toHaveCount(3);
  for (const p of people) await expect(members).toContainText(p.email);
  await expect(page.getByRole("heading", { name: "Members (3)" })).toBeVisible();
  await expectAccessible(page, "a batch with its members");
  await shoot(page, "studio-batch", () => expect(page.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(3));

  // Finding one member among them.
  await page.getByRole("searchbox", { name: "Find a member" }).fill(people[2]!.name);
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(members).toContainText(people[2]!.email);
  await page.getByRole("searchbox", { name: "Find a member" }).fill("");
  await expect(members.getByRole("listitem")).toHaveCount(3);

  // A batch in use is not deleted: the reason is shown and the batch stays.
  await page.getByRole("button", { name: "Delete batch" }).click();
  await page.getByRole("button", { name: `Delete cohort-${stamp}` }).click();
  await expect(page.getByRole("region", { name: "Delete the batch" }).getByRole("alert")).toContainText("is in use (3 members");
  await expect(members.getByRole("listitem")).toHaveCount(3);

  // Removing one: the list and the count follow.
  await page.getByRole("button", { name: `Remove ${people[1]!.email} from the batch` }).click();
  await expect(members.getByRole("listitem")).toHaveCount(2);
  await expect(members).not.toContainText(people[1]!.email);

  await page.getByRole("link", { name: "← All batches" }).click();
  await expect(page.getByRole("list", { name: "Batches" }).getByRole("listitem").filter({ hasText: `cohort-${stamp}` })).toContainText("2 members");

  // A batch made by mistake, never used, is deleted and leaves the list.
  await page.getByRole("button", { name: "New batch" }).click();
  const mistake = page.getByRole("form", { name: "New batch" });
  await mistake.getByLabel("Key", { exact: true }).fill(`mistake-${stamp}`);
  await mistake.getByLabel("Name", { exact: true }).fill(`Mistake ${stamp}`);
  await mistake.getByLabel("Program").selectOption({ index: 1 });
  await mistake.getByRole("button", { name: "Make the batch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Mistake ${stamp}` })).toBeVisible();
  await page.getByRole("button", { name: "Delete batch" }).click();
  await page.getByRole("button", { name: `Delete mistake-${stamp}` }).click();
  await expect(page).toHaveURL(/\/studio\/batches$/);
  await expect(page.getByRole("list", { name: "Batches" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Batches" })).not.toContainText(`mistake-${stamp}`);
});
