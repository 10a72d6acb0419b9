import "server-only";
import { eq, inArray } from "drizzle-orm";
import { essayAttempts, invites, users } from "../../db/schema";
import type { jobQueues, jobStates } from "@/lib/contract/calls/studio-jobs";
import type { Deps } from "../../deps";
import type { JobRecord, JobState } from "../../jobs/engine";
import type { JobName, MailJob } from "../../jobs/queues";

// The contract names the engine's states and queues itself (it imports nothing from the server); these fail to compile when the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statesAgree: Same<(typeof jobStates)[number], JobState> = true;
const queuesAgree: Same<(typeof jobQueues)[number], JobName> = true;
void statesAgree;
void queuesAgree;

/** The job engine's jobs, newest first; the route admits administrators only. */
export async function listJobs(deps: Deps, filter: { state?: JobState; queue?: JobName; limit: number; before?: string }) {
  const jobs = await deps.jobs.list({ state: filter.state, queue: filter.queue, limit: filter.limit, before: filter.before ? new Date(filter.before) : undefined });
  const recipients = await mailRecipients(deps, jobs);
  return { jobs: jobs.map((job) => jobView(job, recipients.get(job.id) ?? null)) };
}

type Person = { email: string; name: string };

/** Whom each e-mail job of a page writes to, read from what the job names: at most one query per kind of e-mail. */
export async function mailRecipients(deps: Deps, jobs: JobRecord[]): Promise<Map<string, Person>> {
  const mails = jobs.filter((job) => job.queue === "mail").map((job) => ({ id: job.id, mail: job.data as MailJob }));
  const ids = <T extends MailJob["template"]>(template: T, key: (mail: Extract<MailJob, { template: T }>) => string) =>
    mails.flatMap(({ mail }) => (mail.template === template ? [key(mail as Extract<MailJob, { template: T }>)] : []));
  const inviteIds = ids("sign-in", (m) => m.inviteId);
  const attemptIds = ids("essay-graded", (m) => m.attemptId);
  const userIds = [...ids("meeting-reminder", (m) => m.userId), ...ids("meeting-update", (m) => m.userId), ...ids("meeting-cancel", (m) => m.userId), ...ids("purchase-declined", (m) => m.userId)];
  const person = { email: users.email, name: users.name };
  const [byInvite, byAttempt, byUser] = await Promise.all([
    inviteIds.length ? deps.db.select({ key: invites.id, ...person }).from(invites).innerJoin(users, eq(users.id, invites.userId)).where(inArray(invites.id, inviteIds)) : [],
    attemptIds.length
      ? deps.db.select({ key: essayAttempts.id, ...person }).from(essayAttempts).innerJoin(users, eq(users.id, essayAttempts.userId)).where(inArray(essayAttempts.id, attemptIds))
      : [],
    userIds.length ? deps.db.select({ key: users.id, ...person }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const found = new Map<string, Person>([...byInvite, ...byAttempt, ...byUser].map((row) => [row.key, { email: row.email, name: row.name }]));
  const recipients = new Map<string, Person>();
  for (const { id, mail } of mails) {
    const key = mail.template === "sign-in" ? mail.inviteId : mail.template === "essay-graded" ? mail.attemptId : mail.userId;
    const to = found.get(key);
    if (to) recipients.set(id, to);
  }
  return recipients;
}

/** A job as the contract answers it. */
export const jobView = (job: JobRecord, recipient: Person | null) => ({
  id: job.id,
  queue: job.queue as JobName,
  state: job.state,
  data: job.data,
  recipient,
  output: job.output,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
  createdAt: job.createdAt.toISOString(),
  startAfter: job.startAfter.toISOString(),
  startedAt: job.startedAt?.toISOString() ?? null,
  completedAt: job.completedAt?.toISOString() ?? null,
});
