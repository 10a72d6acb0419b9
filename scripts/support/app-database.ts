import { existsSync } from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { ContentError } from "@/lib/server/content/import-content";
import { openDatabase, type Database } from "@/lib/server/db/client";

/** The same settings as the app: the environment first, then .env.local and .env. */
export function loadEnvFiles() {
  for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * The start-up every database script shares: reads the app's settings, opens its database
 * (DATABASE_URL, else PGlite in PGLITE_DIR), migrates it, runs `work` and closes the database. A
 * content error ends the script with its message and exit code 1; `where` names the database in words.
 */
export async function withAppDatabase(work: (database: Database, where: string) => Promise<void>) {
  loadEnvFiles();
  const env = serverEnv();
  const pgliteDir = path.resolve(env.PGLITE_DIR ?? ".data/pglite");
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: pgliteDir });
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`;
  try {
    await database.migrate();
    await work(database, where);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
