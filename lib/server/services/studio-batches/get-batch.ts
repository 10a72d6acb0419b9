import "server-only";
import { and, asc, eq, gt, ilike, or } from "drizzle-orm";
import { batchMembers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { batchViews, findBatch } from "./batch-view";
import { containing } from "../../domain/like-pattern";

const encodeCursor = (email: string) => Buffer.from(email, "utf8").toString("base64url");
function decodeCursor(cursor: string): string {
  const email = Buffer.from(cursor, "base64url").toString("utf8");
  if (!email.includes("@")) throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
  return email;
}

/**
 * One batch and a page of its members by e-mail (a keyset on the e-mail; one row more read to know
 * whether more follow), those whose name or e-mail holds the search when one is given.
 */
export async function getBatch(deps: Deps, query: { id: string; search?: string; limit: number; cursor?: string }) {
  const search = query.search?.trim();
  const row = await findBatch(deps, query.id);
  const [batch] = await batchViews(deps, [row]);
  const rows = await deps.db
    .select({ id: users.id, email: users.email, name: users.name, addedAt: batchMembers.createdAt })
    .from(batchMembers)
    .innerJoin(users, eq(users.id, batchMembers.userId))
    .where(
      and(
        eq(batchMembers.batchId, row.id),
        search ? or(ilike(users.name, containing(search)), ilike(users.email, containing(search))) : undefined,
        query.cursor ? gt(users.email, decodeCursor(query.cursor)) : undefined,
      ),
    )
    .orderBy(asc(users.email))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return {
    batch: batch!,
    members: page.map((m) => ({ ...m, addedAt: m.addedAt.toISOString() })),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page.at(-1)!.email) : null,
  };
}
