import { existsSync } from "node:fs";
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { openDatabase, type Database } from "@/lib/server/db/client";
import { FolderInUseError, FolderLockError } from "@/lib/server/db/folder-lock";
import { createDeps, mailerFromEnv } from "@/lib/server/deps";
import { operatorCommands, runOperatorCommand, UsageError, type OperatorCommandName } from "@/lib/server/operations/commands";
import { handToOwner } from "@/lib/server/operations/control-client";

/** The same settings as the app: the environment first, then .env.local and .env. */
export function loadEnvFiles() {
  for (const file of [".env.local", ".env"]) if (existsSync(file)) process.loadEnvFile(file);
}

const console_ = { log: (line: string) => console.log(line), error: (line: string) => console.error(line) };

/**
 * What every database script does: parses its arguments (usage errors exit 2 before anything is
 * opened), then runs the command where the database is. With DATABASE_URL, or when no process holds
 * the embedded database, it opens the database itself (migrating it first), runs and closes it. When
 * a running server holds the embedded database, the server runs the very same command on its open
 * database and this process prints what it prints and exits with its code. When another process
 * that takes no commands holds it (another script), it refuses with that process's name.
 */
export async function runCommand(name: OperatorCommandName, args: string[]): Promise<void> {
  let work: unknown;
  try {
    work = operatorCommands[name].parse(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(err.message);
    process.exit(err.exitCode);
  }
  loadEnvFiles();
  const env = serverEnv();
  const pgliteDir = path.resolve(env.PGLITE_DIR ?? ".data/pglite");
  // A server can stop (or be killed) while a command waits for it: then the folder is free to open.
  for (let round = 0; round < 3; round++) {
    let database: Database;
    try {
      database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: pgliteDir });
    } catch (err) {
      if (err instanceof FolderInUseError && err.holder.socket && err.liveness === "alive" && err.holder.pid !== process.pid) {
        const handed = await handToOwner(err.holder, err.dir, { command: name, args, cwd: process.cwd(), pid: process.pid }, console_);
        if ("exit" in handed) {
          process.exitCode = handed.exit;
          return;
        }
        continue;
      }
      if (err instanceof FolderInUseError || err instanceof FolderLockError) {
        console.error(err.message);
        process.exitCode = 1;
        return;
      }
      throw err;
    }
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`;
    const deps = createDeps({ database, mailer: mailerFromEnv(env), env });
    try {
      // A backup copies the database as it is.
      if (name !== "db:backup") await database.migrate();
      process.exitCode = await runOperatorCommand({ database, deps, where, cwd: process.cwd(), out: console_, inServer: false }, name, work);
      // E-mail the command queued goes out now; what the mail server refuses stays queued for a server to retry.
      await deps.settle();
    } finally {
      await deps.jobs.stop(0);
      await database.close();
    }
    return;
  }
  console.error(`${pgliteDir} changed hands several times while this command waited: run it again.`);
  process.exitCode = 1;
}
