import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { purchaseIntents, purchaseIntentStatus } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { purchaseRequestsFrom, purchaseRequestView } from "./purchase-request-view";

type Status = (typeof purchaseIntentStatus.enumValues)[number];

// The cursor holds the last request's status, its last request time to the microsecond and its id.
const encodeCursor = (status: string, at: string, id: string) => Buffer.from(JSON.stringify([status, at, id]), "utf8").toString("base64url");
function decodeCursor(cursor: string): [Status, string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      purchaseIntentStatus.enumValues.includes(value[0] as Status) &&
      typeof value[1] === "string" &&
      !Number.isNaN(Date.parse(value[1])) &&
      /^[0-9a-f-]{36}$/.test(String(value[2]))
    ) {
      return value as [Status, string, string];
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
}

/**
 * Learners' purchase requests: open ones first, then granted, then declined (the status's order),
 * the latest asked first within each; keyset-paged on (status, last asked, id), one row more than
 * the page read to say hasMore.
 */
export async function listPurchaseRequests(deps: Deps, query: { status?: Status; limit: number; cursor?: string }) {
  const where: SQL[] = [];
  if (query.status) where.push(eq(purchaseIntents.status, query.status));
  if (query.cursor) {
    const [status, at, id] = decodeCursor(query.cursor);
    where.push(
      sql`(${purchaseIntents.status} > ${status}::purchase_intent_status or (${purchaseIntents.status} = ${status}::purchase_intent_status and (${purchaseIntents.lastRequestedAt}, ${purchaseIntents.id}) < (${at}::timestamptz, ${id}::uuid)))`,
    );
  }
  const rows = await purchaseRequestsFrom(deps)
    .where(where.length ? and(...where) : undefined)
    .orderBy(purchaseIntents.status, sql`${purchaseIntents.lastRequestedAt} desc`, sql`${purchaseIntents.id} desc`)
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    requests: page.map(purchaseRequestView),
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(last.status, last.exactLastRequestedAt, last.id) : null,
  };
}
