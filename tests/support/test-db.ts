import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/server/db/client";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite (a copy of one migrated at the
 * run's start), or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(options: { onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // A copy of the database the run's global setup migrated (tests/support/migrated-pglite.ts);
    // migrate() then finds every migration applied.
    const migrated = inject("migratedPglite");
    const loadDataDir = migrated ? new Blob([readFileSync(migrated)]) : undefined;
    const database = await openDatabase({ onQuery: options.onQuery, loadDataDir });
    await database.migrate();
    return database;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: dbUrl.toString(), onQuery: options.onQuery });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
