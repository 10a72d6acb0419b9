import "server-only";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { studioAudit, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";

export interface AuditFilter {
  actor?: string;
  target?: string;
  kind?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

// The cursor holds the last entry's time to the microsecond (as PostgreSQL keeps it: the rows of one
// import share it) and its id.
const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id]), "utf8").toString("base64url");
function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string") && /^[0-9a-f-]{36}$/.test(value[1] as string)) {
      return value as [string, string];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
}

const targets = alias(users, "target");

/** The studio's audit log, newest first, keyset-paged on (time, id). */
export async function listAudit(deps: Deps, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.actor) where.push(eq(studioAudit.userId, filter.actor));
  if (filter.target) where.push(eq(studioAudit.targetUserId, filter.target));
  if (filter.kind) where.push(eq(studioAudit.action, filter.kind));
  if (filter.from) where.push(gte(studioAudit.createdAt, new Date(filter.from)));
  if (filter.to) where.push(lt(studioAudit.createdAt, new Date(filter.to)));
  if (filter.cursor) {
    const [at, id] = decodeCursor(filter.cursor);
    where.push(sql`(${studioAudit.createdAt}, ${studioAudit.id}) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const rows = await deps.db
    .select({
      id: studioAudit.id,
      exactAt: sql<string>`to_char(${studioAudit.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      at: studioAudit.createdAt,
      kind: studioAudit.action,
      summary: studioAudit.summary,
      actorId: users.id,
      actorEmail: users.email,
      actorName: users.name,
      targetUserId: studioAudit.targetUserId,
      targetEmail: targets.email,
      targetName: targets.name,
      courseId: studioAudit.courseId,
      before: studioAudit.before,
      after: studioAudit.after,
    })
    .from(studioAudit)
    .leftJoin(users, eq(users.id, studioAudit.userId))
    .leftJoin(targets, eq(targets.id, studioAudit.targetUserId))
    .where(and(...where))
    .orderBy(desc(studioAudit.createdAt), desc(studioAudit.id))
    .limit(filter.limit + 1);
  const hasMore = rows.length > filter.limit;
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.kind,
      summary: r.summary,
      actor: r.actorId ? { id: r.actorId, email: r.actorEmail!, name: r.actorName! } : null,
      targetUserId: r.targetUserId,
      target: r.targetUserId && r.targetEmail ? { id: r.targetUserId, email: r.targetEmail, name: r.targetName! } : null,
      courseId: r.courseId,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.exactAt, last.id) : null,
  };
}
