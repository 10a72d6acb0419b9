import type { Badge } from "@/lib/contract/entities/achievements";

/**
 * Badges an action just earned, announced to whoever shows them (the toast). The server names them
 * in the answer of the action that earned them (`newBadges`) and only in that one, so each is
 * announced once.
 */
type Listener = (badges: Badge[]) => void;
const listeners = new Set<Listener>();

/** Announces the badges an API answer names, if it names any. */
export function announceNewBadges(answer: unknown) {
  const badges = (answer as { newBadges?: Badge[] } | null)?.newBadges;
  if (Array.isArray(badges) && badges.length) listeners.forEach((l) => l(badges));
}

export function subscribeNewBadges(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast's words for badges earned together. */
export const badgeToastTitle = (badges: Pick<Badge, "name">[]) => `Badge earned: ${badges.map((b) => b.name).join(", ")}`;
