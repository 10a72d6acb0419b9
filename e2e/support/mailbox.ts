import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

interface StoredMail {
  to: string[];
  raw: string;
}

function readAll(): StoredMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  } catch {
    return [];
  }
  // A message the server is still writing does not parse yet: it is read on the next look.
  return files.flatMap((f) => {
    try {
      return [JSON.parse(readFileSync(path.join(dir, f), "utf8")) as StoredMail];
    } catch {
      return [];
    }
  });
}

export const mailCount = (to: string) => readAll().filter((m) => m.to.includes(to.toLowerCase())).length;

/**
 * Undoes quoted-printable transfer encoding in the body, enough to read a link out of a text part. The
 * message's own headers are left as sent: they are not encoded that way, and a token in a header such as
 * List-Unsubscribe may hold "=" followed by two hex digits.
 */
function decodeQuotedPrintable(raw: string) {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) return raw;
  const headers = raw.slice(0, split.index + split[0].length);
  const body = raw.slice(split.index + split[0].length);
  return headers + body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the next e-mail to `to` after `seen` earlier ones, and returns the sign-in link in it. */
export async function waitForSignInLink(to: string, seen: number): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mails = readAll().filter((m) => m.to.includes(to.toLowerCase()));
        const mail = mails[seen];
        if (!mail) return "";
        const match = /https?:\/\/\S+?#inviteId=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(mail.raw));
        link = match?.[0] ?? "";
        return link;
      },
      { timeout: 15_000, message: `no sign-in e-mail reached ${to}` },
    )
    .not.toBe("");
  return link;
}

/** The e-mails to `to` whose raw text matches `pattern`, decoded enough to read links and headers. */
export const mailsMatching = (to: string, pattern: RegExp) =>
  readAll()
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => pattern.test(raw));

/**
 * Has the test's SMTP server refuse its next `count` messages with a temporary failure (451), as a
 * busy mail server would; the sender is expected to try again (e2e/support/global-setup.ts).
 */
export function refuseNextMails(count: number) {
  writeFileSync(path.join(process.env.E2E_MAIL_DIR!, "refuse-next.txt"), String(count));
}

/** How many messages the test's server is still to refuse. */
export function mailsStillRefused() {
  try {
    return Number(readFileSync(path.join(process.env.E2E_MAIL_DIR!, "refuse-next.txt"), "utf8")) || 0;
  } catch {
    return 0;
  }
}

/** Every recipient of every stored message, once per message. */
export const allRecipients = () => readAll().flatMap((m) => m.to);
