import "server-only";
import { and, asc, eq, exists } from "drizzle-orm";
import { companies, essayAttempts, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { containsText, type LookupQuery } from "./lookup-search";
import { isSubmitted } from "./submission-records";

/** GET /course/account/name: customer accounts (companies) with a learner who submitted an essay, by name, for the graders' filter. One query. */
export async function listEssayAccounts(deps: Deps, _user: User, query: LookupQuery) {
  const submitted = deps.db
    .select({ id: essayAttempts.id })
    .from(essayAttempts)
    .innerJoin(users, eq(users.id, essayAttempts.userId))
    .where(and(eq(users.companyId, companies.id), isSubmitted));
  return deps.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(exists(submitted), containsText(query.searchText, companies.name)))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(query.limit);
}
