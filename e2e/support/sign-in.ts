import { expect, type Page } from "@playwright/test";
import { LANGUAGE_COOKIE, type Locale } from "../../lib/i18n/languages";
import { mailCount, waitForSignInLink } from "./mailbox";

export const LEARNER = "learner@demo.test";
/** The session cookie's name when the app runs with APP_ENV=dev, as the browser tests start it. */
export const SESSION_COOKIE = "devuserTokenSklGrow";

/** Asks for a sign-in link on the home page and waits for the on-screen confirmation. */
export async function askForLink(page: Page, email: string) {
  // The form is found by its English words: the language a previous user of this browser chose (or
  // their profile's, kept since they signed in) is forgotten, as on a browser that never signed in.
  await page.context().clearCookies({ name: "language" });
  await page.goto("/");
  // Someone already signed in is offered the dashboard first; the form is one click away.
  const otherAccount = page.getByRole("button", { name: "Sign in with another e-mail" });
  if (await otherAccount.isVisible()) await otherAccount.click();
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "a sign-in link is on its way" })).toBeVisible();
}

/**
 * Signs `email` in through the e-mailed link, waits for the dashboard, and returns the session token.
 * Signing in brings the profile's language (docs/languages.md); a test that reads the pages' English
 * words (the default) then chooses English on this browser, as the user menu would, without changing
 * the profile; `language: "profile"` keeps the profile's.
 */
export async function signIn(page: Page, email: string, { language = "en" }: { language?: Locale | "profile" } = {}): Promise<string> {
  const seen = mailCount(email);
  await askForLink(page, email);
  await page.goto(await waitForSignInLink(email, seen));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("signed-in-email")).toHaveText(email);
  const cookies = await page.context().cookies();
  const shown = cookies.find((c) => c.name === LANGUAGE_COOKIE)?.value ?? "en";
  if (language !== "profile" && shown !== language) {
    const { protocol, host } = new URL(page.url());
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: `${protocol}//${host}/` }]);
    await page.reload();
    await expect(page.getByTestId("signed-in-email")).toHaveText(email);
  }
  const cookie = cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, `the ${SESSION_COOKIE} cookie after signing in`).toBeDefined();
  return cookie!.value;
}

/** Logs out through the account menu of the signed-in header. */
export async function logOut(page: Page) {
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("button", { name: "Log out" }).click();
}
