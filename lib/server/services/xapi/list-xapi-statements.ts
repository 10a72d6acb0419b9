import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { users, xapiStatements } from "../../db/schema";
import type { Deps } from "../../deps";

type State = (typeof xapiStatements.$inferSelect)["state"];

/** The statements newest first, each with its delivery and the learner; the route admits administrators only. One query. */
export async function listXapiStatements(deps: Deps, filter: { state?: State; limit: number; before?: string }) {
  const rows = await deps.db
    .select({
      id: xapiStatements.id,
      occurredAt: xapiStatements.occurredAt,
      verb: xapiStatements.verb,
      learner: { id: users.id, name: users.name, email: users.email },
      object: sql<string>`${xapiStatements.statement} -> 'object' -> 'definition' -> 'name' ->> 'en-US'`,
      state: xapiStatements.state,
      tries: xapiStatements.tries,
      lastAnswer: xapiStatements.lastAnswer,
      sentAt: xapiStatements.sentAt,
    })
    .from(xapiStatements)
    .innerJoin(users, eq(users.id, xapiStatements.userId))
    .where(and(filter.state ? eq(xapiStatements.state, filter.state) : undefined, filter.before ? lt(xapiStatements.occurredAt, new Date(filter.before)) : undefined))
    .orderBy(desc(xapiStatements.occurredAt), desc(xapiStatements.id))
    .limit(filter.limit);
  return {
    lrs: { endpoint: deps.env.XAPI_LRS_ENDPOINT ?? null },
    statements: rows.map((r) => ({
      ...r,
      object: r.object ?? "",
      occurredAt: r.occurredAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
  };
}
