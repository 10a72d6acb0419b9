import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockFolder, type FolderLock } from "./folder-lock";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { nameStatements } from "./pg-statements";
import { keepPreparedStatements } from "./pglite-statements";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

// Both drivers expose the same query builder; the node-postgres type stands for either.
export type Db = NodePgDatabase<typeof schema>;

/** Where the job engine keeps its queue: the same database, through its own connections on PostgreSQL. */
export type JobStore = { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  jobStore: JobStore;
  /** Runs one raw SQL statement and returns its rows (used by the bench baseline and health checks). */
  raw: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Applies the committed migrations. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** The embedded database's folder and its lock (none in memory or on PostgreSQL). */
  folder?: FolderLock;
  /** The embedded database's files as a tarball (PGlite's dumpDataDir), taken between transactions. */
  dumpDataDir?: (compression: "gzip" | "none") => Promise<Blob>;
  /**
   * A connection of the pool held for one long read, e.g. a server-side cursor a download streams
   * from (PostgreSQL only: PGlite has one connection, which a held read would keep from everyone).
   * `release` gives it back; with an error, the pool drops it rather than reuse it.
   */
  reserve?: () => Promise<ReservedConnection>;
}

export interface ReservedConnection {
  db: Db;
  release: (error?: Error) => void;
}

export const migrationsFolder = path.join(process.cwd(), "lib/server/db/migrations");

export interface OpenOptions {
  /** A PostgreSQL connection string; without it an embedded PGlite is opened. */
  url?: string;
  /** Folder of the embedded database; without it PGlite keeps everything in memory. */
  dir?: string;
  /** Called with each SQL statement, to count statements per call. */
  onQuery?: (sql: string) => void;
  /** The embedded database's owner takes operator commands on a control socket (operations/control-server.ts). */
  acceptsCommands?: boolean;
  /** An in-memory embedded database starts as a copy of these files (a dumpDataDir tarball) instead of an empty cluster. */
  loadDataDir?: Blob;
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Runs a transaction on a client of its own from the pool, and always gives the client back.
 *
 * drizzle-orm's pooled transaction (node-postgres session, 0.45.x) checks a client out and sends
 * BEGIN before the try/finally that releases it: a BEGIN that fails, e.g. on a connection that a
 * server restart has just ended, leaves the client checked out for good. The pool is a client short
 * from then on, and pool.end() waits for it forever (drizzle-orm issues #6023, #6241). Given a
 * client rather than the pool, drizzle runs BEGIN/COMMIT/ROLLBACK on it and leaves releasing to us.
 * A client whose BEGIN, COMMIT or ROLLBACK failed is released with the error, so the pool drops it
 * rather than hand out a connection that may be gone or still inside a transaction; one whose
 * callback failed and was rolled back cleanly is kept.
 */
async function transactionOnPool<T>(
  pool: pg.Pool,
  onClient: (client: pg.PoolClient) => Db,
  run: (tx: Transaction) => Promise<T>,
  config?: Parameters<Db["transaction"]>[1],
): Promise<T> {
  const client = await pool.connect();
  let thrownByRun: { error: unknown } | undefined;
  let broken: Error | undefined;
  try {
    return await onClient(client).transaction(async (tx) => {
      try {
        return await run(tx);
      } catch (error) {
        thrownByRun = { error };
        throw error;
      }
    }, config);
  } catch (error) {
    // Anything but the callback's own error, rethrown after its ROLLBACK, is BEGIN, COMMIT or ROLLBACK failing.
    if (!thrownByRun || error !== thrownByRun.error) broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.release(broken);
  }
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
    nameStatements(pool);
    const db = drizzlePg(pool, { schema, logger });
    // Transactions give their client back even when BEGIN fails (see transactionOnPool).
    db.transaction = (run, config) => transactionOnPool(pool, (client) => drizzlePg(client, { schema, logger }), run, config);
    return {
      db,
      kind: "postgres",
      jobStore: { kind: "postgres", url: options.url },
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
      reserve: async () => {
        const client = await pool.connect();
        let released = false;
        return {
          db: drizzlePg(client, { schema, logger }),
          release: (error) => {
            if (released) return;
            released = true;
            client.release(error);
          },
        };
      },
    };
  }
  // The folder is taken before any of its files is opened: a second opener refuses (folder-lock.ts).
  const folder = options.dir ? await lockFolder(options.dir, { acceptsCommands: options.acceptsCommands }) : undefined;
  let client: PGlite;
  try {
    if (folder) mkdirSync(folder.dir, { recursive: true });
    // pg_trgm: the people list's substring search is served by trigram indexes (migration 0016).
    client = folder ? new PGlite(folder.dir, { extensions: { pg_trgm } }) : new PGlite({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
    await client.waitReady;
  } catch (err) {
    folder?.release();
    throw err;
  }
  keepPreparedStatements(client);
  const internals = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    jobStore: { kind: "pglite", client },
    raw: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params as unknown[])).rows,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        await folder?.drain();
        await client.close();
      } finally {
        folder?.release();
      }
    },
    folder,
    // Between transactions, so the copy holds none half-done.
    dumpDataDir: (compression) => internals._runExclusiveTransaction(() => client.dumpDataDir(compression)),
  };
}

