// npm run db:seed [-- --force]: migrates, then loads the demo content (content/demo) into an empty database.
// With --force the demo content is imported even when the database has users (an idempotent re-import).
import { runCommand } from "./support/app-database";

await runCommand("db:seed", process.argv.slice(2));
