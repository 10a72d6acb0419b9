// npm run db:seed [-- --force]: migrates, then loads the demo content (content/demo) into an empty database.
// With --force the demo content is imported even when the database has users (an idempotent re-import).
import { existsSync } from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { ContentError, importContent, type ImportSummary } from "@/lib/server/content/import-content";
import { seedDemoActivity } from "@/lib/server/content/demo-activity";
import { demoContentDir, seedDemoIfEmpty } from "@/lib/server/content/seed";
import { openDatabase } from "@/lib/server/db/client";

const force = process.argv.slice(2).includes("--force");

for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
const env = serverEnv();
const pgliteDir = path.resolve(env.PGLITE_DIR ?? ".data/pglite");
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: pgliteDir });
try {
  await database.migrate();
  const summary: ImportSummary | null = force ? await importContent(database.db, demoContentDir()) : await seedDemoIfEmpty(database.db);
  // The demo essay waiting for a grader; written once, whatever was imported before.
  if (force) await seedDemoActivity(database.db);
  if (!summary) {
    console.log("The database already has users: nothing seeded (use --force to re-import the demo content).");
  } else {
    console.log("Imported the demo content:");
    for (const [name, count] of Object.entries(summary)) console.log(`  ${name.padEnd(11)}  ${count}`);
    console.log("Demo users: learner@demo.test, employee@demo.test, grader@demo.test, admin@demo.test");
    console.log("An essay by employee@demo.test waits for grader@demo.test on /evaluate.");
  }
} catch (err) {
  if (!(err instanceof ContentError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
