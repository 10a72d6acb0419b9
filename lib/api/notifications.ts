import { queryOptions } from "@tanstack/react-query";
import type { CallBody } from "@/lib/contract/call";
import type { HttpClient } from "./client";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

export const notificationsQueries = {
  /** Which notification e-mails the signed-in user gets. */
  getNotificationSettings: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["notifications", "settings"], staleTime: 30_000, queryFn: () => callApi(calls.getNotificationSettings, {}, client) }),
};

/** Turns kinds of notification e-mail on or off; answers every kind's setting. */
export const setNotificationSettings = (body: CallBody<typeof calls.setNotificationSettings>) => callApi(calls.setNotificationSettings, { body });

/** An e-mail's unsubscribe link, pressed on the unsubscribe page. */
export const unsubscribe = (token: string) => callApi(calls.unsubscribe, { query: { token } });
