"use client";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { gradingQueries } from "@/lib/api/grading";
import { useErrorText } from "@/components/i18n/use-error-text";
import type { SubmissionListItem } from "@/lib/contract/entities/grading";
import { useGradingListState, type AssignmentTab } from "@/hooks/use-grading-list-state";
import { ASSIGNMENT_BADGE, formatMarks, useGradingTimes } from "./labels";
import { ErrorBlock } from "@/components/ui/error-block";

const TABS: AssignmentTab[] = ["unassigned", "pending", "completed", "all"];
const PAGE_SIZE = 20;
const field = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-surface-dark";

/** The graders' list of submitted essays: assignment tabs, course and learner filters, more rows on demand. */
export function SubmissionList() {
  const t = useTranslations("grading");
  const tCommon = useTranslations("common");
  const errorText = useErrorText();
  const { assignment, courseId, userId, update } = useGradingListState();
  const courses = useQuery(gradingQueries.listEssayCourses());
  const learners = useQuery(gradingQueries.listEssayLearners());
  const list = useInfiniteQuery({
    ...gradingQueries.listSubmissionPages({
      assignment,
      pageSize: PAGE_SIZE,
      courseIds: courseId ? [courseId] : undefined,
      userIds: userId ? [userId] : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(courseId || userId);
  const first = list.data?.pages[0];
  const shown = list.data?.pages.flatMap((p) => p.results) ?? [];
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = list;
  // A failed "Load more" keeps the rows already shown: the error shows under them.
  const moreError = list.isFetchNextPageError ? list.error : null;

  /** "1 submission", "37 submissions", or "1000+ submissions" when more match than were counted; then whether filters chose them, and how many are shown. */
  function countLine(): string {
    const total = first?.totalItems ?? 0;
    let text = (first?.totalIsExact ?? true) ? t("list.count", { count: total }) : t("list.countAtLeast", { count: total });
    if (filtered) text = t("list.matching", { count: text });
    if (shown.length > PAGE_SIZE) text = t("list.shown", { text, shown: shown.length });
    return text;
  }

  return (
    <div>
      <h1 className="text-2xl font-bold">{t("list.title")}</h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">{t("list.intro")}</p>

      <div role="tablist" aria-label={t("list.tabsLabel")} className="mt-5 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
        {TABS.map((key) => (
          <button
            key={key}
            id={`tab-${key}`}
            role="tab"
            type="button"
            aria-selected={assignment === key}
            aria-controls="submission-panel"
            onClick={() => update({ assignment: key === "unassigned" ? undefined : key })}
            className={`shrink-0 border-b-2 px-4 py-2 text-sm font-medium max-mobile:px-3 ${
              assignment === key ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-ink-muted hover:text-ink dark:text-ink-dark-muted dark:hover:text-ink-dark"
            }`}
          >
            {t(`list.tabs.${key}`)}
          </button>
        ))}
      </div>

      <form aria-label={t("list.filters")} onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="mb-1 block font-medium">{t("fields.course")}</span>
          <select value={courseId ?? ""} onChange={(e) => update({ course: e.target.value || undefined })} className={field}>
            <option value="">{t("list.allCourses")}</option>
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="mb-1 block font-medium">{t("fields.learner")}</span>
          <select value={userId ?? ""} onChange={(e) => update({ learner: e.target.value || undefined })} className={field}>
            <option value="">{t("list.allLearners")}</option>
            {(learners.data ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name} ({u.email})
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button
            type="button"
            onClick={() => update({ course: undefined, learner: undefined })}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            {t("list.clearFilters")}
          </button>
        )}
      </form>

      <div id="submission-panel" role="tabpanel" aria-labelledby={`tab-${assignment}`} className="mt-5">
        {list.isPending ? (
          <div aria-label={t("list.loading")} className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="skeleton h-36 rounded-card" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <ErrorBlock message={errorText(list.error)} onRetry={() => list.refetch()} />
        ) : (
          <>
            <p aria-live="polite" className="mb-3 text-sm text-ink-muted dark:text-ink-dark-muted">
              {countLine()}
            </p>
            {shown.length === 0 ? (
              <p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
                {filtered ? t("list.noMatch") : t(`list.empty.${assignment}`)}
              </p>
            ) : (
              <ul className="space-y-3" aria-label={t("list.submissions")}>
                {shown.map((s) => (
                  <SubmissionRow key={s.submissionId} submission={s} />
                ))}
              </ul>
            )}
            {hasNextPage && !moreError && (
              <div className="mt-4 flex justify-center">
                <button
                  type="button"
                  onClick={() => void fetchNextPage()}
                  disabled={isFetchingNextPage}
                  className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  {isFetchingNextPage ? tCommon("loading") : t("list.loadMore")}
                </button>
              </div>
            )}
            {moreError && <ErrorBlock message={errorText(moreError)} onRetry={() => void fetchNextPage()} />}
          </>
        )}
      </div>
    </div>
  );
}

function SubmissionRow({ submission: s }: { submission: SubmissionListItem }) {
  const t = useTranslations("grading");
  const times = useGradingTimes();

  function holderText(): string {
    if (s.assignment === "completed") {
      const grader = s.graderName ?? t("list.aGrader");
      return s.obtainedScore === null ? t("list.gradedBy", { grader }) : t("list.gradedByScore", { grader, marks: formatMarks(s.obtainedScore), total: s.totalScore });
    }
    if (s.claimedByName && s.claimAssignedAt) return t("list.assigned", { name: s.claimedByName });
    if (s.claimedByName && s.claimExpiresAt) return t("list.claimedUntil", { name: s.claimedByName, time: times.time(s.claimExpiresAt) });
    return t("list.nobody");
  }

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">{s.name}</h2>
          <p className="truncate text-sm text-ink-muted dark:text-ink-dark-muted">{s.email}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ASSIGNMENT_BADGE[s.assignment]}`}>{t(`assignment.${s.assignment}`)}</span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm [overflow-wrap:anywhere]">{s.question}</p>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4 max-mobile:grid-cols-1">
          <div className="min-w-0">
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">{t("fields.course")}</dt>
            <dd className="[overflow-wrap:anywhere]">{s.courseName}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">{t("fields.submitted")}</dt>
            <dd>
              <time dateTime={s.submittedAt}>{times.dateTime(s.submittedAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">{t("fields.how")}</dt>
            <dd>
              {t(`sources.${s.submissionSource}`)}
              {s.submissionFileUrl.length > 0 && `, ${t("list.files", { count: s.submissionFileUrl.length })}`}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">{t("fields.grader")}</dt>
            <dd className="[overflow-wrap:anywhere]">{holderText()}</dd>
          </div>
        </dl>
        <AppLink
          href={`/evaluate/${s.submissionId}`}
          className={`shrink-0 rounded-md px-4 py-2 text-sm font-semibold ${
            s.assignment === "unassigned" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          }`}
        >
          {t(`list.actions.${s.assignment}`)}
          <span className="sr-only"> {t("list.actionOf", { name: s.name, course: s.courseName })}</span>
        </AppLink>
      </div>
    </li>
  );
}
