// npm run db:migrate: applies the committed migrations to the app's database (DATABASE_URL, else PGlite).
import { existsSync } from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { openDatabase } from "@/lib/server/db/client";

for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
const env = serverEnv();
const pgliteDir = path.resolve(env.PGLITE_DIR ?? ".data/pglite");
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: pgliteDir });
try {
  await database.migrate();
  console.log(`Migrated ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`}.`);
} finally {
  await database.close();
}
