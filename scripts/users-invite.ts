// npm run users:invite -- EMAIL [EMAIL ...]: e-mails each existing user a sign-in link valid for 7 days.
import { getDeps } from "@/lib/server/deps";
import { inviteUsers } from "@/lib/server/services/sign-in/invite-users";
import { loadEnvFiles } from "./support/app-database";

const emails = process.argv.slice(2).filter((a) => !a.startsWith("-"));
if (emails.length === 0) {
  console.error("Usage: npm run users:invite -- EMAIL [EMAIL ...]");
  process.exit(2);
}

loadEnvFiles();
const deps = await getDeps();
try {
  const { sent, unknown } = await inviteUsers(deps, emails);
  // Sends what it can now; an e-mail the mail server refuses stays queued and a server process retries it.
  await deps.settle();
  for (const e of sent) console.log(`invited ${e} (link valid for 7 days, via ${deps.mailer.kind === "smtp" ? "SMTP" : "the log above"}; an e-mail the mail server refused is retried by the server)`);
  for (const e of unknown) console.error(`no user with the e-mail ${e}: add it to the content's users file and import it first`);
  process.exitCode = unknown.length ? 1 : 0;
} finally {
  await deps.jobs.stop();
  await deps.database.close();
}
