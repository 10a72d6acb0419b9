import "server-only";
import type { Deps } from "../../deps";
import { userEvents } from "../../db/schema";

export async function recordUserEvent(
  deps: Deps,
  userId: string,
  input: { eventName: string; event: Record<string, unknown>; campaign?: Record<string, string | undefined>; idempotencyKey?: string },
) {
  const event = input.campaign && Object.keys(input.campaign).length ? { ...input.event, campaign: input.campaign } : input.event;
  // A resent event (same idempotency key) is acknowledged again but stored once.
  await deps.db
    .insert(userEvents)
    .values({ userId, eventName: input.eventName, event, idempotencyKey: input.idempotencyKey })
    .onConflictDoNothing();
  return { isSuccess: true, message: "Event recorded." };
}
