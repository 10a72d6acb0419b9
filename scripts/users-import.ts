// npm run users:import -- FILE.csv [--dry-run]: adds the people of a CSV file, all or nothing, and e-mails each an invitation.
import { runCommand } from "./support/app-database";

await runCommand("users:import", process.argv.slice(2));
