import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { NOTIFICATION_KINDS } from "@/lib/contract/calls/notifications";
import { notificationOptOuts } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { getNotificationSettings, type NotificationSettings } from "./get-notification-settings";

/** PUT /user/notifications: turns the kinds given on or off; the others stay as they are. */
export async function setNotificationSettings(deps: Deps, user: Pick<User, "id">, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
  const off = NOTIFICATION_KINDS.filter((k) => changes[k] === false);
  const on = NOTIFICATION_KINDS.filter((k) => changes[k] === true);
  await deps.db.transaction(async (tx) => {
    if (off.length) await tx.insert(notificationOptOuts).values(off.map((kind) => ({ userId: user.id, kind }))).onConflictDoNothing();
    if (on.length) await tx.delete(notificationOptOuts).where(and(eq(notificationOptOuts.userId, user.id), inArray(notificationOptOuts.kind, on)));
  });
  return getNotificationSettings(deps, user);
}
