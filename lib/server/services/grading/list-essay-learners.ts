import "server-only";
import { and, asc, eq, exists } from "drizzle-orm";
import { essayAttempts, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { containsText, type LookupQuery } from "./lookup-search";
import { isSubmitted } from "./submission-records";

/** GET /course/course/essay/user: learners with at least one submitted essay, by name, for the graders' learner filter. One query. */
export async function listEssayLearners(deps: Deps, _user: User, query: LookupQuery) {
  return deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        exists(deps.db.select({ id: essayAttempts.id }).from(essayAttempts).where(and(eq(essayAttempts.userId, users.id), isSubmitted))),
        containsText(query.searchText, users.name, users.email),
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(query.limit);
}
