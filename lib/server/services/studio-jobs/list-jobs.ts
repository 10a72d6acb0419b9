import "server-only";
import type { jobQueues, jobStates } from "@/lib/contract/calls/studio-jobs";
import type { Deps } from "../../deps";
import type { JobState } from "../../jobs/engine";
import type { JobName } from "../../jobs/queues";

// The contract names the engine's states and queues itself (it imports nothing from the server); these fail to compile when the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statesAgree: Same<(typeof jobStates)[number], JobState> = true;
const queuesAgree: Same<(typeof jobQueues)[number], JobName> = true;
void statesAgree;
void queuesAgree;

/** The job engine's jobs, newest first; the route admits administrators only. */
export async function listJobs(deps: Deps, filter: { state?: JobState; queue?: JobName; limit: number; before?: string }) {
  const jobs = await deps.jobs.list({ state: filter.state, queue: filter.queue, limit: filter.limit, before: filter.before ? new Date(filter.before) : undefined });
  return {
    jobs: jobs.map((job) => ({
      id: job.id,
      queue: job.queue as JobName,
      state: job.state,
      data: job.data,
      output: job.output,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      createdAt: job.createdAt.toISOString(),
      startAfter: job.startAfter.toISOString(),
      startedAt: job.startedAt?.toISOString() ?? null,
      completedAt: job.completedAt?.toISOString() ?? null,
    })),
  };
}
