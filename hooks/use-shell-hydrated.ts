"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** false in the server's HTML and until React has taken over the page; true after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
