import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { mailsMatching } from "./support/mailbox";
import { shoot } from "./support/shots";
import { LEARNER, signIn } from "./support/sign-in";

/*
 * Group sessions in the studio (docs/meetings.md, "In the studio"): the demo administrator makes a
 * session, the demo learner registers on /group-sessions, the administrator moves it by an hour and
 * the learner's mailbox gets an update whose calendar file has SEQUENCE:1 and the new time; then the
 * administrator cancels it and the learner gets a METHOD:CANCEL file, and no longer sees it.
 */
const ADMIN = "admin@demo.test";
const ZONE = "Asia/Kolkata";
const HOUR = 3_600_000;

/** An instant as a datetime-local value on the clocks of `ZONE`. */
function wallTime(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
const utcStamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

/** The calendar file attached to an e-mail, decoded (nodemailer may send it base64 or quoted-printable). */
function calendarOf(raw: string): string {
  const part = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!part) return "";
  const headers = raw.slice(part.index, part.index + part[0].length - part[1]!.length);
  return /Content-Transfer-Encoding: base64/i.test(headers) ? Buffer.from(part[1]!.replace(/\s+/g, ""), "base64").toString("utf8") : part[1]!.replace(/\r?\n /g, "");
}

async function mailCalendar(subject: RegExp): Promise<string> {
  let calendar = "";
  await expect
    .poll(
      () => {
        const [mail] = mailsMatching(LEARNER, subject);
        calendar = mail ? calendarOf(mail) : "";
        return calendar.includes("BEGIN:VCALENDAR");
      },
      { timeout: 30_000, message: `no e-mail ${subject} reached ${LEARNER}` },
    )
    .toBe(true);
  return calendar.replace(/\r\n /g, "");
}

const sessionCard = (page: Page, title: string) => page.getByRole("article", { name: title });

test("an administrator makes a session, a learner registers, a move and a cancel reach the learner's mailbox", async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const title = `Office hours ${stamp}`;
  const start = new Date(Math.ceil((Date.now() + 2 * HOUR) / HOUR) * HOUR);
  const moved = new Date(start.getTime() + HOUR);

  // The administrator makes the session from the studio.
  await signIn(page, ADMIN);
  await page.goto("/studio");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Sessions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
  await page.getByRole("button", { name: "New session" }).click();
  const form = page.getByRole("form", { name: "New session" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description").fill("Questions about the course, answered live.");
  await form.getByLabel("Start").fill(wallTime(start));
  await form.getByLabel("Time zone").selectOption(ZONE);
  await form.getByLabel("Duration (minutes)").fill("45");
  await form.getByLabel("Join link").fill(`https://meet.example.com/${stamp}`);
  await form.getByLabel("Host name").fill("Priya Sharma");
  await form.getByLabel("Host e-mail").fill("priya@example.com");
  await expectAccessible(page, "the new-session form");
  await form.getByRole("button", { name: "Make the session" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/studio\/sessions\/[0-9a-f-]{36}$/);
  const sessionUrl = page.url();
  await expect(page.getByRole("heading", { name: "Registered (0)" })).toBeVisible();

  // The learner registers on their group sessions page.
  await signIn(page, LEARNER);
  await page.goto("/group-sessions");
  await sessionCard(page, title).getByRole("button", { name: /^Register/ }).click();
  await expect(sessionCard(page, title).getByText("Registered", { exact: true })).toBeVisible();

  // The administrator sees them registered, and moves the session by an hour.
  await signIn(page, ADMIN);
  await page.goto("/studio/sessions");
  const upcoming = page.getByRole("list", { name: "Upcoming sessions" });
  await expect(upcoming.getByRole("listitem").filter({ hasText: title })).toContainText("1 registered");
  await expectAccessible(page, "the sessions list");
  await shoot(page, "studio-sessions", () => expect(page.getByRole("list", { name: "Upcoming sessions" })).toBeVisible());
  await page.goto(sessionUrl);
  await expect(page.getByRole("region", { name: "Registered learners" })).toContainText(LEARNER);
  const settings = page.getByRole("form", { name: "Session settings" });
  await expect(settings.getByLabel("Start")).toHaveValue(wallTime(start));
  await settings.getByLabel("Start").fill(wallTime(moved));
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("calendar revision 1").first()).toBeVisible();
  await expectAccessible(page, "a session with a registrant");
  await shoot(page, "studio-session", () => expect(page.getByRole("region", { name: "Registered learners" })).toBeVisible());

  const update = await mailCalendar(new RegExp(`Subject: Changed: ${title}`));
  expect(update).toContain("METHOD:REQUEST");
  expect(update).toContain("SEQUENCE:1");
  expect(update).toContain(`DTSTART:${utcStamp(moved)}`);
  expect(update).toContain(`SUMMARY:Office hours ${stamp}`);

  // Cancelling reaches them too, and the session leaves their page.
  await page.getByRole("button", { name: "Cancel the session…" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await shoot(page, "studio-session-cancelled", () => expect(page.getByText(/^Cancelled on /)).toBeVisible());

  const cancel = await mailCalendar(new RegExp(`Subject: Cancelled: ${title}`));
  expect(cancel).toContain("METHOD:CANCEL");
  expect(cancel).toContain("STATUS:CANCELLED");
  expect(cancel).toContain("SEQUENCE:2");

  await signIn(page, LEARNER);
  await page.goto("/group-sessions");
  await expect(page.getByRole("heading", { level: 1, name: "Group sessions" })).toBeVisible();
  await expect(sessionCard(page, title)).toHaveCount(0);
});
