import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot } from "./support/shots";
import { signIn } from "./support/sign-in";
import { wordsSplitAcrossLines } from "./support/words";

/*
 * The studio's program pages as the demo administrator uses them (docs/programs.md): a new program,
 * three courses added and reordered with the move buttons, the order enforced with a message of the
 * administrator's; then a learner of a batch taking it sees its second course locked with that message,
 * on the program's page and on the course's own learning page. The program, now in use, is refused
 * deletion with the reason; one made by mistake is deleted.
 */
const ADMIN = "admin@demo.test";
const MESSAGE = "Finish the course before this one: it builds on it.";

test("an administrator makes a program of three courses, reorders them and enforces the order; its learner sees the second course locked", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const token = await signIn(page, ADMIN);
  const auth = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);

  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Programs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Programs" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Programs" })).toBeVisible();
  await expectAccessible(page, "the programs list");
  await shoot(page, "studio-programs", () => expect(page.getByRole("list", { name: "Programs" })).toBeVisible());

  // A new program: a taken key is refused under the form, nothing typed is lost.
  await page.getByRole("button", { name: "New program" }).click();
  const form = page.getByRole("form", { name: "New program" });
  const existing = (await (await page.request.get("/api/studio/programs", { headers: auth })).json()) as { programs: { key: string }[] };
  await form.getByLabel("Key", { exact: true }).fill(existing.programs[0]!.key);
  await form.getByLabel("Name", { exact: true }).fill(`Design path ${stamp}`);
  await form.getByLabel("Description").fill("Three courses, one after the other.");
  await form.getByRole("button", { name: "Make the program" }).click();
  await expect(form.getByRole("alert")).toContainText(`A program with the key ${existing.programs[0]!.key} already exists`);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(`Design path ${stamp}`);
  await form.getByLabel("Key", { exact: true }).fill(`design-${stamp}`);
  await expectAccessible(page, "the new-program form");
  await form.getByRole("button", { name: "Make the program" }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Design path ${stamp}` })).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/programs\/[0-9a-f-]{36}$/);
  const programId = page.url().split("/").at(-1)!;

  // Three demo courses, each with videos a learner can open (other specs add courses that have none).
  const settings = page.getByRole("form", { name: "Program settings" });
  const add = settings.getByLabel("Add a course");
  await expect(add.locator("option")).not.toHaveCount(1);
  const names: string[] = [];
  for (const demo of ["CAD Fundamentals with SolidWorks", "Embedded C on Microcontrollers", "Power Electronics Essentials"]) {
    const option = add.locator("option", { hasText: demo }).first();
    names.push(((await option.textContent()) ?? "").replace(/ \(archived\)$/, "").trim());
    await add.selectOption((await option.getAttribute("value"))!);
    await settings.getByRole("button", { name: "Add", exact: true }).click();
  }
  const rows = settings.getByTestId("program-course");
  await expect(rows).toHaveCount(3);

  // Reordered with the keyboard-reachable buttons: the third moves up, to second place.
  await settings.getByRole("button", { name: `Move ${names[2]} up` }).click();
  const order = [names[0]!, names[2]!, names[1]!];
  for (const [i, name] of order.entries()) await expect(rows.nth(i)).toContainText(name);

  await settings.getByLabel("Enforce the order").check();
  await settings.getByLabel("Message on a locked course").fill(MESSAGE);
  await expectAccessible(page, "a program being edited");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByText("Saved", { exact: true })).toBeVisible();

  await page.reload();
  for (const [i, name] of order.entries()) await expect(page.getByTestId("program-course").nth(i)).toContainText(name);
  await expect(page.getByLabel("Enforce the order")).toBeChecked();
  await expect(page.getByLabel("Message on a locked course")).toHaveValue(MESSAGE);
  await shoot(page, "studio-program", () => expect(page.getByTestId("program-course")).toHaveCount(3));

  // A learner of a batch taking the program (made through the API, as the batch pages would).
  const learner = { email: `path.${stamp}@example.com`, name: `Path learner ${stamp}` };
  const person = await page.request.post("/api/studio/people", { data: { ...learner, invite: false }, headers: auth });
  expect(person.status()).toBe(201);
  const learnerId = ((await person.json()) as { person: { id: string } }).person.id;
  const batch = await page.request.post("/api/studio/batches", {
    data: { key: `design-batch-${stamp}`, name: `Design batch ${stamp}`, programId, enrollmentType: "System (Auto enroll)" },
    headers: auth,
  });
  expect(batch.status()).toBe(201);
  const batchId = ((await batch.json()) as { batch: { id: string } }).batch.id;
  expect((await page.request.post("/api/studio/batch/members", { data: { id: batchId, userIds: [learnerId] }, headers: auth })).status()).toBe(200);

  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  await signIn(learnerPage, learner.email);
  await learnerPage.goto(`/learning-paths/a/b/c/d/${programId}`);
  await expect(learnerPage.getByRole("heading", { level: 1, name: `Design path ${stamp}` })).toBeVisible();
  const steps = learnerPage.getByTestId("path-course");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).not.toHaveAttribute("data-locked", "true");
  await expect(steps.nth(0).getByRole("link", { name: order[0]! })).toBeVisible();
  await expect(steps.nth(1)).toHaveAttribute("data-locked", "true");
  await expect(steps.nth(1).getByTestId("path-course-locked")).toHaveText(`Locked: ${MESSAGE}`);
  await expect(steps.nth(1).getByRole("link")).toHaveCount(0);
  await expect(steps.nth(2)).toHaveAttribute("data-locked", "true");
  await expectAccessible(learnerPage, "a program with locked courses");
  await shoot(learnerPage, "learning-path-locked", () => expect(learnerPage.getByTestId("path-course").nth(1)).toHaveAttribute("data-locked", "true"));

  // Reaching the locked course directly, by its address, meets the same message on its learning page.
  const saved = ((await (await page.request.get(`/api/studio/program?id=${programId}`, { headers: auth })).json()) as { program: { courses: { slugId: string }[] } }).program;
  await learnerPage.goto(`/learn/course/${saved.courses[1]!.slugId}`);
  const locked = learnerPage.getByRole("region", { name: "Locked video" });
  await expect(locked).toBeVisible();
  await expect(locked.getByTestId("locked-reason")).toHaveText(MESSAGE);
  await expect(locked.getByRole("button")).toHaveCount(0);
  await expectAccessible(learnerPage, "a course locked by its program's order");
  await context.close();

  // A program in use is not deleted: the reason is shown and it stays.
  await page.goto(`/studio/programs/${programId}`);
  const remove = page.getByRole("region", { name: "Delete the program" });
  await remove.getByRole("button", { name: "Delete program" }).click();
  await remove.getByRole("button", { name: `Delete design-${stamp}` }).click();
  await expect(remove.getByRole("alert")).toHaveText(
    `The program design-${stamp} is in use: 1 learner is enrolled in it, and 1 batch takes it (design-batch-${stamp}). Only a program nobody takes can be deleted.`,
  );
  await expectAccessible(page, "a program refused deletion");

  // One made by mistake is deleted after a confirmation, and leaves the list.
  const mistake = await page.request.post("/api/studio/programs", { data: { key: `mistake-${stamp}`, name: `Mistake ${stamp}` }, headers: auth });
  expect(mistake.status()).toBe(201);
  await page.goto(`/studio/programs/${((await mistake.json()) as { program: { id: string } }).program.id}`);
  const removeMistake = page.getByRole("region", { name: "Delete the program" });
  await removeMistake.getByRole("button", { name: "Delete program" }).click();
  await expect(removeMistake.getByText("This cannot be undone.")).toBeVisible();
  await removeMistake.getByRole("button", { name: `Delete mistake-${stamp}` }).click();
  await expect(page).toHaveURL(/\/studio\/programs$/);
  await expect(page.getByRole("list", { name: "Programs" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Programs" }).getByText(`Mistake ${stamp}`)).toHaveCount(0);
  await page.goto("/studio/audit");
  await expect(page.getByText(`Deleted the program mistake-${stamp}`)).toBeVisible();
});

test("on a phone, in Tamil, the lists of programs and batches break no word that fits its line", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN, { language: "ta" });
  for (const list of ["/studio/programs", "/studio/batches"]) {
    await page.goto(list);
    const main = page.getByRole("main");
    await expect(main.getByRole("listitem").first()).toBeVisible();
    expect(await wordsSplitAcrossLines(main), list).toEqual([]);
  }
});
