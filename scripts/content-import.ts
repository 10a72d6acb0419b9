// npm run content:import -- DIR [--check]: validates a content directory and imports it into the app's database.
// With --check the directory is only validated (nothing is written). Exits 1 listing every problem.
import { existsSync } from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { ContentError, importContent } from "@/lib/server/content/import-content";
import { openDatabase } from "@/lib/server/db/client";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("-"));
const checkOnly = args.includes("--check");
if (!dir || args.includes("--help")) {
  console.error("Usage: npm run content:import -- DIR [--check]");
  process.exit(dir ? 0 : 2);
}

// The same settings as the app: the environment first, then .env.local and .env.
for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
const env = serverEnv();
const pgliteDir = path.resolve(env.PGLITE_DIR ?? ".data/pglite");
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: pgliteDir });
try {
  await database.migrate();
  const summary = await importContent(database.db, path.resolve(dir), { dryRun: checkOnly });
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`;
  console.log(checkOnly ? `${dir} is valid (nothing written):` : `Imported ${dir} into ${where}:`);
  const width = Math.max(...Object.keys(summary).map((k) => k.length));
  for (const [name, count] of Object.entries(summary)) console.log(`  ${name.padEnd(width)}  ${count}`);
} catch (err) {
  if (!(err instanceof ContentError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
