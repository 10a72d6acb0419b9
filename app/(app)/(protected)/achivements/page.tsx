import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { AchievementsView } from "@/components/achievements/achievements-view";
import { ClientMessages } from "@/components/i18n/client-messages";
import { achievementsQueries } from "@/lib/api/achievements";
import { serverCalls } from "@/lib/server/page-calls";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("achievements");
  return { title: t("title") };
}

// The badges and certificates are fetched while the page renders (the badges due are awarded by that
// same call), so the first HTML shows them and the browser asks for nothing to draw the page.
export default async function AchievementsPage() {
  const [{ http, token }, jar] = await Promise.all([serverCalls(), cookies()]);
  const zone = jar.get(TIME_ZONE_COOKIE)?.value;
  const timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(achievementsQueries.getAchievementsDetails(timeZone, http));
  return (
    <ClientMessages namespaces={["achievements"]}>
      <PageData state={dehydrate(queryClient)}>
        <AchievementsView renderedTimeZone={timeZone} />
      </PageData>
    </ClientMessages>
  );
}
