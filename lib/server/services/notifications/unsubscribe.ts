import "server-only";
import { eq } from "drizzle-orm";
import { hashToken } from "../../auth/tokens";
import { notificationOptOuts, unsubscribeTokens } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";

const TURNED_OFF = {
  essayGraded: "You will no longer get an e-mail when an essay of yours is graded. Your results are still on each essay's page.",
  meetingReminder: "You will no longer get an e-mail before the group sessions you register for.",
} as const;

/**
 * POST /user/notifications/unsubscribe: the link in a notification e-mail turns off its kind, with
 * no sign-in. The link keeps working (pressing it twice, or a mail client's one-click request and then
 * the page, both succeed); each e-mail carries a link of its own, stored as a hash.
 */
export async function unsubscribe(deps: Deps, token: string) {
  const [link] = await deps.db
    .select({ userId: unsubscribeTokens.userId, kind: unsubscribeTokens.kind })
    .from(unsubscribeTokens)
    .where(eq(unsubscribeTokens.tokenHash, hashToken(token)));
  if (!link) throw notFound("This unsubscribe link is not known. Use the link from the latest e-mail, or turn e-mails off from your account menu.", "unsubscribe_link_unknown");
  await deps.db.insert(notificationOptOuts).values({ userId: link.userId, kind: link.kind }).onConflictDoNothing();
  return { kind: link.kind, message: TURNED_OFF[link.kind] };
}
