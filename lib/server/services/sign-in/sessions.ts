import "server-only";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { hashToken } from "../../auth/tokens";
import { catalogueRevisions, learnerStates, sessions, users } from "../../db/schema";
import { preparedPerDatabase } from "../../db/prepared";
import type { Deps } from "../../deps";

// Every API call checks its session: the statement is built once per database and prepared.
const findSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        // Read with the session so that a call may tell at no extra statement whether what it built
        // for the learner before still stands (see dashboardStatsInputs).
        learnerRevision: sql<number | null>`(select ${learnerStates.revision} from ${learnerStates} where ${learnerStates.userId} = ${users.id})`.mapWith(Number),
        catalogueRevision: sql<number | null>`(select ${catalogueRevisions.revision} from ${catalogueRevisions} where ${catalogueRevisions.id} = 1)`.mapWith(Number),
      },
      user: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("hash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        // A deactivated person, or one whose access has ended, has no live session (docs/people.md).
        isNull(users.deactivatedAt),
        or(isNull(users.accessExpiresAt), gt(users.accessExpiresAt, sql.placeholder("now"))),
      ),
    )
    .limit(1)
    .prepare("find_session"),
);

/**
 * The live session (not revoked, not expired, its user active) for a bearer token, with its user, and the learner's
 * and the catalogue's revisions as they stand (migration 0011). One query.
 */
export async function findSession(deps: Deps, token: string) {
  const [row] = await findSessionQuery(deps.db).execute({ hash: hashToken(token), now: deps.now() });
  return row;
}
