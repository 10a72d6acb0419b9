import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashToken } from "../../auth/tokens";
import { sessions, users } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Deps } from "../../deps";

// Every API call checks its session: the statement is built once per database and prepared.
const prepared = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

function prepareFindSession(db: Db) {
  return db
    .select({ session: { id: sessions.id }, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare("find_session");
}

/** The live session (not revoked, not expired) for a bearer token, with its user. One query. */
export async function findSession(deps: Deps, token: string) {
  let statement = prepared.get(deps.db);
  if (!statement) prepared.set(deps.db, (statement = prepareFindSession(deps.db)));
  const [row] = await statement.execute({ hash: hashToken(token), now: deps.now() });
  return row;
}

export async function revokeSession(deps: Deps, sessionId: string) {
  await deps.db.update(sessions).set({ revokedAt: deps.now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return { isSuccess: true, message: "You are signed out." };
}
