import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/server/db/client";
import * as schema from "@/lib/server/db/schema";

const tables = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v as PgTable, PgTable))
  .filter((table) => getTableName(table) !== "rate_limits");

/** Row counts of every table but the rate-limit counters (bookkeeping that a refused request may advance), in one query. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const query = sql.join(
    tables.map((table) => sql`select ${getTableName(table)}::text as name, count(*)::int as n from ${table}`),
    sql` union all `,
  );
  const result = (await db.execute(query)) as unknown as { rows: { name: string; n: number }[] };
  const out: Record<string, number> = {};
  for (const row of result.rows) out[row.name] = Number(row.n);
  return out;
}
