import { z } from "zod";
import { defineCall } from "../call";
import { pageLimit } from "../fields";

// The job engine's queue as administrators see it: e-mail, the close of timed attempts and the
// minute sweeps, with each job's state, tries and what its last run said.

export const jobStates = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export const jobQueues = ["mail", "close-attempt", "sweep-attempts", "meeting-reminders", "process-media", "xapi-statement", "xapi-sweep"] as const;

const jobState = z
  .enum(jobStates, { error: `state must be one of ${jobStates.join(", ")}` })
  .describe(
    "created: waiting to run; retry: failed, waiting to run again; active: running now; completed: done; cancelled: withdrawn; failed: out of tries, kept with its reason",
  );

const jobQueue = z.enum(jobQueues, { error: `queue must be one of ${jobQueues.join(", ")}` }).describe("The queue: what kind of work the job is");

export const studioJob = z
  .object({
    id: z.string().describe("The job's id (a queue's job for one subject always has the same id)"),
    queue: jobQueue,
    state: jobState,
    data: z.unknown().describe("What the job names: ids of its subject, never a secret"),
    recipient: z
      .object({ email: z.string(), name: z.string() })
      .nullable()
      .describe("For an e-mail, the person it is written to; null for other jobs, or when that person no longer exists"),
    output: z.unknown().nullable().describe("What its last run said: for a failed or retried job, the error's message (and an SMTP reply code)"),
    retryCount: z.number().int().describe("How many times it has been retried"),
    retryLimit: z.number().int().describe("How many retries it is allowed before it is kept as failed"),
    createdAt: z.string().describe("When it was queued (ISO 8601)"),
    startAfter: z.string().describe("When it runs, or runs again (ISO 8601)"),
    startedAt: z.string().nullable().describe("When its last run started (ISO 8601)"),
    completedAt: z.string().nullable().describe("When it completed, failed for good or was cancelled (ISO 8601)"),
  })
  .meta({ id: "StudioJob" });

export const listJobs = defineCall({
  method: "GET",
  group: "",
  path: "/studio/jobs",
  summary:
    "Jobs of the job engine (e-mail, closing timed attempts), newest first, by state and queue. A page ends at `limit` jobs; the next page is asked for with `before` set to the last job's createdAt. For administrators only.",
  access: "admin",
  query: z.object({
    state: jobState.optional(),
    queue: jobQueue.optional(),
    limit: pageLimit(200).describe("Most jobs to return"),
    before: z.iso
      .datetime({ offset: true, error: "before must be an ISO 8601 date and time" })
      .optional()
      .describe("Only jobs queued before this time: the createdAt of the last job of the previous page"),
  }),
  response: z.object({ jobs: z.array(studioJob) }),
});

export const retryJob = defineCall({
  method: "POST",
  group: "",
  path: "/studio/jobs/retry",
  summary:
    "Runs a job again now: a failed job gets one more try, a job waiting out its retry backoff runs without waiting. Recorded in the audit log (`job.retry`). For administrators only.",
  access: "admin",
  body: z.object({ id: z.uuid({ error: "id must be a job's id (a UUID)" }).describe("The job's id") }),
  response: z.object({ job: studioJob }),
  errors: ["job_not_found", "job_not_retryable"],
});
