import { dehydrate, QueryClient } from "@tanstack/react-query";
import { PageData } from "@/components/shell/page-data";
import type { Metadata } from "next";
import { NotificationSettings } from "@/components/notifications/notification-settings";
import { notificationsQueries } from "@/lib/api/notifications";
import { serverCalls } from "@/lib/server/page-calls";

export const metadata: Metadata = { title: "E-mail notifications" };

// The settings are fetched while the page renders, through the query the browser uses.
export default async function NotificationsPage() {
  const { http, token } = await serverCalls();
  const queryClient = new QueryClient();
  if (token) await queryClient.prefetchQuery(notificationsQueries.getNotificationSettings(http));
  return (
    <PageData state={dehydrate(queryClient)}>
      <NotificationSettings />
    </PageData>
  );
}
