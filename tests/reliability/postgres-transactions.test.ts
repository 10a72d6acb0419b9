import { sql } from "drizzle-orm";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/server/db/client";
import { openTestDatabase } from "../support/test-db";

// How transactions use the pool's connections when one of them fails (PostgreSQL only: PGlite has no pool).
const enabled = Boolean(process.env.DATABASE_URL);

/** Opens a fresh database, runs the test on it, and checks that it then closes: none of its clients is left checked out. */
async function onDatabase(test: (database: Database, pool: pg.Pool) => Promise<void>) {
  const database = await openTestDatabase();
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  let closed: unknown;
  try {
    await test(database, pool);
    expect(pool.totalCount - pool.idleCount, "clients still checked out").toBe(0);
  } finally {
    closed = await Promise.race([database.close().then(() => "closed"), new Promise((r) => setTimeout(() => r("still open after 5 s"), 5000))]);
  }
  expect(closed).toBe("closed");
}

describe.runIf(enabled)("transactions on the PostgreSQL pool", () => {
  it("give their client back when BEGIN fails, and the pool drops it", () =>
    onDatabase(async (database, pool) => {
      // A client left inside a failed transaction: the next BEGIN on it fails (25P02), as one on a connection the server ended does.
      const poisoned = await pool.connect();
      await poisoned.query("begin");
      await poisoned.query("select 1/0").catch(() => undefined);
      poisoned.release();
      let ran = false;
      await expect(
        database.db.transaction(async () => {
          ran = true;
        }),
      ).rejects.toMatchObject({ cause: { code: "25P02" } });
      expect(ran).toBe(false);
      expect(pool.totalCount - pool.idleCount).toBe(0);
      // The next transaction gets a sound client.
      expect(await database.db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows)).toEqual([{ one: 1 }]);
    }));

  it("give their client back when the server ends the connection mid-transaction, and the pool drops it", () =>
    onDatabase(async (database, pool) => {
      let pid: unknown;
      await expect(
        database.db.transaction(async (tx) => {
          pid = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        }),
      ).rejects.toThrow();
      expect(pool.totalCount - pool.idleCount).toBe(0);
      // No idle client is the ended one: the next transaction runs on another connection.
      expect(await database.db.transaction(async (tx) => (await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0]!.pid)).not.toBe(pid);
    }));

  it("keep a client whose transaction the callback rolled back", () =>
    onDatabase(async (database, pool) => {
      const pidOf = () => database.db.transaction(async (tx) => (await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0]!.pid);
      const before = await pidOf();
      const total = pool.totalCount;
      const refused = new Error("refused");
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw refused;
        }),
      ).rejects.toBe(refused);
      expect(pool.totalCount).toBe(total);
      expect(pool.idleCount).toBe(total);
      expect(await pidOf()).toBe(before);
    }));
});
