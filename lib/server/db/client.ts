import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

// Both drivers expose the same query builder; the node-postgres type stands for either.
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs one raw SQL statement and returns its rows (used by the bench baseline and health checks). */
  raw: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Applies the committed migrations. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
}

export const migrationsFolder = path.join(process.cwd(), "lib/server/db/migrations");

export interface OpenOptions {
  /** A PostgreSQL connection string; without it an embedded PGlite is opened. */
  url?: string;
  /** Folder of the embedded database; without it PGlite keeps everything in memory. */
  dir?: string;
  /** Called with each SQL statement, to count statements per call. */
  onQuery?: (sql: string) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const logger = options.onQuery ? { logQuery: (q: string) => options.onQuery!(q) } : undefined;
  if (options.url) {
    // A request fails fast (503, retried by the client) rather than hanging while the server is away.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its server must not take the process down.
    // A connection the server ends while it is checked out (e.g. mid-transaction during a restart)
    // reports the error on itself; unheard, that would take the process down. The query fails with 503.
    pool.on("connect", (client) =>
      client.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "postgres connection error", err: err.message }))),
    );
    pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "postgres pool error", err: err.message })));
    const db = drizzlePg(pool, { schema, logger });
    return {
      db,
      kind: "postgres",
      raw: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
      // A session advisory lock on one connection lets several processes start at once.
      migrate: async () => {
        const conn = await pool.connect();
        try {
          await conn.query("select pg_advisory_lock(727274)");
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
        } finally {
          await conn.query("select pg_advisory_unlock(727274)").catch(() => undefined);
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const client = options.dir ? new PGlite(options.dir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    raw: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params as unknown[])).rows,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

