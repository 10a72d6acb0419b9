// npm run content:import -- DIR [--check]: validates a content directory and imports it into the app's database.
// With --check the directory is only validated (nothing is written). Exits 1 listing every problem.
// While a server holds the embedded database, the server imports it (scripts/support/app-database.ts).
import { runCommand } from "./support/app-database";

await runCommand("content:import", process.argv.slice(2));
