import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { titleForPath } from "@/lib/safe-redirect";
import { hashToken, newToken } from "../../auth/tokens";
import { ApiError } from "../../errors";
import { invites, sessions, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { getUserProfile } from "./get-user-profile";

/** Whether a user may sign in now: not deactivated, and their access has not ended. */
export const canSignIn = (user: { deactivatedAt: Date | null; accessExpiresAt: Date | null }, now: Date) =>
  !user.deactivatedAt && (!user.accessExpiresAt || user.accessExpiresAt > now);

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ACCOUNT_CLOSED = "This account cannot sign in: it was deactivated or its access has ended. Contact your administrator.";
export const LINK_UNUSABLE = "This sign-in link has expired or was already used. Ask for a new one on the home page.";

/**
 * Uses up a sign-in link and opens a session. Marking the link used is one conditional UPDATE,
 * so two finishes of the same link at once yield at most one session.
 */
export async function finishLogin(deps: Deps, input: { inviteId: string }) {
  const now = deps.now();
  const [invite] = await deps.db
    .update(invites)
    .set({ usedAt: now })
    .where(and(eq(invites.tokenHash, hashToken(input.inviteId)), isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .returning();
  if (!invite) throw new ApiError(401, "unauthorized", LINK_UNUSABLE);

  const [user] = await deps.db.select().from(users).where(eq(users.id, invite.userId)).limit(1);
  if (!user) throw new ApiError(401, "unauthorized", LINK_UNUSABLE);
  // Only the link's holder reads this, so saying why reveals nothing the link did not.
  if (!canSignIn(user, now)) throw new ApiError(401, "unauthorized", ACCOUNT_CLOSED);

  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await deps.db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), inviteId: invite.id, expiresAt });

  return {
    userToken: token,
    expiresAt: expiresAt.toISOString(),
    redirectUrl: invite.redirectUrl,
    redirectTitle: titleForPath(invite.redirectUrl),
    userInfo: await getUserProfile(deps.db, user),
  };
}
