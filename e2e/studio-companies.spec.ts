import { expect, test, type Page } from "@playwright/test";
import { tinyPng } from "../tests/support/png";
import { expectAccessible } from "./support/axe";
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's company pages as the demo administrator uses them (docs/companies.md): a new company
 * with a wildcard host pattern, an uploaded logo and login background, and the live preview of its
 * sign-in page; then a visit to a host the pattern matches shows that logo and background, and a new
 * logo saved in the studio shows on the next visit, without a restart. A company people belong to is
 * refused deletion with the reason; the new one, nobody's, is deleted and its host loses the brand.
 */
const ADMIN = "admin@demo.test";
const port = Number(process.env.E2E_PORT);

const png = (name: string, rgb: [number, number, number], width = 120, height = 40) => ({ name, mimeType: "image/png", buffer: tinyPng(width, height, rgb) });

/** Chooses a file in an image field of the form and waits for the upload to be stored. */
async function uploadImage(scope: ReturnType<Page["getByRole"]>, label: string, file: ReturnType<typeof png>) {
  const field = scope.getByRole("group", { name: label, exact: true });
  await field.getByLabel(`Upload the ${label.toLowerCase()}`).setInputFiles(file);
  await expect(field.getByRole("status")).toHaveText(`${file.name} uploaded.`);
  return field;
}

test("an administrator makes a company with a host pattern, a logo and a background, previews it, and its host shows them", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const token = await signIn(page, ADMIN);
  const stamp = Date.now().toString(36);
  const pattern = `*.acme-${stamp}.localhost`;
  const host = `learn.acme-${stamp}.localhost`;
  const name = `Acme ${stamp}`;

  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Companies" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Companies" })).toBeVisible();
  await expectAccessible(page, "the companies list");
  await shoot(page, "studio-companies", () => expect(page.getByRole("list", { name: "Companies" })).toBeVisible());

  await page.getByRole("button", { name: "New company" }).click();
  const form = page.getByRole("form", { name: "New company" });
  await form.getByLabel("Key", { exact: true }).fill(`acme-${stamp}`);
  await form.getByLabel("Name", { exact: true }).fill(name);

  // A pattern with a scheme is named as wrong while it is typed, and the form cannot be sent.
  await form.getByLabel("Host pattern").fill(`https://${host}`);
  await expect(form.getByText(/must be a host name without a scheme/)).toBeVisible();
  await form.getByLabel("Host pattern").fill(pattern);
  await expect(form.getByText(/must be a host name without a scheme/)).toHaveCount(0);

  // An SVG is refused by the upload field before a byte is sent.
  await form.getByLabel("Upload the logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(form.getByRole("group", { name: "Logo", exact: true }).getByRole("alert")).toContainText(".svg");

  await uploadImage(form, "Logo", png("acme-logo.png", [220, 38, 38]));
  await uploadImage(form, "Login background", png("acme-background.png", [14, 116, 144], 640, 360));

  // The preview is the sign-in page's own component under the new company's brand, as it is edited.
  const preview = form.getByTestId("sign-in-preview");
  await expect(preview.getByRole("img", { name })).toHaveAttribute("src", /^\/api\/files\/media\/[0-9a-f-]{36}\/original\.png$/);
  await expect(preview.locator("[data-login-background]")).toHaveAttribute("data-login-background", /^\/api\/files\/media\/[0-9a-f-]{36}\/original\.png$/);
  // The sign-in page as the administrator would see it on that host, in the language they use.
  await expect(preview.getByRole("heading", { name: "Learning built for engineering teams" })).toBeVisible();
  await expect(form.getByText(`https://${host}/`)).toBeVisible();
  await expectAccessible(page, "the new-company form");
  await snap(page, "studio-companies-new");
  const logoUrl = await preview.getByRole("img", { name }).getAttribute("src");
  const backgroundUrl = await preview.locator("[data-login-background]").getAttribute("data-login-background");

  await form.getByRole("button", { name: "Make the company" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/companies\/[0-9a-f-]{36}$/);
  const companyUrl = page.url();
  const settings = page.getByRole("form", { name: "Company settings" });
  await expect(settings.getByLabel("Host pattern")).toHaveValue(pattern);
  await expect(settings.getByTestId("sign-in-preview").getByRole("img", { name })).toHaveAttribute("src", logoUrl!);
  await expectAccessible(page, "a company's page");
  await shoot(page, "studio-company", () => expect(page.getByTestId("sign-in-preview").getByRole("img", { name })).toBeVisible());

  // A visitor of a host the pattern matches sees the logo and the background on the sign-in page.
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  const res = await visit.goto(`http://${host}:${port}/`);
  expect(await res!.text()).toContain(`data-login-background="${backgroundUrl}"`);
  const logo = visit.getByRole("img", { name });
  await expect(logo).toHaveAttribute("src", logoUrl!);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(visit.getByRole("textbox", { name: /e-?mail/i })).toBeVisible();
  await shoot(visit, "company-sign-in", () => expect(visit.getByRole("img", { name })).toBeVisible());

  // A new logo saved in the studio shows on the next visit to the host.
  await uploadImage(settings, "Logo", png("acme-logo-2.png", [22, 163, 74]));
  const newLogoUrl = await settings.getByTestId("sign-in-preview").getByRole("img", { name }).getAttribute("src");
  expect(newLogoUrl).not.toBe(logoUrl);
  await expect(settings.getByText("Unsaved changes")).toBeVisible();
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByText("Unsaved changes")).toHaveCount(0);
  await visit.reload();
  await expect(visit.getByRole("img", { name })).toHaveAttribute("src", newLogoUrl!);

  // The product's own host keeps the product's brand.
  await visit.goto(`http://localhost:${port}/`);
  await expect(visit.locator('[data-brand="default"]')).toBeVisible();
  await visitor.close();

  // The writes are in the audit log.
  await page.goto("/studio/audit");
  await expect(page.getByText(`Created the company acme-${stamp} (${name}) for ${pattern}`)).toBeVisible();
  await expect(page.getByText(`Changed logoUrl of the company acme-${stamp}`)).toBeVisible();

  // A company people belong to is not deleted: the reason is shown and it stays.
  const listed = (await (await page.request.get("/api/studio/companies", { headers: { authorization: `Bearer ${token}` } })).json()) as { companies: { id: string; key: string }[] };
  await page.goto(`/studio/companies/${listed.companies.find((c) => c.key === "demo")!.id}`);
  const demoDelete = page.getByRole("region", { name: "Delete the company" });
  await demoDelete.getByRole("button", { name: "Delete company" }).click();
  await demoDelete.getByRole("button", { name: "Delete demo" }).click();
  await expect(demoDelete.getByRole("alert")).toContainText(/The company demo is in use: \d+ people belong to it/);
  await expectAccessible(page, "a company refused deletion");
  await demoDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Demo Engineering Academy" })).toBeVisible();

  // The new company, which nobody belongs to, is deleted after a confirmation: it leaves the list and its host.
  await page.goto(companyUrl);
  const remove = page.getByRole("region", { name: "Delete the company" });
  await remove.getByRole("button", { name: "Delete company" }).click();
  await expect(remove.getByText("This cannot be undone.")).toBeVisible();
  await remove.getByRole("button", { name: `Delete acme-${stamp}` }).click();
  await expect(page).toHaveURL(/\/studio\/companies$/);
  await expect(page.getByRole("list", { name: "Companies" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Companies" }).getByText(name, { exact: true })).toHaveCount(0);
  const after = await browser.newContext();
  const afterVisit = await after.newPage();
  await afterVisit.goto(`http://${host}:${port}/`);
  await expect(afterVisit.locator('[data-brand="default"]')).toBeVisible();
  await after.close();
  await page.goto("/studio/audit");
  await expect(page.getByText(`Deleted the company acme-${stamp}`)).toBeVisible();
});
