import "server-only";
import { eq } from "drizzle-orm";
import { email as emailSchema } from "@/lib/contract/common";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { hashToken, newToken } from "../../auth/tokens";
import { ApiError, badRequest } from "../../errors";
import { invites, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { hitRateLimit } from "../../rate-limit";
import { canSignIn } from "./finish-login";

export const HOME_LINK_TTL_MS = 15 * 60 * 1000;
export const OPERATOR_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RATE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_LINKS_PER_EMAIL = 5;
export const MAX_LINKS_PER_IP = 30;

export const SIGN_IN_LINK_SENT = "If this e-mail belongs to an account, a sign-in link is on its way. Check your inbox.";

/**
 * Asked for on the home page. The answer never says whether the e-mail is registered: the same
 * message, and the e-mail (when there is one) goes out after the answer.
 */
export async function requestSignInLink(deps: Deps, input: { value: string; redirectUrl?: string; ip: string }) {
  const parsed = emailSchema.safeParse(input.value);
  if (!parsed.success) throw badRequest("value: Enter a valid e-mail address, like name@company.com");
  const email = parsed.data.toLowerCase();
  const now = deps.now();

  // The IP limit is checked first so one address cannot probe many e-mails.
  for (const [key, limit] of [
    [`sign-in:ip:${input.ip}`, deps.env.SIGN_IN_LINKS_PER_IP ?? MAX_LINKS_PER_IP],
    [`sign-in:email:${email}`, deps.env.SIGN_IN_LINKS_PER_EMAIL ?? MAX_LINKS_PER_EMAIL],
  ] as const) {
    const result = await hitRateLimit(deps.db, key, limit, RATE_WINDOW_MS, now);
    if (!result.allowed) {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      throw new ApiError(
        429,
        "too_many_requests",
        `Too many sign-in links were asked for. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    }
  }

  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  // A deactivated person gets the same answer as anyone and no link: the answer never tells who has an account.
  if (user && canSignIn(user, now)) {
    // Stored and queued after the answer, so a known e-mail is not answered more slowly than an unknown one.
    deps.background(queueSignInLink(deps, { user, redirectUrl: safeRedirectPath(input.redirectUrl), source: "home" }));
  }
  return { isSuccess: true, message: SIGN_IN_LINK_SENT };
}

/**
 * Stores a single-use link and queues its e-mail. The token is made when the e-mail is sent
 * (lib/server/mail/outbox.ts) and only its hash is kept; until then the row holds the hash of a
 * token nobody has.
 */
export async function queueSignInLink(deps: Deps, input: { user: { id: string }; redirectUrl: string; source: "home" | "operator" }): Promise<void> {
  const ttl = input.source === "home" ? HOME_LINK_TTL_MS : OPERATOR_LINK_TTL_MS;
  const [invite] = await deps.db
    .insert(invites)
    .values({
      userId: input.user.id,
      tokenHash: hashToken(newToken()),
      redirectUrl: input.redirectUrl,
      source: input.source,
      expiresAt: new Date(deps.now().getTime() + ttl),
    })
    .returning({ id: invites.id });
  await deps.jobs.send("mail", `invite:${invite!.id}`, { template: "sign-in", inviteId: invite!.id });
}
