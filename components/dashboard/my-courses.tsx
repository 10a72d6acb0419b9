"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePageQuery } from "@/hooks/use-address";
import { dashboardQueries } from "@/lib/api/dashboard";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { courseEntryPath } from "@/lib/learning-address";
import { COURSE_STATUSES, courseListHref, purchasedQueryOf, readCourseFilter } from "./course-filter";
import { InPageLink } from "./in-page-link";
import { ErrorBlock } from "@/components/ui/error-block";
import { ProgressBar, cardClass } from "./section";
import { LearnLink } from "@/components/learning/learn-link";

function CourseRow({ course }: { course: CourseCard }) {
  const t = useTranslations("dashboard.myCourses");
  const duration = useDuration();
  const progress = Math.round(course.courseProgressInPercentage);
  return (
    <li className={`${cardClass} flex flex-col gap-2`}>
      <div className="flex flex-wrap gap-2 text-xs">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{course.domain}</span>
        <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-100">{t(`type.${course.courseType}`)}</span>
        {progress === 100 && <span className="rounded bg-success-soft px-2 py-0.5 font-medium text-success">{t("completed")}</span>}
      </div>
      <h3 className="font-semibold leading-snug">
        <LearnLink href={courseEntryPath(course.slugId)} className="hover:text-brand-700 hover:underline dark:hover:text-brand-100">
          {course.courseName}
        </LearnLink>
      </h3>
      <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("watched", { watched: duration(course.videoWatchedDurationInMinutes), total: duration(course.videoTotalDurationInMinutes) })}
        {course.totalMcqCount ? ` · ${t("quizzes", { done: course.completedMcqCount, total: course.totalMcqCount })}` : ""}
        {course.totalSubjectiveCount ? ` · ${t("essays", { done: course.completedSubjectiveCount ?? 0, total: course.totalSubjectiveCount })}` : ""}
      </p>
      <div className="mt-auto flex items-center gap-2">
        <ProgressBar value={progress} label={t("progress", { course: course.courseName })} />
        <span className="shrink-0 text-xs tabular-nums text-ink-muted dark:text-ink-dark-muted">{progress}%</span>
      </div>
    </li>
  );
}

/** The learner's courses, filtered by status, type and domain from the address (the figures link here). */
export function MyCourses() {
  const t = useTranslations("dashboard.myCourses");
  const errorText = useErrorText();
  const filter = readCourseFilter(usePageQuery());
  const list = useQuery(dashboardQueries.listPurchasedCourses(purchasedQueryOf(filter)));
  const data = list.data;

  return (
    <div>
      <nav aria-label={t("filter")} className="flex flex-wrap items-center gap-2">
        {COURSE_STATUSES.map((s) => (
          <InPageLink
            key={s.key}
            href={courseListHref({ ...filter, status: s.key, page: 1 })}
            ariaLabel={t(`statusCourses.${s.key}`)}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
              filter.status === s.key
                ? "bg-brand-600 text-white ring-brand-600"
                : "bg-white text-ink ring-slate-300 hover:ring-brand-500 dark:bg-surface-dark-muted dark:text-ink-dark dark:ring-slate-600"
            }`}
          >
            {t(`status.${s.key}`)}
          </InPageLink>
        ))}
        {(["mandatory", "nonMandatory", "complimentary"] as const).map((type) => (
          <InPageLink
            key={type}
            href={courseListHref({ ...filter, courseType: filter.courseType === type ? undefined : type, page: 1 })}
            className={`rounded-full px-3 py-1 text-xs font-medium ring-1 ${
              filter.courseType === type
                ? "bg-brand-50 text-brand-900 ring-brand-500"
                : "text-ink-muted ring-slate-300 hover:ring-brand-500 dark:text-ink-dark-muted dark:ring-slate-600"
            }`}
          >
            {t(`type.${type}`)}
          </InPageLink>
        ))}
        {filter.domain && (
          <InPageLink
            href={courseListHref({ ...filter, domain: undefined, page: 1 })}
            className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-900 ring-1 ring-brand-500"
            ariaLabel={t("domainClear", { domain: filter.domain })}
          >
            {filter.domain} ×
          </InPageLink>
        )}
      </nav>
      <p aria-live="polite" className="mt-3 text-sm text-ink-muted dark:text-ink-dark-muted">
        {data ? t("count", { count: data.totalItems }) : list.isPending ? t("loading") : ""}
      </p>
      {list.isError && !data ? (
        <div className="mt-3">
          <ErrorBlock message={errorText(list.error)} onRetry={() => list.refetch()} />
        </div>
      ) : data && data.results.length === 0 ? (
        <p className={`${cardClass} mt-3 text-sm text-ink-muted dark:text-ink-dark-muted`}>
          {t("noMatch")}{" "}
          <InPageLink href={courseListHref({})} className="font-semibold text-brand-700 underline dark:text-brand-100">
            {t("showAll")}
          </InPageLink>
        </p>
      ) : (
        <ul className={`mt-3 grid grid-cols-3 gap-3 max-tablet:grid-cols-2 max-mobile:grid-cols-1 ${list.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={list.isFetching}>
          {(data?.results ?? []).map((c) => (
            <CourseRow key={c.courseId} course={c} />
          ))}
        </ul>
      )}
      {data && data.totalPages > 1 && (
        <nav aria-label={t("pages")} className="mt-3 flex items-center justify-between gap-3 text-sm">
          {filter.page > 1 ? (
            <InPageLink href={courseListHref({ ...filter, page: filter.page - 1 })} className="rounded-md border border-slate-300 px-3 py-1 font-medium dark:border-slate-600">
              {t("previous")}
            </InPageLink>
          ) : (
            <span />
          )}
          <span>{t("page", { page: data.currentPageNumber, pages: data.totalPages })}</span>
          {filter.page < data.totalPages ? (
            <InPageLink href={courseListHref({ ...filter, page: filter.page + 1 })} className="rounded-md border border-slate-300 px-3 py-1 font-medium dark:border-slate-600">
              {t("next")}
            </InPageLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
