// npm run content:import -- DIR [--check]: validates a content directory and imports it into the app's database.
// With --check the directory is only validated (nothing is written). Exits 1 listing every problem.
import path from "node:path";
import { importContent } from "@/lib/server/content/import-content";
import { withAppDatabase } from "./support/app-database";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("-"));
const checkOnly = args.includes("--check");
if (!dir || args.includes("--help")) {
  console.error("Usage: npm run content:import -- DIR [--check]");
  process.exit(dir ? 0 : 2);
}

await withAppDatabase(async (database, where) => {
  const summary = await importContent(database.db, path.resolve(dir), { dryRun: checkOnly });
  console.log(checkOnly ? `${dir} is valid (nothing written):` : `Imported ${dir} into ${where}:`);
  const width = Math.max(...Object.keys(summary).map((k) => k.length));
  for (const [name, count] of Object.entries(summary)) console.log(`  ${name.padEnd(width)}  ${count}`);
});
