import "server-only";
import { asc, gt } from "drizzle-orm";
import { batches } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { batchViews } from "./batch-view";

const encodeCursor = (key: string) => Buffer.from(key, "utf8").toString("base64url");
function decodeCursor(cursor: string): string {
  const key = Buffer.from(cursor, "base64url").toString("utf8");
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(key)) throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
  return key;
}

/** Batches by key, a page at a time: a keyset on the unique key, one row more than the page read to know whether more follow. */
export async function listBatches(deps: Deps, query: { limit: number; cursor?: string }) {
  const rows = await deps.db
    .select()
    .from(batches)
    .where(query.cursor ? gt(batches.key, decodeCursor(query.cursor)) : undefined)
    .orderBy(asc(batches.key))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return { batches: await batchViews(deps, page), hasMore, nextCursor: hasMore ? encodeCursor(page.at(-1)!.key) : null };
}
