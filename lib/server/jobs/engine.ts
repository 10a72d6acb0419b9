import "server-only";
import { createHash } from "node:crypto";
import { fromPglite, PgBoss, type ConstructorOptions, type Job } from "pg-boss";
import type { JobStore } from "../db/client";
import { JOB_NAMES, QUEUES, type JobData, type JobName } from "./queues";

export type JobHandler<N extends JobName> = (data: JobData[N], job: { id: string; retryCount: number }) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobRecord {
  id: string;
  queue: string;
  state: JobState;
  data: unknown;
  /** What the last run said: the error of a failed run, for example. */
  output: unknown;
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  startAfter: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface Jobs {
  /**
   * Queues a job for `key`, its subject (e.g. `invite:<id>`). The job's id is made from the queue and
   * the key, so sending the same key again while the job is kept (a retried request, two processes
   * at once) queues nothing more. Call it after the transaction that made the subject has committed:
   * on the embedded database the queue shares the one connection with that transaction.
   */
  send<N extends JobName>(name: N, key: string, data: JobData[N], options?: { startAfter?: Date }): Promise<void>;
  /** Queues many jobs of one queue at once, each keyed as `send` keys it (a key already queued is skipped). */
  sendMany<N extends JobName>(name: N, jobs: { key: string; data: JobData[N] }[]): Promise<void>;
  /** The kept jobs of a queue with these keys, by key (a job the engine no longer keeps is missing). */
  find(name: JobName, keys: string[]): Promise<Map<string, JobRecord>>;
  /** Starts this process's workers and the queues' schedules (server processes only). */
  startWorkers(options?: { pollingIntervalSeconds?: Partial<Record<JobName, number>> }): Promise<void>;
  /** Runs every job due now, in this process, until none is left; returns how many ran. */
  drain(): Promise<number>;
  /** Jobs by state, newest first. */
  list(filter: { state?: JobState; queue?: JobName; limit: number; before?: Date }): Promise<JobRecord[]>;
  /**
   * Runs a job again now: a failed one gets one more try (its retry limit goes up by one), one
   * waiting out its retry backoff runs without waiting. Answers the job before and after, or null
   * when no job has this id; a job in another state is left as it is (`after` equals `before`).
   */
  retry(id: string): Promise<{ before: JobRecord; after: JobRecord } | null>;
  /**
   * Stops taking jobs, waits up to `timeoutMs` (or until `hurry` is aborted) for the ones running here
   * and hands back any still running (each is failed with the reason, so it is retried by another process).
   */
  stop(timeoutMs?: number, hurry?: AbortSignal): Promise<void>;
}

/** A stable UUID for a queue and subject: the same job is one row however often it is sent. */
export function jobId(name: string, key: string): string {
  const hex = createHash("sha256").update(`${name}\u0000${key}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const log = (level: "info" | "error" | "warn", msg: string, fields: Record<string, unknown> = {}) =>
  (level === "error" ? console.error : console.log)(JSON.stringify({ level, msg, ...fields }));

/** An error as the job keeps it: its message, and an SMTP server's reply code when there is one. */
function failure(err: unknown): { message: string; code?: string | number } {
  if (err instanceof Error) {
    const { responseCode, code } = err as Error & { responseCode?: number; code?: string };
    return { message: err.message, ...(responseCode ? { code: responseCode } : code ? { code } : {}) };
  }
  return { message: String(err) };
}

const JOB_COLUMNS = "id, name, state, data, output, retry_count, retry_limit, created_on, start_after, started_on, completed_on";

const jobRecord = (row: Record<string, unknown>): JobRecord => ({
  id: String(row.id),
  queue: String(row.name),
  state: row.state as JobState,
  data: row.data,
  output: row.output ?? null,
  retryCount: Number(row.retry_count),
  retryLimit: Number(row.retry_limit),
  createdAt: new Date(row.created_on as string),
  startAfter: new Date(row.start_after as string),
  startedAt: row.started_on ? new Date(row.started_on as string) : null,
  completedAt: row.completed_on ? new Date(row.completed_on as string) : null,
});

/**
 * The job engine: pg-boss, keeping its queue in the app's own database (schema `pgboss`). On
 * PostgreSQL it has a small pool of its own; on the embedded database it runs through the same
 * PGlite, whose one connection it shares with the app's statements in turn.
 */
export function createJobs(store: JobStore, handlers: () => JobHandlers, settings: { workers: boolean }): Jobs {
  const options: ConstructorOptions =
    store.kind === "pglite"
      ? { db: fromPglite(store.client), backend: "pglite", useListenNotify: true }
      : { connectionString: store.url, max: 4, useListenNotify: true, connectionTimeoutMillis: 5000 };
  let ready: Promise<PgBoss> | undefined;
  let workersStarted = false;
  let stopping = false;
  const running = new Map<string, { name: JobName; settled: Promise<void> }>();

  // Starting installs or upgrades the schema and creates the queues: once per process, on first use.
  // Only a process with workers keeps the queues in order (expiry, retention) and runs the schedules.
  const start = () =>
    (ready ??= (async () => {
      const instance = new PgBoss({ ...options, supervise: settings.workers, schedule: settings.workers, instanceName: `pid-${process.pid}` });
      instance.on("error", (err) => log("error", "job engine error", { err: String(err) }));
      await instance.start();
      for (const name of JOB_NAMES) {
        const queueOptions = { ...QUEUES[name].options, notify: name === "mail" };
        if (await instance.getQueue(name)) await instance.updateQueue(name, queueOptions);
        else await instance.createQueue(name, queueOptions);
      }
      return instance;
    })().catch((err) => {
      ready = undefined;
      throw err;
    }));

  async function run<N extends JobName>(name: N, job: Job<JobData[N]> & { retryCount?: number }) {
    const attempt = { id: job.id, retryCount: job.retryCount ?? 0 };
    await handlers()[name](job.data, attempt);
  }

  /** Runs one job and records where it is, so a stop can wait for it or hand it back. */
  function track<T>(id: string, name: JobName, work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    running.set(id, { name, settled });
    void settled.finally(() => running.delete(id));
    return work;
  }

  return {
    async send(name, key, data, sendOptions = {}) {
      const instance = await start();
      await instance.send(name, data as object, { id: jobId(name, key), ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}) });
    },

    async sendMany(name, jobs) {
      if (!jobs.length) return;
      const instance = await start();
      for (let at = 0; at < jobs.length; at += 1000) {
        await instance.insert(name, jobs.slice(at, at + 1000).map((job) => ({ id: jobId(name, job.key), data: job.data as object })));
      }
    },

    async find(name, keys) {
      const found = new Map<string, JobRecord>();
      if (!keys.length) return found;
      const instance = await start();
      const byId = new Map(keys.map((key) => [jobId(name, key), key]));
      const { rows } = await instance.getDb().executeSql(
        `select ${JOB_COLUMNS} from pgboss.job where name = $1 and id = any($2::uuid[])`,
        [name, [...byId.keys()]],
      );
      for (const row of rows as Record<string, unknown>[]) found.set(byId.get(String(row.id))!, jobRecord(row));
      return found;
    },

    async startWorkers(workerOptions = {}) {
      if (!settings.workers) throw new Error("This process was made without job workers.");
      if (workersStarted) return;
      workersStarted = true;
      const instance = await start();
      for (const name of JOB_NAMES) {
        const pollingIntervalSeconds = Math.max(0.5, workerOptions.pollingIntervalSeconds?.[name] ?? QUEUES[name].pollingIntervalSeconds ?? 2);
        // One job per fetch, so a stop hands back only jobs that started; a worker waits its interval
        // between fetches, so a queue that must keep up (e-mail) has several. The queue's NOTIFY wakes
        // them for a new job, but not for a retry coming due: they poll at the same pace with it on.
        const workOptions = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, batchSize: 1, localConcurrency: QUEUES[name].workers ?? 1 };
        await instance.work<JobData[typeof name]>(name, workOptions, async (jobs) => {
          for (const job of jobs) {
            try {
              await track(job.id, name, run(name, job));
            } catch (err) {
              log("warn", "job failed; it will be retried unless it has run out of tries", { queue: name, jobId: job.id, err: failure(err).message });
              throw Object.assign(new Error(failure(err).message), failure(err));
            }
          }
        });
        const cron = QUEUES[name].cron;
        if (cron) await instance.schedule(name, cron, {}, { tz: "UTC" });
      }
    },

    async drain() {
      if (!ready) return 0;
      const instance = await ready;
      let ran = 0;
      for (let again = true; again; ) {
        again = false;
        for (const name of JOB_NAMES) {
          const jobs = await instance.fetch<JobData[typeof name]>(name, { batchSize: 20 });
          for (const job of jobs) {
            again = true;
            ran += 1;
            try {
              await track(job.id, name, run(name, job));
              await instance.complete(name, job.id);
            } catch (err) {
              await instance.fail(name, job.id, failure(err));
            }
          }
        }
      }
      return ran;
    },

    async list(filter) {
      const instance = await start();
      const params: unknown[] = [filter.state ?? null, filter.queue ?? null, filter.before ?? null, filter.limit];
      const { rows } = await instance.getDb().executeSql(
        `select ${JOB_COLUMNS}
           from pgboss.job
          where ($1::text is null or state::text = $1) and ($2::text is null or name = $2) and ($3::timestamptz is null or created_on < $3)
          order by created_on desc, id
          limit $4`,
        params,
      );
      return rows.map((row: Record<string, unknown>) => jobRecord(row));
    },

    async retry(id) {
      const instance = await start();
      const read = async () => {
        const { rows } = await instance.getDb().executeSql(`select ${JOB_COLUMNS} from pgboss.job where id = $1::uuid`, [id]);
        return rows[0] ? jobRecord(rows[0] as Record<string, unknown>) : null;
      };
      const before = await read();
      if (!before) return null;
      if (before.state === "failed") await instance.retry(before.queue, id);
      else if (before.state === "retry") await instance.getDb().executeSql(`update pgboss.job set start_after = now() where id = $1::uuid and state = 'retry'`, [id]);
      return { before, after: (await read()) ?? before };
    },

    async stop(timeoutMs = 10_000, hurry) {
      if (stopping || !ready) return;
      stopping = true;
      const instance = await ready.catch(() => undefined);
      if (!instance) return;
      for (const name of JOB_NAMES) await instance.offWork(name).catch(() => undefined);
      const left = await Promise.race([
        Promise.all([...running.values()].map((r) => r.settled)).then(() => false),
        new Promise<boolean>((resolve) => {
          setTimeout(() => resolve(true), timeoutMs).unref();
          if (hurry?.aborted) resolve(true);
          hurry?.addEventListener("abort", () => resolve(true), { once: true });
        }),
      ]);
      if (left) {
        for (const [id, { name }] of running) {
          await instance.fail(name, id, { message: "the process stopped before the job finished; it will run again" }).catch(() => undefined);
          log("info", "job handed back at shutdown", { queue: name, jobId: id });
        }
      }
      await instance.stop({ graceful: false, close: store.kind === "postgres", timeout: 1000 }).catch(() => undefined);
    },
  };
}
