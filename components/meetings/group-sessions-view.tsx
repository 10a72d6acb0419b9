"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, type KeyboardEvent } from "react";
import { useMeetingsListState } from "@/hooks/use-meetings-list-state";
import { useViewerTimeZone } from "@/hooks/use-shell-time-zone";
import { meetingsQueries } from "@/lib/api/meetings";
import { useErrorText } from "@/components/i18n/use-error-text";
import { meetingListQueryOf, RANGES } from "./list-state";
import { SessionCard } from "./session-card";
import { ErrorBlock } from "@/components/ui/error-block";
import { Pager } from "@/components/ui/pager";

const muted = "text-ink-muted dark:text-ink-dark-muted";
const field = "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-surface-dark";

/** The group-sessions page: Upcoming, Live and Past tabs, a course filter and pages of sessions shown in the viewer's time zone. */
export function GroupSessionsView({ renderedTimeZone }: { renderedTimeZone: string }) {
  const t = useTranslations("groupSessions");
  const errorText = useErrorText();
  const timeZone = useViewerTimeZone(renderedTimeZone);
  const { range, courseId, page, update } = useMeetingsListState();
  const list = useQuery(meetingsQueries.listMeetings(meetingListQueryOf({ range, courseId, page })));
  const courses = useQuery(meetingsQueries.listMeetingCourses());
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys, Home and End move between the tabs (and select them), as the ARIA tabs pattern asks.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = RANGES.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs.current[target]?.focus();
    update({ range: RANGES[target]!.key });
  };

  const courseName = courses.data?.find((c) => c.courseId === courseId)?.courseName;

  return (
    <div>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className={`mt-1 ${muted}`}>{t("intro", { timeZone })}</p>

      <div className="mt-5 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 dark:border-slate-700">
        <div role="tablist" aria-label={t("tabs")} className="flex gap-1">
          {RANGES.map((r, i) => (
            <button
              key={r.key}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              id={`sessions-tab-${r.key}`}
              role="tab"
              type="button"
              aria-selected={range === r.key}
              aria-controls="sessions-panel"
              tabIndex={range === r.key ? 0 : -1}
              onClick={() => update({ range: r.key })}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium max-mobile:px-3 ${
                range === r.key ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-100" : `border-transparent ${muted} hover:text-ink dark:hover:text-ink-dark`
              }`}
            >
              {t(`range.${r.key}`)}
            </button>
          ))}
        </div>
        {(courses.data?.length ?? 0) > 0 && (
          // On phones the filter comes first, so the tabs sit on the line under them.
          <label className="mb-2 w-64 max-w-full text-sm max-mobile:order-first max-mobile:mb-0 max-mobile:w-full">
            <span className="mb-1 block font-medium">{t("course")}</span>
            <select value={courseId ?? ""} onChange={(e) => update({ course: e.target.value || undefined })} className={field}>
              <option value="">{t("allCourses")}</option>
              {courses.data!.map((c) => (
                <option key={c.courseId} value={c.courseId}>
                  {c.courseName}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      <div id="sessions-panel" role="tabpanel" aria-labelledby={`sessions-tab-${range}`} className="mt-5">
        {list.isPending ? (
          <div aria-label={t("loading")} role="status" className="grid grid-cols-2 gap-4 max-tablet:grid-cols-1">
            {Array.from({ length: 2 }, (_, i) => (
              <div key={i} className="skeleton h-56 rounded-card" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorBlock message={errorText(list.error)} onRetry={() => list.refetch()} />
        ) : (
          <>
            <p aria-live="polite" className={`mb-3 text-sm ${muted}`}>
              {t("count", { count: list.data.totalItems })}
              {courseName ? ` ${t("forCourse", { course: courseName })}` : ""}
            </p>
            {list.data.results.length === 0 ? (
              <div className="rounded-card bg-white p-6 text-center ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
                <p>{courseId ? t(`emptyForCourse.${range}`) : t(`empty.${range}`)}</p>
                {courseId && (
                  <button type="button" onClick={() => update({ course: undefined })} className="mt-2 text-sm font-semibold text-brand-700 underline dark:text-brand-100">
                    {t("showEvery")}
                  </button>
                )}
              </div>
            ) : (
              <ul aria-label={t(`rangeSessions.${range}`)} className="grid grid-cols-2 gap-4 max-tablet:grid-cols-1">
                {list.data.results.map((m) => (
                  <SessionCard key={m.id} meeting={m} timeZone={timeZone} />
                ))}
              </ul>
            )}
            <Pager page={page} shownPage={list.data.currentPageNumber} totalPages={list.data.totalPages} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </div>
    </div>
  );
}
