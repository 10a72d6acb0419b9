"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, type ReactNode } from "react";
import { usePageQuery } from "@/hooks/use-address";
import { COURSE_STATUSES, courseListHref, readCourseFilter } from "./course-filter";
import { InPageLink } from "./in-page-link";

// The browser's own drawing of the list, loaded the first time the learner changes the filter.
const LiveCourseList = lazy(() => import("./live-course-list").then((m) => ({ default: m.LiveCourseList })));

/**
 * The learner's courses, filtered by status, type and domain from the address (the figures link here).
 * `drawn` is the list the server drew for the filter of the address it rendered (`drawnFor`, as
 * courseListHref writes it); a filter changed in place is drawn by the browser.
 */
export function MyCourses({ drawn, drawnFor }: { drawn: ReactNode; drawnFor: string }) {
  const t = useTranslations("dashboard.myCourses");
  const filter = readCourseFilter(usePageQuery());
  const current = courseListHref(filter);

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
      {current === drawnFor ? (
        drawn
      ) : (
        <Suspense fallback={<div className="opacity-60">{drawn}</div>}>
          <LiveCourseList filter={filter} drawn={drawn} />
        </Suspense>
      )}
    </div>
  );
}
