import "server-only";
import path from "node:path";
import pino, { type Logger } from "pino";
import { serverEnv, siteUrl, type ServerEnv } from "@/lib/env";
import { openDatabase, type Database, type Db } from "./db/client";
import { createJobs, type Jobs } from "./jobs/engine";
import { jobHandlers } from "./jobs/handlers";
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
  /** The durable job engine: e-mail and everything else done after or outside a request. */
  jobs: Jobs;
  /** Work that must not delay the answer; failures are logged, tests can wait for it. */
  background: (work: Promise<unknown>) => void;
  /** Waits for background work, then runs every job due now in this process (tests, and scripts before they exit). */
  settle: () => Promise<void>;
  /** Waits for the background work started so far (a stopping process, before it closes the database). */
  backgroundDone: () => Promise<void>;
}

/** JSON lines on standard output, one per browser log record, with an ISO time. */
export function createClientLog(destination?: pino.DestinationStream): Logger {
  const options = { base: { stream: "browser" }, timestamp: pino.stdTimeFunctions.isoTime, messageKey: "msg" };
  return destination ? pino(options, destination) : pino(options);
}

export function createDeps(input: {
  database: Database;
  mailer: Mailer;
  env?: ServerEnv;
  now?: () => Date;
  clientLog?: Logger;
  /** Whether this process runs job workers (server processes); others queue jobs and may drain them. */
  jobWorkers?: boolean;
}): Deps {
  const pending = new Set<Promise<unknown>>();
  const env = input.env ?? serverEnv();
  const deps: Deps = {
    database: input.database,
    db: input.database.db,
    mailer: input.mailer,
    now: input.now ?? (() => new Date()),
    env,
    siteUrl: siteUrl(env),
    clientLog: input.clientLog ?? createClientLog(),
    jobs: createJobs(input.database.jobStore, () => jobHandlers(deps), { workers: input.jobWorkers ?? false }),
    background(work) {
      const tracked = work
        .catch((err) => console.error(JSON.stringify({ level: "error", msg: "background task failed", err: String(err) })))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    async backgroundDone() {
      while (pending.size) await Promise.all([...pending]);
    },
    async settle() {
      do {
        while (pending.size) await Promise.all([...pending]);
      } while ((await deps.jobs.drain()) > 0 || pending.size);
    },
  };
  return deps;
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
    if (!env.SMTP_URL) console.log("[mail] SMTP_URL is not set: sign-in links will be printed here instead of e-mailed.");
    const deps = createDeps({ database, mailer: mailerFromEnv(env), env, jobWorkers: true });
    const attemptPolling = Math.max(500, env.ATTEMPT_SWEEP_INTERVAL_MS ?? 5000) / 1000;
    await deps.jobs.startWorkers({ pollingIntervalSeconds: { "close-attempt": attemptPolling } });
    return deps;
  })().catch((err) => {
    holder.__appDeps = undefined;
    throw err;
  });
  return holder.__appDeps;
}

/**
 * Stops this process's share of the work: its job workers (jobs still running after `timeoutMs`, or
 * once `hurry` is aborted, are handed back to the queue) and then the database. The process's server
 * stops taking requests first.
 */
export async function shutdownDeps(options: { timeoutMs?: number; hurry?: AbortSignal } = {}): Promise<void> {
  const pending = holder.__appDeps;
  if (!pending) return;
  const deps = await pending.catch(() => undefined);
  if (!deps) return;
  // Work queued after an answer (a sign-in link's job) is stored before the database closes.
  const timeoutMs = options.timeoutMs ?? 10_000;
  await Promise.race([deps.backgroundDone(), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  await deps.jobs
    .stop(timeoutMs, options.hurry)
    .catch((err) => console.error(JSON.stringify({ level: "error", msg: "job engine did not stop cleanly", err: String(err) })));
  // A query still running (waiting on a lock, say) keeps the pool from closing: exit without it after the bound.
  const closing = deps.database.close().then(() => false);
  if (await Promise.race([closing, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref())])) {
    throw new Error(`the database did not close within ${timeoutMs} ms: a query was still running`);
  }
}
