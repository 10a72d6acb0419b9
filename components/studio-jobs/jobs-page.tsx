"use client";

import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import { useState } from "react";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { retryJob, studioJobsQueries, type JobsQuery, type StudioJob } from "@/lib/api/studio-jobs";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";

type Queue = NonNullable<JobsQuery["queue"]>;
type State = NonNullable<JobsQuery["state"]>;

const QUEUES: Queue[] = ["mail", "close-attempt", "sweep-attempts", "meeting-reminders", "process-media", "xapi-statement", "xapi-sweep"];

const STATES: State[] = ["created", "retry", "active", "completed", "cancelled", "failed"];

const STATE_TONES: Record<State, string> = {
  created: "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark",
  retry: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  active: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  completed: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  cancelled: "bg-slate-100 text-ink dark:bg-slate-800 dark:text-ink-dark",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
};

/** The e-mail templates that have a name of their own; any other is "E-mail". */
const MAILS = ["sign-in", "essay-graded", "meeting-reminder", "meeting-update", "meeting-cancel", "purchase-declined"] as const;
type Mail = (typeof MAILS)[number];

const PAGE = 50;

/** What a job is about, in words: an e-mail's kind and recipient, or the queue's name. */
function useJobTitle() {
  const t = useTranslations("studioJobs");
  return (job: StudioJob): string => {
    if (job.queue !== "mail") return t(`queues.${job.queue}`);
    const template = (job.data as { template?: string } | null)?.template ?? "";
    const kind = t(`mails.${(MAILS as readonly string[]).includes(template) ? (template as Mail) : "other"}`);
    return job.recipient ? t("mailTo", { kind, recipient: `${job.recipient.name} <${job.recipient.email}>` }) : t("mailKind", { kind });
  };
}

/** The reason its last run gave, for a job that failed or waits to be retried. */
function jobReason(job: StudioJob): string | null {
  if (job.state !== "failed" && job.state !== "retry") return null;
  const output = job.output as { message?: unknown } | null;
  return typeof output?.message === "string" ? output.message : null;
}

/** /studio/jobs: the job engine's queues, what failed and why, and a way to run a job again. */
export function JobsPage() {
  const t = useTranslations("studioJobs");
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
        title={t("title")}
        readableWidth
        description={t("intro")}
      />

      <form aria-label={t("filter")} className="grid grid-cols-2 gap-3 max-mobile:grid-cols-1 md:max-w-xl" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm font-medium">
          {t("queue")}
          <select className={`${inputClass} mt-1`} value={filters.queue ?? ""} onChange={(e) => setFilter({ queue: (e.target.value || undefined) as Queue | undefined })}>
            <option value="">{t("any")}</option>
            {QUEUES.map((queue) => (
              <option key={queue} value={queue}>
                {t(`queues.${queue}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("state")}
          <select className={`${inputClass} mt-1`} value={filters.state ?? ""} onChange={(e) => setFilter({ state: (e.target.value || undefined) as State | undefined })}>
            <option value="">{t("any")}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </label>
      </form>

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        rows={4}
        isEmpty={() => jobs.length === 0}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("list")} className="divide-y divide-slate-200 rounded-card bg-white ring-1 ring-slate-200 dark:divide-slate-700 dark:bg-surface-dark-muted dark:ring-slate-700">
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
  const t = useTranslations("studioJobs");
  const errorText = useErrorText();
  const when = useReaderDateTime();
  const jobTitle = useJobTitle();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryJob(job.id),
    onSuccess: async () => {
      showToast({ title: t("requeued"), description: t("requeuedText", { title: jobTitle(job) }) });
      await queryClient.invalidateQueries({ queryKey: studioJobsQueries.all });
    },
    onError: (error) => showToast({ title: t("notRetried"), description: errorText(error), variant: "destructive" }),
  });
  const reason = jobReason(job);
  const canRetry = job.state === "failed" || job.state === "retry";
  const title = jobTitle(job);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="break-words font-semibold">{title}</p>
        <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
          {t("queued", { when: when(job.createdAt) })}
          {job.completedAt
            ? ` · ${t(job.state === "failed" ? "gaveUp" : "finished", { when: when(job.completedAt) })}`
            : job.state === "retry" || job.state === "created"
              ? ` · ${t("runs", { when: when(job.startAfter) })}`
              : ""}
          {job.retryCount > 0 ? ` · ${t("retried", { count: job.retryCount, limit: job.retryLimit })}` : ""}
        </p>
        {reason && <p className="break-words text-sm text-red-800 dark:text-red-200">{t("lastReply", { reason })}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATE_TONES[job.state]}`}>{t(`states.${job.state}`)}</span>
        {canRetry && (
          <button
            type="button"
            aria-label={t("actionLabel", { action: job.state === "failed" ? t("retry") : t("runNow"), title })}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800"
            disabled={retry.isPending}
            onClick={() => retry.mutate()}
          >
            <RotateCw aria-hidden className="h-4 w-4" /> {job.state === "failed" ? t("retry") : t("runNow")}
          </button>
        )}
      </div>
    </li>
  );
}
