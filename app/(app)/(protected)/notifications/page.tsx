import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { notificationsQueries } from "@/lib/api/notifications";
import { serverCalls } from "@/lib/server/page-calls";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title") };
}

// The settings are fetched while the page renders, through the query the browser uses.
export default async function NotificationsPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(notificationsQueries.getNotificationSettings(http));
  return (
    <ClientMessages namespaces={["notifications"]}>
      <PageData state={dehydrate(queryClient)}>
        <NotificationSettings />
      </PageData>
    </ClientMessages>
  );
}
