"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { dashboardQueries } from "@/lib/api/dashboard";
import { useErrorText } from "@/components/i18n/use-error-text";
import { ErrorBlock } from "@/components/ui/error-block";
import { QueryProvider } from "@/components/shell/query-provider";
import { type CourseFilter, purchasedQueryOf } from "./course-filter";
import { CourseListPage } from "./course-list";

/**
 * The course list under a filter the learner chose on the page: fetched by the browser. Until its
 * first answer arrives the list the server drew stays, dimmed; after that the previous answer does.
 * It brings the query cache with it: the dashboard loads neither until the learner changes the filter.
 */
export function LiveCourseList(props: { filter: CourseFilter; drawn: ReactNode }) {
  return (
    <QueryProvider>
      <FetchedCourseList {...props} />
    </QueryProvider>
  );
}

function FetchedCourseList({ filter, drawn }: { filter: CourseFilter; drawn: ReactNode }) {
  const t = useTranslations("dashboard.myCourses");
  const errorText = useErrorText();
  const list = useQuery(dashboardQueries.listPurchasedCourses(purchasedQueryOf(filter)));
  if (list.data) return <CourseListPage data={list.data} filter={filter} stale={list.isPlaceholderData} busy={list.isFetching} />;
  if (list.isError) {
    return (
      <div className="mt-3">
        <ErrorBlock message={errorText(list.error)} onRetry={() => list.refetch()} />
      </div>
    );
  }
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {t("loading")}
      </p>
      <div className="opacity-60" aria-busy>
        {drawn}
      </div>
    </>
  );
}
