import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/notifications";
import { getNotificationSettings, setNotificationSettings, unsubscribe } from "../../services/notifications";
import { route, type ApiEnv } from "../route";

export const notificationsRouter = new Hono<ApiEnv>();

// GET /user/notifications: which notification e-mails the user gets
route(notificationsRouter, calls.getNotificationSettings, ({ deps, user }) => getNotificationSettings(deps, user));

// PUT /user/notifications: turns kinds of notification e-mail on or off
route(notificationsRouter, calls.setNotificationSettings, ({ deps, user, body }) => setNotificationSettings(deps, user, body));

// POST /user/notifications/unsubscribe: an e-mail's unsubscribe link (the page's button, or a mail client's one click)
route(notificationsRouter, calls.unsubscribe, ({ deps, query }) => unsubscribe(deps, query.token));
