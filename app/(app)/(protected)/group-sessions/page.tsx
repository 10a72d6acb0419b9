import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { ClientMessages } from "@/components/i18n/client-messages";
import { GroupSessionsView } from "@/components/meetings/group-sessions-view";
import { meetingListQueryOf, readMeetingListState } from "@/components/meetings/list-state";
import { meetingsQueries } from "@/lib/api/meetings";
import { serverCalls } from "@/lib/server/page-calls";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("groupSessions");
  return { title: t("title") };
}

// The sessions of the tab, course and page in the address, and the course names, are fetched while
// the page renders, through the queries the browser uses; times are first drawn in the time zone the
// browser last reported (a cookie), then in the browser's own. No Suspense boundary around the view:
// React would stream its content after a skeleton and reveal it 300 ms after the first paint.
export default async function GroupSessionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ http, token }, jar, params] = await Promise.all([serverCalls(), cookies(), searchParams]);
  const zone = jar.get(TIME_ZONE_COOKIE)?.value;
  const timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const state = readMeetingListState({ get: (name) => (typeof params[name] === "string" ? (params[name] as string) : null) });
  const queryClient = new QueryClient();
  if (token) {
    await Promise.all([
      queryClient.prefetchQuery(meetingsQueries.listMeetings(meetingListQueryOf(state), http)),
      queryClient.prefetchQuery(meetingsQueries.listMeetingCourses(http)),
    ]);
  }
  return (
    <ClientMessages namespaces={["groupSessions"]}>
      <PageData state={dehydrate(queryClient)}>
        <GroupSessionsView renderedTimeZone={timeZone} />
      </PageData>
    </ClientMessages>
  );
}
