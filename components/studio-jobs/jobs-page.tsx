"use client";

import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useState } from "react";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { errorMessage } from "@/lib/api/errors";
import { retryJob, studioJobsQueries, type JobsQuery, type StudioJob } from "@/lib/api/studio-jobs";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";

type Queue = NonNullable<JobsQuery["queue"]>;
type State = NonNullable<JobsQuery["state"]>;

const QUEUE_LABELS: Record<Queue, string> = {
  mail: "E-mail",
  "close-attempt": "Closing a timed attempt",
  "sweep-attempts": "Sweep of overdue attempts",
  "meeting-reminders": "Group session reminders",
  "process-media": "Video processing",
  "xapi-statement": "xAPI statement to the LRS",
  "xapi-sweep": "Sweep of xAPI statements waiting",
};

const STATE_LABELS: Record<State, string> = {
  created: "Waiting",
  retry: "Retrying",
  active: "Running",
  completed: "Done",
  cancelled: "Withdrawn",
  failed: "Failed",
};

const STATE_TONES: Record<State, string> = {
  created: "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark",
  retry: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  active: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  completed: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  cancelled: "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

const MAIL_LABELS: Record<string, string> = {
  "sign-in": "Sign-in link",
  "essay-graded": "Essay graded",
  "meeting-reminder": "Group session reminder",
  "meeting-update": "Group session changed",
  "meeting-cancel": "Group session cancelled",
  "purchase-declined": "Purchase request declined",
};

const PAGE = 50;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** What a job is about, in words: an e-mail's kind and recipient, or the queue's name. */
function jobTitle(job: StudioJob): string {
  if (job.queue !== "mail") return QUEUE_LABELS[job.queue];
  const template = (job.data as { template?: string } | null)?.template ?? "";
  const kind = MAIL_LABELS[template] ?? "E-mail";
  return job.recipient ? `${kind} to ${job.recipient.name} <${job.recipient.email}>` : `${kind} e-mail`;
}

/** The reason its last run gave, for a job that failed or waits to be retried. */
function jobReason(job: StudioJob): string | null {
  if (job.state !== "failed" && job.state !== "retry") return null;
  const output = job.output as { message?: unknown } | null;
  return typeof output?.message === "string" ? output.message : null;
}

/** /studio/jobs: the job engine's queues, what failed and why, and a way to run a job again. */
export function JobsPage() {
  const [filters, setFilters] = useState<JobsQuery>({ queue: "mail", limit: PAGE });
  const [pagesBefore, setPagesBefore] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({ queries: pagesBefore.map((before) => studioJobsQueries.listJobs(filters, before)) });
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const jobs = pages.flatMap((p) => p.data?.jobs ?? []);
  const lastPageFull = (last.data?.jobs.length ?? 0) >= PAGE;
  const setFilter = (patch: Partial<JobsQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPagesBefore([undefined]);
  };

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader
        title="Jobs"
        readableWidth
        description="E-mails, the closing of timed attempts, reminders and video processing run as jobs. A job that fails is tried again on its own, less and less often; one that runs out of tries stays here as failed, with the reason, until you run it again."
      />

      <form aria-label="Filter jobs" className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1 md:max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm font-medium">
          Queue
          <select className={`${inputClass} mt-1`} value={filters.queue ?? ""} onChange={(e) => setFilter({ queue: (e.target.value || undefined) as Queue | undefined })}>
            <option value="">Any</option>
            {(Object.keys(QUEUE_LABELS) as Queue[]).map((queue) => (
              <option key={queue} value={queue}>
                {QUEUE_LABELS[queue]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          State
          <select className={`${inputClass} mt-1`} value={filters.state ?? ""} onChange={(e) => setFilter({ state: (e.target.value || undefined) as State | undefined })}>
            <option value="">Any</option>
            {(Object.keys(STATE_LABELS) as State[]).map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
      </form>

      <StudioListBody
        query={first}
        loadingLabel="Loading jobs"
        rows={4}
        isEmpty={() => jobs.length === 0}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">No jobs match.</p>}
      >
        {() => (
          <ul aria-label="Jobs" className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!(lastPageFull && last.data)} onMore={() => setPagesBefore((b) => [...b, last.data!.jobs.at(-1)!.createdAt])} loadingMore={last.isPending && pagesBefore.length > 1} />
    </div>
  );
}

function JobRow({ job }: { job: StudioJob }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job.id),
    onSuccess: async () => {
      showToast({ title: "Job queued", description: `${jobTitle(job)} runs again now.` });
      await queryClient.invalidateQueries({ queryKey: studioJobsQueries.all });
    },
    onError: (error) => showToast({ title: "Not retried", description: errorMessage(error), variant: "destructive" }),
  });
  const reason = jobReason(job);
  const canRetry = job.state === "failed" || job.state === "retry";
  const title = jobTitle(job);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="break-words font-semibold">{title}</p>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          Queued {when(job.createdAt)}
          {job.completedAt ? ` · ${job.state === "failed" ? "gave up" : "finished"} ${when(job.completedAt)}` : job.state === "retry" || job.state === "created" ? ` · runs ${when(job.startAfter)}` : ""}
          {job.retryCount > 0 ? ` · retried ${job.retryCount} of ${job.retryLimit} times` : ""}
        </p>
        {reason && <p className="break-words text-sm text-red-800 dark:text-red-200">Last reply: {reason}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATE_TONES[job.state]}`}>{STATE_LABELS[job.state]}</span>
        {canRetry && (
          <button
            type="button"
            aria-label={`${job.state === "failed" ? "Retry" : "Run now"}: ${title}`}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800"
            disabled={retry.isPending}
            onClick={() => retry.mutate()}
          >
            <RotateCw aria-hidden className="h-4 w-4" /> {job.state === "failed" ? "Retry" : "Run now"}
          </button>
        )}
      </div>
    </li>
  );
}
