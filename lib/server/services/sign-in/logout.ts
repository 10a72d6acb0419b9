import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { Deps } from "../../deps";

/** POST /auth/logout: revokes the session on the server; a revoked session stays revoked. */
export async function logout(deps: Deps, sessionId: string) {
  await deps.db.update(sessions).set({ revokedAt: deps.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return { isSuccess: true, message: "You are signed out." };
}
