// npm run content:export -- DIR [--force]: writes the database's content (domains, companies, users,
// courses with every version's chapter tree, programs with their batches, meetings, career-services
// records) into DIR in the format content:import reads (docs/content-format.md). DIR must be new or
// empty; with --force its content files are replaced. While a server holds the embedded database, the
// server exports it (scripts/support/app-database.ts).
import { runCommand } from "./support/app-database";

await runCommand("content:export", process.argv.slice(2));
