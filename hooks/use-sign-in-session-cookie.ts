"use client";

import { useSyncExternalStore } from "react";
import { getSessionToken } from "@/lib/browser/session-cookie";

const noSubscription = () => () => undefined;

/** Whether the session cookie is present: read on every render (so on every path change); null on the server, where it is not known yet. */
export function useHasSessionCookie(): boolean | null {
  return useSyncExternalStore(noSubscription, () => Boolean(getSessionToken()), () => null);
}
