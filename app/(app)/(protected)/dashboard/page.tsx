import { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { ClientMessages } from "@/components/i18n/client-messages";
import { purchasedQueryOf, readCourseFilter } from "@/components/dashboard/course-filter";
import { dashboardQueries } from "@/lib/api/dashboard";
import { loadPart as part } from "@/lib/page-part";
import { serverCalls } from "@/lib/server/page-calls";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

// Everything the dashboard shows is fetched while the page renders on the server and drawn there: the
// browser sends no request to draw it and runs none of its components but the greeting and the course
// list's filters (a filter changed in place has its list fetched and drawn by the browser).
// No Suspense boundary around the view: React streams a large boundary's content after its fallback
// and reveals it at least 300 ms after the first paint, so the learner would see a skeleton first.
export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ http, token }, jar, params] = await Promise.all([serverCalls(), cookies(), searchParams]);
  const zone = jar.get(TIME_ZONE_COOKIE)?.value;
  const timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const filter = readCourseFilter({ get: (name) => (typeof params[name] === "string" ? (params[name] as string) : null) });
  // Without a session the protected layout sends the browser to sign in; nothing is fetched.
  if (!token) return null;
  const queryClient = new QueryClient();
  const [stats, continueLearning, batch, programs, sessions, courses] = await Promise.all([
    part(() => queryClient.fetchQuery(dashboardQueries.getDashboardStats(timeZone, http))),
    part(() => queryClient.fetchQuery(dashboardQueries.listContinueLearning(http))),
    part(() => queryClient.fetchQuery(dashboardQueries.getBatchDetails(http))),
    part(() => queryClient.fetchQuery(dashboardQueries.listEnrolledPrograms(http))),
    part(() => queryClient.fetchQuery(dashboardQueries.listGroupSessions(http))),
    part(() => queryClient.fetchQuery(dashboardQueries.listPurchasedCourses(purchasedQueryOf(filter), http))),
  ]);
  return (
    <ClientMessages namespaces={["dashboard"]}>
      <DashboardView timeZone={timeZone} courseFilter={filter} parts={{ stats, continueLearning, batch, programs, sessions, courses }} />
    </ClientMessages>
  );
}
