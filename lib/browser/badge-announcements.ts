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

/** The names of badges earned together, as the toast lists them ("Badge earned: {names}", common.badges.earned). */
export const badgeNames = (badges: Pick<Badge, "name">[]) => badges.map((b) => b.name).join(", ");
