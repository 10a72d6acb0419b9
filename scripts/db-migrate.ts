// npm run db:migrate: applies the committed migrations to the app's database (DATABASE_URL, else PGlite).
import { runCommand } from "./support/app-database";

await runCommand("db:migrate", process.argv.slice(2));
