// npm run db:backup -- FILE: copies the embedded database (PGLITE_DIR) into FILE, a .tar.gz, even while
// a server runs on it (the server then makes the copy). PostgreSQL is backed up with pg_dump (docs/operations.md).
import { runCommand } from "./support/app-database";

await runCommand("db:backup", process.argv.slice(2));
