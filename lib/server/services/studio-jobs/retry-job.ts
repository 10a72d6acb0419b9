import "server-only";
import { recordAudit } from "../../domain/audit";

import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError, notFound } from "../../errors";
import { jobView, mailRecipients } from "./list-jobs";

const WHY_NOT: Record<string, string> = {
  created: "it is queued and will run on its own",
  active: "it is running now",
  completed: "it has already run",
  cancelled: "it was withdrawn",
};

/** Runs a failed job, or one waiting out its retry backoff, again now; recorded in the audit log. */
export async function retryJob(deps: Deps, actor: User, input: { id: string }) {
  const result = await deps.jobs.retry(input.id);
  if (!result) throw notFound(`No job has the id ${input.id}: the engine may have dropped it once it was old.`, "job_not_found");
  const { before, after } = result;
  if (before.state !== "failed" && before.state !== "retry") {
    throw new ApiError(409, "job_not_retryable", `The job cannot be retried: ${WHY_NOT[before.state] ?? `it is ${before.state}`}.`, {}, { state: before.state });
  }
  const pick = (job: typeof before) => ({ state: job.state, retryLimit: job.retryLimit, startAfter: job.startAfter.toISOString() });
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: "job.retry",
    summary: `Retried a ${before.queue} job (${before.state === "failed" ? "it had failed" : "it was waiting to be retried"})`,
    before: { job: before.id, queue: before.queue, ...pick(before) },
    after: { job: after.id, queue: after.queue, ...pick(after) },
    at: deps.now(),
  });
  return { job: jobView(after, (await mailRecipients(deps, [after])).get(after.id) ?? null) };
}
