// npm run users:invite -- EMAIL [EMAIL ...]: e-mails each existing user a sign-in link valid for 7 days.
import { runCommand } from "./support/app-database";

await runCommand("users:invite", process.argv.slice(2));
