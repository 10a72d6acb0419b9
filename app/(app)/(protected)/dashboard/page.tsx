import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { purchasedQueryOf, readCourseFilter } from "@/components/dashboard/course-filter";
import { dashboardQueries } from "@/lib/api/dashboard";
import { serverCalls } from "@/lib/server/page-calls";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";

export const metadata: Metadata = { title: "Dashboard" };

// Everything the dashboard shows is fetched while the page renders on the server, through the same
// queries the browser uses, so the first HTML holds the data and the browser sends no request to draw it.
// No Suspense boundary around the view: React streams a large boundary's content after its fallback
// and reveals it at least 300 ms after the first paint, so the learner would see a skeleton first.
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ http, token }, jar, params] = await Promise.all([serverCalls(), cookies(), searchParams]);
  const zone = jar.get(TIME_ZONE_COOKIE)?.value;
  const timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const filter = readCourseFilter({ get: (name) => (typeof params[name] === "string" ? (params[name] as string) : null) });
  const queryClient = new QueryClient();
  if (token) {
    await Promise.all([
      queryClient.prefetchQuery(dashboardQueries.getDashboardStats(timeZone, http)),
      queryClient.prefetchQuery(dashboardQueries.listContinueLearning(http)),
      queryClient.prefetchQuery(dashboardQueries.getBatchDetails(http)),
      queryClient.prefetchQuery(dashboardQueries.listPurchasedCourses(purchasedQueryOf(filter), http)),
      queryClient.prefetchQuery(dashboardQueries.listEnrolledPrograms(http)),
      queryClient.prefetchQuery(dashboardQueries.listGroupSessions(http)),
    ]);
  }
  return (
    <PageData state={dehydrate(queryClient)}>
      <DashboardView renderedTimeZone={timeZone} />
    </PageData>
  );
}
