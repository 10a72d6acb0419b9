import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/server/db/client";
import * as schema from "@/lib/server/db/schema";

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v as PgTable, PgTable));

/** Row counts of every table but the rate-limit counters (bookkeeping that a refused request may advance). */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const name = getTableName(table);
    if (name === "rate_limits") continue;
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = Number(row?.n ?? 0);
  }
  return out;
}
