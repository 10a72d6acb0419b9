import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { shoot, snap } from "./support/shots";
import { signIn } from "./support/sign-in";

/*
 * The studio's enrollment page as the demo administrator uses it (docs/enrollment.md): a whole batch
 * is enrolled in a paid course and one of its members, signing in through the e-mailed link, finds it
 * open; a learner's "I want to buy this course" reaches the page and a grant opens the course for them.
 */
const ADMIN = "admin@demo.test";
const MEMBER = "employee@demo.test"; // Basic plan, in the Embedded Systems evening batch
const BUYER = "grader@demo.test"; // Basic plan, no batch
const CAD = "CAD Fundamentals with SolidWorks";
const CAD_VIDEO = "/learn/video/cad-fundamentals-solidworks/getting-started/interface-navigation/tour-of-the-interface";
const POWER = "Power Electronics Essentials";
const POWER_VIDEO = "/learn/video/power-electronics-essentials/switching-fundamentals/mosfets-igbts/choosing-a-switch";

const card = (page: Page, name: string) => page.getByRole("article", { name });

test("an administrator enrolls a batch in a paid course; a member of the batch then finds it open", async ({ browser, page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Enrollment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enrollment" })).toBeVisible();
  await expectAccessible(page, "the enrollment page");
  await shoot(page, "studio-enrollment", () => expect(page.getByRole("heading", { name: "Purchase requests" })).toBeVisible());

  const enroll = page.getByRole("form", { name: "Enroll" });
  await enroll.getByRole("radio", { name: "Every member of a batch" }).check();
  await enroll.getByRole("combobox", { name: "Batch" }).selectOption("embedded-2024-scheduled");
  await enroll.getByRole("radio", { name: "A course" }).check();
  const cadValue = await enroll.getByRole("combobox", { name: "Course" }).locator("option", { hasText: CAD }).getAttribute("value");
  await enroll.getByRole("combobox", { name: "Course" }).selectOption(cadValue!);
  await enroll.getByRole("button", { name: "Enroll", exact: true }).click();
  await expect(enroll.getByRole("status")).toContainText(`Enrolled the 2 members of batch embedded-2024-scheduled in “${CAD}”`);

  // The same again changes nothing.
  await enroll.getByRole("button", { name: "Enroll", exact: true }).click();
  await expect(enroll.getByRole("status")).toContainText("0 new enrollments, 2 already enrolled");

  // The member (on the Basic plan, CAD is a premium course sold alone) signs in and finds it open.
  const theirs = await browser.newContext();
  const member = await theirs.newPage();
  await signIn(member, MEMBER);
  await member.goto("/courses");
  const cad = card(member, CAD);
  await expect(cad.getByRole("link", { name: new RegExp(`^(Start|Continue) ${CAD}`) })).toBeVisible();
  await expect(cad.getByText("ask your company admin")).toHaveCount(0);
  await member.goto(CAD_VIDEO);
  await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(member.getByRole("region", { name: "Locked video" })).toHaveCount(0);
  await theirs.close();
});

test("a learner's purchase request reaches the studio, and a grant opens the course for them", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const theirs = await browser.newContext();
  const buyer = await theirs.newPage();
  await signIn(buyer, BUYER);
  await buyer.goto(CAD_VIDEO);
  const locked = buyer.getByRole("region", { name: "Locked video" });
  await expect(locked.getByText("Paid course (₹4,999): ask your company admin.")).toBeVisible();
  await locked.getByRole("button", { name: "I want to buy this course" }).click();
  await expect(locked.getByTestId("purchase-request")).toContainText("We will contact you");

  await signIn(page, ADMIN);
  await page.goto("/studio/enrollment");
  const request = page.getByRole("list", { name: "Purchase requests" }).getByRole("listitem").filter({ hasText: BUYER }).filter({ hasText: CAD });
  await expect(request).toContainText("Open");
  await expect(request).toContainText("₹4,999");
  await request.getByRole("button", { name: "Grant" }).click();
  await expect(request).toContainText("Granted by");
  await expect(request.getByRole("button", { name: "Grant" })).toHaveCount(0);
  await expectAccessible(page, "the purchase requests");
  await snap(page, "studio-enrollment-requests");

  await buyer.reload();
  await expect(buyer.getByRole("region", { name: "Locked video" })).toHaveCount(0);

  // A declined request is told to the learner, with the note, and they may ask again.
  await buyer.goto(POWER_VIDEO);
  const lockedPower = buyer.getByRole("region", { name: "Locked video" });
  await lockedPower.getByRole("button", { name: "I want to buy this course" }).click();
  await expect(lockedPower.getByTestId("purchase-request")).toContainText("We will contact you");
  await page.reload();
  const powerRequest = page.getByRole("list", { name: "Purchase requests" }).getByRole("listitem").filter({ hasText: BUYER }).filter({ hasText: POWER });
  await powerRequest.getByRole("button", { name: "Decline" }).click();
  await powerRequest.getByRole("textbox", { name: "Note to the learner (optional)" }).fill("Not in this quarter's budget.");
  await powerRequest.getByRole("button", { name: "Confirm decline" }).click();
  await expect(powerRequest).toContainText("Declined");
  await buyer.reload();
  await expect(lockedPower.getByTestId("purchase-request")).toContainText(/was declined on .*: “Not in this quarter's budget.”/);
  await expect(lockedPower.getByRole("button", { name: "Ask again" })).toBeVisible();
  await theirs.close();
});

test("a person's page lists their enrollments with Move to version, at 375 px in dark mode", async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signIn(page, ADMIN);
  const found = await page.request.get("/api/studio/people", { params: { search: MEMBER }, headers: { authorization: `Bearer ${token}` } });
  const { people } = (await found.json()) as { people: { id: string }[] };
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/studio/people/${people[0]!.id}`);
  const enrollments = page.getByRole("list", { name: "Enrollments" });
  await expect(enrollments.getByRole("listitem").filter({ hasText: CAD })).toContainText("through batch embedded-2024-scheduled");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page, "a person's enrollments at 375 px, dark");
  await shoot(page, "studio-person-enrollments", () => expect(page.getByRole("list", { name: "Enrollments" })).toBeVisible());
});
