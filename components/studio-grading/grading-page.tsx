"use client";

import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock, UserCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { StudioListHeader, StudioListBody, LoadMore } from "@/components/studio-people/studio-list";
import { useErrorText } from "@/components/i18n/use-error-text";
import { gradingQueries } from "@/lib/api/grading";
import { assignSubmission, studioGradingQueries, type GraderChoice, type GradingQueueQuery, type GradingQueueRow } from "@/lib/api/studio-grading";
import { showToast } from "@/components/ui/toast-store";
import { inputClass } from "@/components/studio-content/course-settings-fields";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { ageMessage, formatMarks, STATE_BADGE, STATES, useGradingTimes } from "./labels";

const secondaryClass =
  "inline-flex items-center gap-2 rounded-md px-4 py-2 text-sm font-semibold text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:text-ink-dark dark:ring-slate-600 dark:hover:bg-slate-800";
const buttonClass = "inline-flex items-center gap-2 rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const muted = "text-ink-muted dark:text-ink-dark-muted";

/** /studio/grading: submitted essays, the longest waiting first; assign them to graders; see who graded what. */
export function GradingPage() {
  const t = useTranslations("studioGrading");
  const [filters, setFilters] = useState<GradingQueueQuery>({ limit: 50 });
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pages = useQueries({ queries: cursors.map((cursor) => studioGradingQueries.listGradingQueue(filters, cursor)) });
  const graders = useQuery(studioGradingQueries.listGraders());
  const courses = useQuery(gradingQueries.listEssayCourses());
  const first = pages[0]!;
  const last = pages.at(-1)!;
  const rows = pages.flatMap((p) => p.data?.submissions ?? []);
  const setFilter = (patch: Partial<GradingQueueQuery>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCursors([undefined]);
  };

  return (
    <div className="space-y-6">
      <StudioNav />
      <StudioListHeader
        title={t("title")}
        description={t("description")}
      />

      <form role="search" aria-label={t("filters")} className="grid grid-cols-3 gap-3 max-mobile:grid-cols-1" onSubmit={(e) => e.preventDefault()}>
        <label className="text-sm font-medium">
          {t("course")}
          <select className={`${inputClass} mt-1`} onChange={(e) => setFilter({ courseId: e.target.value || undefined })}>
            <option value="">{t("any")}</option>
            {courses.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("state")}
          <select className={`${inputClass} mt-1`} onChange={(e) => setFilter({ state: (e.target.value || undefined) as GradingQueueQuery["state"] })}>
            <option value="">{t("any")}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("grader")}
          <select className={`${inputClass} mt-1`} onChange={(e) => setFilter({ graderId: e.target.value || undefined })}>
            <option value="">{t("any")}</option>
            {graders.data?.graders.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      </form>

      <StudioListBody
        query={first}
        loadingLabel={t("loading")}
        rows={4}
        rowClass="h-28"
        isEmpty={() => rows.length === 0}
        empty={<p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("empty")}</p>}
      >
        {() => (
          <ul aria-label={t("essays")} className="space-y-3">
            {rows.map((row) => (
              <QueueRow key={row.submissionId} row={row} graders={graders.data?.graders ?? []} />
            ))}
          </ul>
        )}
      </StudioListBody>
      <LoadMore hasMore={!!last.data?.hasMore} onMore={() => setCursors((c) => [...c, last.data!.nextCursor ?? undefined])} loadingMore={last.isPending && cursors.length > 1} rowClass="h-28" />
    </div>
  );
}

function QueueRow({ row, graders }: { row: GradingQueueRow; graders: GraderChoice[] }) {
  const t = useTranslations("studioGrading");
  const errorText = useErrorText();
  const times = useGradingTimes();
  const age = ageMessage(row.ageSeconds);

  function holderText(): string {
    if (row.state === "graded" && row.gradedBy) {
      const name = row.gradedBy.name;
      const text = row.gradedAt ? t("gradedByOn", { name, date: times.dateTime(row.gradedAt) }) : t("gradedBy", { name });
      return row.obtainedScore === null ? text : t("withScore", { text, marks: formatMarks(row.obtainedScore), total: formatMarks(row.totalScore) });
    }
    if (row.holder?.assignedAt) return t("assignedTo", { name: row.holder.name, date: times.dateTime(row.holder.assignedAt) });
    if (row.holder?.claimExpiresAt) return t("claimedUntil", { name: row.holder.name, time: times.time(row.holder.claimExpiresAt) });
    return t("nobody");
  }

  const id = useId();
  const queryClient = useQueryClient();
  const [graderId, setGraderId] = useState("");
  const assign = useMutation({
    mutationFn: (to: string | null) => assignSubmission({ submissionId: row.submissionId, graderId: to }),
    onSuccess: async ({ submission }) => {
      setGraderId("");
      showToast({
        title: submission.holder ? t("assigned") : t("released"),
        description: submission.holder
          ? t("assignedText", { learner: submission.learner.name, grader: submission.holder.name })
          : t("releasedText", { learner: submission.learner.name }),
      });
      await queryClient.invalidateQueries({ queryKey: studioGradingQueries.all });
    },
  });
  const choices = graders.filter((g) => g.id !== row.holder?.id && g.id !== row.learner.id);
  return (
    <li aria-labelledby={`${id}-learner`} className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700" data-testid="grading-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${id}-learner`} className="font-semibold [overflow-wrap:anywhere]">
            {row.learner.name} <span className={`text-sm font-normal ${muted}`}>{row.learner.email}</span>
          </h2>
          <p className="text-sm [overflow-wrap:anywhere]">
            {row.essayBlock.title} <span className={muted}>· {row.course.name}</span>
          </p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_BADGE[row.state]}`}>{t(`states.${row.state}`)}</span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-x-4 gap-y-2 text-sm max-mobile:grid-cols-1">
        <div>
          <dt className={`text-xs ${muted}`}>{t("submitted")}</dt>
          <dd>
            <time dateTime={row.submittedAt}>{times.dateTime(row.submittedAt)}</time>
          </dd>
        </div>
        <div>
          <dt className={`text-xs ${muted}`}>{row.state === "graded" ? t("sinceSubmission") : t("waiting")}</dt>
          <dd className="inline-flex items-center gap-1">
            <Clock aria-hidden className="h-3.5 w-3.5" /> {t("ago", { age: t(`age.${age.key}`, age.values) })}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className={`text-xs ${muted}`}>{t("grader")}</dt>
          <dd className="[overflow-wrap:anywhere]" data-testid="grading-row-grader">
            {holderText()}
          </dd>
        </div>
      </dl>
      {row.state !== "graded" && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (graderId) assign.mutate(graderId);
          }}
        >
          <label className="min-w-56 flex-1 text-sm font-medium sm:max-w-xs">
            {row.holder ? t("reassignTo") : t("assignTo")}
            <select className={`${inputClass} mt-1`} value={graderId} onChange={(e) => setGraderId(e.target.value)}>
              <option value="">{t("chooseGrader")}</option>
              {choices.map((g) => (
                <option key={g.id} value={g.id}>
                  {t("graderChoice", { name: g.name, count: g.holding })}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass} disabled={!graderId || assign.isPending}>
            <UserCheck aria-hidden className="h-4 w-4" /> {row.holder ? t("reassign") : t("assign")}
            <span className="sr-only"> {t("essayOf", { name: row.learner.name })}</span>
          </button>
          {row.holder?.assignedAt && (
            <button type="button" className={secondaryClass} disabled={assign.isPending} onClick={() => assign.mutate(null)}>
              {t("release")}
              <span className="sr-only"> {t("essayOf", { name: row.learner.name })}</span>
            </button>
          )}
          {assign.isError && (
            <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-300">
              {errorText(assign.error)}
            </p>
          )}
        </form>
      )}
    </li>
  );
}
