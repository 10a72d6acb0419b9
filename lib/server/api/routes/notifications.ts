import "server-only";
import { Hono } from "hono";
import { getNotificationSettings, postNotificationUnsubscribe, putNotificationSettings } from "@/lib/contract/calls/notifications";
import * as settings from "../../services/notifications/notification-settings";
import { unsubscribe } from "../../services/notifications/unsubscribe";
import { route, type ApiEnv } from "../route";

export const notificationsRouter = new Hono<ApiEnv>();

// GET /user/notifications: which notification e-mails the user gets
route(notificationsRouter, getNotificationSettings, ({ deps, user }) => settings.getNotificationSettings(deps, user));

// PUT /user/notifications: turns kinds of notification e-mail on or off
route(notificationsRouter, putNotificationSettings, ({ deps, user, body }) => settings.setNotificationSettings(deps, user, body));

// POST /user/notifications/unsubscribe: an e-mail's unsubscribe link (the page's button, or a mail client's one click)
route(notificationsRouter, postNotificationUnsubscribe, ({ deps, query }) => unsubscribe(deps, query.token));
