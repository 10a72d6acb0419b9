import "server-only";
import { and, asc, count, gte, lt } from "drizzle-orm";
import { XAPI_EXPORT_MAX } from "@/lib/contract/calls/xapi";
import { xapiStatements } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import type { XapiStatement } from "./statement";

/**
 * The statements of the events of a date range (UTC days, both included), oldest first, as they were
 * sent (or are to be sent) to the LRS, whatever their delivery. A range holding more than one export
 * carries is refused with the count, so a download is never silently cut short.
 */
export async function exportXapiStatements(deps: Deps, range: { from: string; to: string }) {
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 86_400_000);
  const inRange = and(gte(xapiStatements.occurredAt, start), lt(xapiStatements.occurredAt, end));
  const rows = await deps.db
    .select({ statement: xapiStatements.statement })
    .from(xapiStatements)
    .where(inRange)
    .orderBy(asc(xapiStatements.occurredAt), asc(xapiStatements.id))
    .limit(XAPI_EXPORT_MAX + 1);
  if (rows.length > XAPI_EXPORT_MAX) {
    const [{ total }] = (await deps.db.select({ total: count() }).from(xapiStatements).where(inRange)) as [{ total: number }];
    throw new ApiError(
      413,
      "export_too_large",
      `${range.from} to ${range.to} holds ${total} statements; one export carries at most ${XAPI_EXPORT_MAX}. Choose a shorter range.`,
      {},
      { from: range.from, to: range.to, total, max: XAPI_EXPORT_MAX },
    );
  }
  return { from: range.from, to: range.to, statements: rows.map((r) => r.statement as XapiStatement) };
}
