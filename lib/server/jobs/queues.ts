import "server-only";
import type { QueueOptions } from "pg-boss";

/** What each job of a queue carries: ids of its subject, never a secret (the queue is a table anyone with the database can read). */
export interface JobData {
  /** One e-mail, rendered from the database when it is sent (see lib/server/mail/outbox.ts). */
  mail: MailJob;
  /** Closes one timed attempt once its deadline and grace period have passed. */
  "close-attempt": { kind: "mcqBlock" | "essayBlock"; attemptId: string };
  /** Every minute: closes any running attempt past its deadline that no job closed (attempts made by an import, say). */
  "sweep-attempts": Record<string, never>;
  /** Every minute: queues the e-mail of each group session starting within the hour to each learner registered for it. */
  "meeting-reminders": Record<string, never>;
  /** Processes one uploaded video: duration, poster, HLS renditions (services/studio-media/process-media.ts). */
  "process-media": { mediaId: string };
  /** Sends one xAPI statement to the LRS (services/xapi/deliver-statement.ts). */
  "xapi-statement": { statementId: string };
  /** Every minute: queues a send for each xAPI statement still waiting for the LRS. */
  "xapi-sweep": Record<string, never>;
}

export type MailJob =
  | { template: "sign-in"; inviteId: string }
  | { template: "essay-graded"; attemptId: string }
  | { template: "meeting-reminder"; meetingId: string; userId: string; startsAt: string }
  /** A registered learner told that a session changed (calendar METHOD:REQUEST) or was cancelled (METHOD:CANCEL); `sequence` is the revision it announces. */
  | { template: "meeting-update"; meetingId: string; userId: string; sequence: number }
  | { template: "meeting-cancel"; meetingId: string; userId: string; sequence: number }
  /** A learner told that their purchase request was declined, with the note; `answeredAt` names the answer, so a later one is not sent in its place. */
  | { template: "purchase-declined"; requestId: string; userId: string; answeredAt: string };

export type JobName = keyof JobData;

interface QueueDefinition {
  options: QueueOptions;
  /** A cron schedule (UTC) on which the engine sends the queue its one job; at most one process runs it each time. */
  cron?: string;
  /** How many of the queue's jobs a process runs at once (default 1). */
  workers?: number;
  /** How often each worker looks for a job due (default 2 s). */
  pollingIntervalSeconds?: number;
}

/**
 * The queues and their retry policies. A failed job is retried with exponential backoff
 * (retryDelay · 2^n seconds, with jitter, up to retryDelayMax); after retryLimit retries it is kept as
 * failed with its reason. A job still active after expireInSeconds (its process died) is retried.
 */
export const QUEUES: Record<JobName, QueueDefinition> = {
  // An SMTP server that defers (4xx) is tried again within seconds, then less and less often: about
  // three hours before a message is given up on.
  // Sending waits on the mail server, so each process sends several messages at once (MAIL_WORKERS, default 4).
  mail: {
    options: { retryLimit: 12, retryDelay: 1, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 120 },
    workers: Math.min(64, Math.max(1, Math.floor(Number(process.env.MAIL_WORKERS) || 4))),
    pollingIntervalSeconds: 1,
  },
  "close-attempt": { options: { retryLimit: 20, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 60 } },
  "sweep-attempts": { options: { retryLimit: 0, expireInSeconds: 55 }, cron: "* * * * *" },
  "meeting-reminders": { options: { retryLimit: 0, expireInSeconds: 55 }, cron: "* * * * *" },
  // Transcoding a long video takes minutes; a process that died is noticed after an hour.
  "process-media": { options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 3600 }, pollingIntervalSeconds: 5 },
  // An LRS that is down or answers 5xx gets the statement again within seconds, then less and less
  // often: about a day before it is kept as failed (an administrator may retry it on /studio/jobs).
  "xapi-statement": {
    options: { retryLimit: 30, retryDelay: 2, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
    workers: 2,
    pollingIntervalSeconds: 1,
  },
  "xapi-sweep": { options: { retryLimit: 0, expireInSeconds: 55 }, cron: "* * * * *" },
};

export const JOB_NAMES = Object.keys(QUEUES) as JobName[];
