import "server-only";
import { inArray } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Deps } from "../../deps";
import { queueSignInLink } from "./request-sign-in-link";

/**
 * An operator invites existing users: each gets a link valid for 7 days, e-mailed by the job engine
 * (retried while the mail server refuses). Unknown e-mails are reported back.
 */
export async function inviteUsers(deps: Deps, emails: string[]) {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const found = wanted.length ? await deps.db.select().from(users).where(inArray(users.email, wanted)) : [];
  const sent: string[] = [];
  for (const user of found) {
    await queueSignInLink(deps, { user, redirectUrl: "/dashboard", source: "operator" });
    sent.push(user.email);
  }
  const unknown = wanted.filter((e) => !found.some((u) => u.email === e));
  return { sent, unknown };
}
