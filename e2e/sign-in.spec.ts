import { expect, test } from "@playwright/test";
import { mailCount, waitForSignInLink } from "./support/mailbox";
import { askForLink, LEARNER, logOut } from "./support/sign-in";

test("a learner signs in through the e-mailed link, stays signed in, and logs out", async ({ page }) => {
  const seen = mailCount(LEARNER);
  await askForLink(page, LEARNER);
  const link = await waitForSignInLink(LEARNER, seen);

  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);
  // The token is gone from the address bar and history.
  expect(page.url()).not.toContain("inviteId");

  await page.reload();
  await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);

  // Home, signed in: the way back in, not the e-mail form (one click away for another account).
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back, Asha Raman" })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${LEARNER}.`)).toBeVisible();
  await expect(page.getByLabel("Work e-mail")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Continue learning" })).toHaveAttribute("href", "/learn/resume");
  await page.getByRole("button", { name: "Sign in with another e-mail" }).click();
  await expect(page.getByLabel("Work e-mail")).toBeVisible();
  await page.goto("/");
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByTestId("signed-in-email")).toHaveText(LEARNER);

  // The link cannot be used a second time.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByText("We could not sign you in")).toBeVisible();
  await expect(second.getByText(/expired or was already used/)).toBeVisible();
  await other.close();

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name.endsWith("userTokenSklGrow"))).toBeUndefined();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/\?reason=login-required/);
  await expect(page.getByText("Please log in to view this page.", { exact: true })).toBeVisible();
});

test("a protected page while logged out sends the visitor home with the toast; home alone shows none", async ({ page }) => {
  await page.goto("/courses?tab=all");
  await expect(page).toHaveURL(/\/\?reason=login-required&redirectUrl=%2Fcourses%3Ftab%3Dall/);
  await expect(page.getByText("Please log in to view this page.", { exact: true })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByText("Please log in to view this page.", { exact: true })).toHaveCount(0);
});

test("after signing in from a protected page the learner lands back on it", async ({ page }) => {
  await page.goto("/dashboard?from=mail");
  await expect(page).toHaveURL(/reason=login-required/);
  const seen = mailCount(LEARNER);
  await page.getByLabel("Work e-mail").fill(LEARNER);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.goto(await waitForSignInLink(LEARNER, seen));
  await expect(page).toHaveURL(/\/dashboard\?from=mail$/);
});

test("an unknown e-mail gets the same answer and no e-mail", async ({ page }) => {
  const stranger = "stranger@nowhere.test";
  await askForLink(page, stranger);
  await page.waitForTimeout(1000);
  expect(mailCount(stranger)).toBe(0);
});

test("an invalid e-mail is named before anything is sent", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Work e-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
});

test("a session revoked on the server logs the browser out with ua=true", async ({ page, request }) => {
  const seen = mailCount(LEARNER);
  await askForLink(page, LEARNER);
  await page.goto(await waitForSignInLink(LEARNER, seen));
  await expect(page.getByTestId("signed-in-email")).toBeVisible();
  const token = (await page.context().cookies()).find((c) => c.name.endsWith("userTokenSklGrow"))!.value;
  const out = await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
  expect(out.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/\?ua=true$/);
  await expect(page.getByText("You were signed out.")).toBeVisible();
});
