// npm run db:seed [-- --force]: migrates, then loads the demo content (content/demo) into an empty database.
// With --force the demo content is imported even when the database has users (an idempotent re-import).
import { seedDemoActivity } from "@/lib/server/content/demo-activity";
import { importContent, type ImportSummary } from "@/lib/server/content/import-content";
import { demoContentDir, seedDemoIfEmpty } from "@/lib/server/content/seed";
import { withAppDatabase } from "./support/app-database";

const force = process.argv.slice(2).includes("--force");

await withAppDatabase(async (database) => {
  const summary: ImportSummary | null = force ? await importContent(database.db, demoContentDir()) : await seedDemoIfEmpty(database.db);
  // The demo essay waiting for a grader; written once, whatever was imported before.
  if (force) await seedDemoActivity(database.db);
  if (!summary) {
    console.log("The database already has users: nothing seeded (use --force to re-import the demo content).");
    return;
  }
  console.log("Imported the demo content:");
  for (const [name, count] of Object.entries(summary)) console.log(`  ${name.padEnd(11)}  ${count}`);
  console.log("Demo users: learner@demo.test, employee@demo.test, grader@demo.test, admin@demo.test");
  console.log("An essay by employee@demo.test waits for grader@demo.test on /evaluate.");
});
