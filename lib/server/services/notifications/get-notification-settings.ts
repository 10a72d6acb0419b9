import "server-only";
import { eq } from "drizzle-orm";
import { NOTIFICATION_KINDS } from "@/lib/contract/calls/notifications";
import { notificationOptOuts } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";

type Kind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationSettings = Record<Kind, boolean>;

/** GET /user/notifications: every kind is on unless the user turned it off. */
export async function getNotificationSettings(deps: Deps, user: Pick<User, "id">): Promise<NotificationSettings> {
  const off = await deps.db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, user.id));
  const offKinds = new Set(off.map((r) => r.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !offKinds.has(k)])) as NotificationSettings;
}
