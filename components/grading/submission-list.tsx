"use client";

import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { gradingQueries } from "@/lib/api/grading";
import { errorMessage } from "@/lib/api/errors";
import type { SubmissionListItem } from "@/lib/contract/entities/grading";
import { useGradingListState, type AssignmentTab } from "@/hooks/use-grading-list-state";
import { ASSIGNMENT_BADGE, ASSIGNMENT_LABELS, formatDateTime, formatMarks, formatTime, SOURCE_LABELS } from "./labels";
import { ErrorBlock } from "@/components/ui/error-block";

const TABS: { key: AssignmentTab; label: string }[] = [
  { key: "unassigned", label: "Unassigned" },
  { key: "pending", label: "Pending" },
  { key: "completed", label: "Completed" },
  { key: "all", label: "All" },
];
const EMPTY: Record<AssignmentTab, string> = {
  unassigned: "Every submitted essay has a grader. Nothing is waiting.",
  pending: "Nobody is grading an essay right now.",
  completed: "No essay has been graded yet.",
  all: "No essay has been submitted yet.",
};
const PAGE_SIZE = 20;
const field = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-surface-dark";

/** The graders' list of submitted essays: assignment tabs, course and learner filters, more rows on demand. */
export function SubmissionList() {
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

  return (
    <div>
      <h1 className="text-2xl font-bold">Evaluate essays</h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
        Opening a submission claims it for you for a while, so nobody else marks it at the same time. Saving your marks sends the results to the learner.
      </p>

      <div role="tablist" aria-label="Submissions by assignment" className="mt-5 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
        {TABS.map((t) => (
          <button
            key={t.key}
            id={`tab-${t.key}`}
            role="tab"
            type="button"
            aria-selected={assignment === t.key}
            aria-controls="submission-panel"
            onClick={() => update({ assignment: t.key === "unassigned" ? undefined : t.key })}
            className={`shrink-0 border-b-2 px-4 py-2 text-sm font-medium max-mobile:px-3 ${
              assignment === t.key ? "border-brand-600 text-brand-700 dark:text-brand-100" : "border-transparent text-ink-muted hover:text-ink dark:text-ink-dark-muted dark:hover:text-ink-dark"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>

      <form aria-label="Filters" onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="mb-1 block font-medium">Course</span>
          <select value={courseId ?? ""} onChange={(e) => update({ course: e.target.value || undefined })} className={field}>
            <option value="">All courses</option>
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-1 basis-56 text-sm">
          <span className="mb-1 block font-medium">Learner</span>
          <select value={userId ?? ""} onChange={(e) => update({ learner: e.target.value || undefined })} className={field}>
            <option value="">All learners</option>
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
            Clear filters
          </button>
        )}
      </form>

      <div id="submission-panel" role="tabpanel" aria-labelledby={`tab-${assignment}`} className="mt-5">
        {list.isPending ? (
          <div aria-label="Loading submissions" className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <div key={i} className="skeleton h-36 rounded-card" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <ErrorBlock message={errorMessage(list.error)} onRetry={() => list.refetch()} />
        ) : (
          <>
            <p aria-live="polite" className="mb-3 text-sm text-ink-muted dark:text-ink-dark-muted">
              {countText(first?.totalItems ?? 0, first?.totalIsExact ?? true)}
              {filtered ? " match these filters" : ""}
              {shown.length > PAGE_SIZE ? `, ${shown.length} shown` : ""}
            </p>
            {shown.length === 0 ? (
              <p className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
                {filtered ? "No submission matches these filters." : EMPTY[assignment]}
              </p>
            ) : (
              <ul className="space-y-3" aria-label="Submissions">
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
                  {isFetchingNextPage ? "Loading…" : "Load more submissions"}
                </button>
              </div>
            )}
            {moreError && <ErrorBlock message={errorMessage(moreError)} onRetry={() => void fetchNextPage()} />}
          </>
        )}
      </div>
    </div>
  );
}

/** "1 submission", "37 submissions", or "1000+ submissions" when more match than were counted. */
function countText(total: number, exact: boolean): string {
  if (!exact) return `${total}+ submissions`;
  return total === 1 ? "1 submission" : `${total} submissions`;
}

function holderText(s: SubmissionListItem): string {
  if (s.assignment === "completed") {
    const score = s.obtainedScore === null ? "" : `, ${formatMarks(s.obtainedScore)} of ${s.totalScore}`;
    return `Graded by ${s.graderName ?? "a grader"}${score}`;
  }
  if (s.claimedByName && s.claimAssignedAt) return `${s.claimedByName}, assigned`;
  if (s.claimedByName && s.claimExpiresAt) return `${s.claimedByName}, until ${formatTime(s.claimExpiresAt)}`;
  return "Nobody yet";
}

function SubmissionRow({ submission: s }: { submission: SubmissionListItem }) {
  const action = s.assignment === "completed" ? "View" : s.assignment === "pending" ? "Open" : "Grade";
  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">{s.name}</h2>
          <p className="truncate text-sm text-ink-muted dark:text-ink-dark-muted">{s.email}</p>
        </div>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ASSIGNMENT_BADGE[s.assignment]}`}>{ASSIGNMENT_LABELS[s.assignment]}</span>
      </div>
      <p className="mt-2 line-clamp-2 text-sm [overflow-wrap:anywhere]">{s.question}</p>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm lg:grid-cols-4 max-mobile:grid-cols-1">
          <div className="min-w-0">
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">Course</dt>
            <dd className="[overflow-wrap:anywhere]">{s.courseName}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">Submitted</dt>
            <dd>
              <time dateTime={s.submittedAt}>{formatDateTime(s.submittedAt)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">How</dt>
            <dd>
              {SOURCE_LABELS[s.submissionSource]}
              {s.submissionFileUrl.length > 0 && `, ${s.submissionFileUrl.length === 1 ? "1 file" : `${s.submissionFileUrl.length} files`}`}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-ink-muted dark:text-ink-dark-muted">Grader</dt>
            <dd className="[overflow-wrap:anywhere]">{holderText(s)}</dd>
          </div>
        </dl>
        <AppLink
          href={`/evaluate/${s.submissionId}`}
          className={`shrink-0 rounded-md px-4 py-2 text-sm font-semibold ${
            action === "Grade" ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
          }`}
        >
          {action}
          <span className="sr-only">
            {" "}
            the essay of {s.name} in {s.courseName}
          </span>
        </AppLink>
      </div>
    </li>
  );
}
