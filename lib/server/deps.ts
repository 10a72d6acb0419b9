import "server-only";
import path from "node:path";
import pino, { type Logger } from "pino";
import { serverEnv, siteUrl, type ServerEnv } from "@/lib/env";
import { openDatabase, type Database, type Db } from "./db/client";
import { logMailer, smtpMailer, type Mailer } from "./mail/mailer";

/** Everything a service needs from the outside world, passed in so tests can supply their own. */
export interface Deps {
  database: Database;
  db: Db;
  mailer: Mailer;
  now: () => Date;
  env: ServerEnv;
  siteUrl: string;
  /** Structured JSON lines for the browsers' log records (POST /api/log). */
  clientLog: Logger;
  /** Work that must not delay the answer (e-mail); failures are logged, tests can wait for it. */
  background: (work: Promise<unknown>) => void;
  settle: () => Promise<void>;
}

/** JSON lines on standard output, one per browser log record, with an ISO time. */
export function createClientLog(destination?: pino.DestinationStream): Logger {
  const options = { base: { stream: "browser" }, timestamp: pino.stdTimeFunctions.isoTime, messageKey: "msg" };
  return destination ? pino(options, destination) : pino(options);
}

export function createDeps(input: { database: Database; mailer: Mailer; env?: ServerEnv; now?: () => Date; clientLog?: Logger }): Deps {
  const pending = new Set<Promise<unknown>>();
  const env = input.env ?? serverEnv();
  return {
    database: input.database,
    db: input.database.db,
    mailer: input.mailer,
    now: input.now ?? (() => new Date()),
    env,
    siteUrl: siteUrl(env),
    clientLog: input.clientLog ?? createClientLog(),
    background(work) {
      const tracked = work
        .catch((err) => console.error(JSON.stringify({ level: "error", msg: "background task failed", err: String(err) })))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async settle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export function mailerFromEnv(env: ServerEnv): Mailer {
  if (env.SMTP_URL) return smtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Learning Platform <no-reply@localhost>");
  return logMailer();
}

// One instance per process, kept on globalThis: Next may load this module in several bundles.
const holder = globalThis as unknown as { __appDeps?: Promise<Deps> };

/** The process's dependencies: opens and migrates the database on first use, and fills an empty dev database with the demo content. */
export function getDeps(): Promise<Deps> {
  holder.__appDeps ??= (async () => {
    const env = serverEnv();
    const database = await openDatabase({
      url: env.DATABASE_URL,
      dir: env.DATABASE_URL ? undefined : path.resolve(/*turbopackIgnore: true*/ env.PGLITE_DIR ?? ".data/pglite"),
      acceptsCommands: true,
    });
    // The embedded database's operator commands run here while this process owns it (operations/control-server.ts).
    if (database.folder) await (await import("./operations/control-server")).serveOperatorCommands(database.folder, getDeps);
    const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${env.PGLITE_DIR ?? ".data/pglite"}`;
    await database.migrate();
    console.log(`[database] ${where} is migrated and ready.`);
    if (env.APP_ENV === "dev") {
      const { seedDemoIfEmpty } = await import("./content/seed");
      const seeded = await seedDemoIfEmpty(database.db);
      if (seeded) {
        console.log(
          `[database] The database was empty: imported the demo content (${seeded.courses} courses, ${seeded.videos} videos, ${seeded.mcqBlocks} MCQ blocks, ${seeded.essayBlocks} essays, ${seeded.users} users). Sign in as learner@demo.test; an essay waits for grader@demo.test on /evaluate.`,
        );
      }
    }
    const close = async () => {
      await database.close().catch(() => undefined);
      process.exit(0);
    };
    process.once("SIGTERM", close);
    process.once("SIGINT", close);
    if (!env.SMTP_URL) console.log("[mail] SMTP_URL is not set: sign-in links will be printed here instead of e-mailed.");
    return createDeps({ database, mailer: mailerFromEnv(env), env });
  })().catch((err) => {
    holder.__appDeps = undefined;
    throw err;
  });
  return holder.__appDeps;
}
