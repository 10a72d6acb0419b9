import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken } from "../auth/tokens";
import { sessions, users } from "../db/schema";
import type { Deps } from "../deps";

/** The live session (not revoked, not expired) for a bearer token, with its user. One query. */
export async function findSession(deps: Deps, token: string) {
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())))
    .limit(1);
  return row;
}

export async function revokeSession(deps: Deps, sessionId: string) {
  await deps.db.update(sessions).set({ revokedAt: deps.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return { isSuccess: true, message: "You are signed out." };
}
