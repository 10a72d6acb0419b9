import { useTranslations } from "next-intl";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { CallResponse } from "@/lib/contract/call";
import type * as calls from "@/lib/contract/calls/dashboard";
import { useDuration } from "@/components/i18n/use-duration";
import { courseEntryPath } from "@/lib/learning-address";
import { LearnLink } from "@/components/learning/learn-link";
import { type CourseFilter, courseListHref } from "./course-filter";
import { InPageLink } from "./in-page-link";
import { ProgressBar, cardClass } from "./section";

/** One page of the learner's courses, as /dashboard/purchased/all answers. */
export type CourseListAnswer = CallResponse<typeof calls.listPurchasedCourses>;

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

/**
 * One page of the learner's courses under a filter: how many match, the cards, and the pager. The
 * dashboard's server draws it for the filter in the address, so a page starts without formatting a
 * plural or a duration in the browser; the browser draws it only once the learner changes the filter.
 */
export function CourseListPage({ data, filter, stale = false, busy = false }: { data: CourseListAnswer; filter: CourseFilter; stale?: boolean; busy?: boolean }) {
  const t = useTranslations("dashboard.myCourses");
  return (
    <>
      <p aria-live="polite" className="mt-3 text-sm text-ink-muted dark:text-ink-dark-muted">
        {t("count", { count: data.totalItems })}
      </p>
      {data.results.length === 0 ? (
        <p className={`${cardClass} mt-3 text-sm text-ink-muted dark:text-ink-dark-muted`}>
          {t("noMatch")}{" "}
          <InPageLink href={courseListHref({})} className="font-semibold text-brand-700 underline dark:text-brand-100">
            {t("showAll")}
          </InPageLink>
        </p>
      ) : (
        <ul className={`mt-3 grid grid-cols-3 gap-3 max-tablet:grid-cols-2 max-mobile:grid-cols-1 ${stale ? "opacity-60" : ""}`} aria-busy={busy}>
          {data.results.map((c) => (
            <CourseRow key={c.courseId} course={c} />
          ))}
        </ul>
      )}
      {data.totalPages > 1 && (
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
    </>
  );
}
