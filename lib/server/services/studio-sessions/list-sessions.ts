import "server-only";
import { and, asc, desc, gt, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { meetings } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { sessionViews } from "./session-view";

const endSql = sql<Date>`(${meetings.startDate} + make_interval(mins => ${meetings.durationInMinutes}))`;

const encodeCursor = (start: Date, id: string) => Buffer.from(`${start.toISOString()}|${id}`, "utf8").toString("base64url");
function decodeCursor(cursor: string): { start: Date; id: string } {
  const [start, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const at = new Date(start ?? "");
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(at.getTime())) throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
  return { start: at, id };
}

/**
 * Sessions of one range, cancelled ones included (the studio shows them marked): upcoming means not
 * over yet (live ones too), earliest first; past, latest first. A keyset on (start, id).
 */
export async function listSessions(deps: Deps, query: { range: "upcoming" | "past"; limit: number; cursor?: string }) {
  const now = deps.now();
  const upcoming = query.range === "upcoming";
  let after: SQL | undefined;
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    after = upcoming
      ? or(gt(meetings.startDate, c.start), and(sql`${meetings.startDate} = ${c.start}`, gt(meetings.id, c.id)))
      : or(lt(meetings.startDate, c.start), and(sql`${meetings.startDate} = ${c.start}`, lt(meetings.id, c.id)));
  }
  const rows = await deps.db
    .select()
    .from(meetings)
    .where(and(upcoming ? gt(endSql, now) : lte(endSql, now), after))
    .orderBy(...(upcoming ? [asc(meetings.startDate), asc(meetings.id)] : [desc(meetings.startDate), desc(meetings.id)]))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { sessions: await sessionViews(deps.db, page, now), hasMore, nextCursor: hasMore && last ? encodeCursor(last.startDate, last.id) : null };
}
