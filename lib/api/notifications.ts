import { queryOptions } from "@tanstack/react-query";
import type { CallBody } from "@/lib/contract/call";
import type { HttpClient } from "./client";
import { getNotificationSettings, postNotificationUnsubscribe, putNotificationSettings } from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const notificationsQueries = {
  /** Which notification e-mails the signed-in user gets. */
  settings: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["notifications", "settings"], staleTime: 30_000, queryFn: () => callApi(getNotificationSettings, {}, client) }),
};

/** Turns kinds of notification e-mail on or off; answers every kind's setting. */
export const saveNotificationSettings = (body: CallBody<typeof putNotificationSettings>) => callApi(putNotificationSettings, { body });

/** An e-mail's unsubscribe link, pressed on the unsubscribe page. */
export const unsubscribeByLink = (token: string) => callApi(postNotificationUnsubscribe, { query: { token } });
