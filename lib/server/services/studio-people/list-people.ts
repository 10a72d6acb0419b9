import "server-only";
import { and, asc, eq, exists, gt, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { batches, batchMembers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { personViews } from "./person-view";
import { containing } from "../../domain/like-pattern";

export interface PeopleFilter {
  search?: string;
  userKind?: "Customer" | "Employee";
  plan?: "Basic" | "Premium";
  role?: "learner" | "grader" | "author" | "admin";
  batch?: string;
  status?: "active" | "deactivated";
  limit: number;
  cursor?: string;
}

const encodeCursor = (email: string) => Buffer.from(email, "utf8").toString("base64url");
function decodeCursor(cursor: string): string {
  const email = Buffer.from(cursor, "base64url").toString("utf8");
  if (!email.includes("@")) throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
  return email;
}

/**
 * People by e-mail, a page at a time: the next page starts after the last e-mail of this one (a
 * keyset on the unique e-mail index, never an offset), and one row more than the page is read to
 * know whether more follow, so no count is made. Substring search uses the trigram indexes.
 */
export async function listPeople(deps: Deps, filter: PeopleFilter) {
  const where: SQL[] = [isNull(users.deletedAt)];
  const search = filter.search?.trim();
  if (search) where.push(or(ilike(users.name, containing(search)), ilike(users.email, containing(search)))!);
  if (filter.userKind) where.push(eq(users.userKind, filter.userKind));
  if (filter.plan) where.push(eq(users.plan, filter.plan));
  if (filter.role) where.push(eq(users.role, filter.role));
  if (filter.status) where.push(filter.status === "active" ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt));
  if (filter.batch) {
    where.push(
      exists(
        deps.db
          .select({ one: sql`1` })
          .from(batchMembers)
          .innerJoin(batches, eq(batches.id, batchMembers.batchId))
          .where(and(eq(batchMembers.userId, users.id), eq(batches.key, filter.batch))),
      ),
    );
  }
  if (filter.cursor) where.push(gt(users.email, decodeCursor(filter.cursor)));
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.email))
    .limit(filter.limit + 1);
  const hasMore = rows.length > filter.limit;
  const page = rows.slice(0, filter.limit);
  return {
    people: await personViews(deps, page),
    hasMore,
    nextCursor: hasMore ? encodeCursor(page.at(-1)!.email) : null,
  };
}
