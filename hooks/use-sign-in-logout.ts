"use client";

import { useCallback } from "react";
import { logout } from "@/lib/api/sign-in";
import { resetSessionCache } from "@/lib/browser/session-cache";
import { forgetSession } from "@/lib/browser/sign-out";

/** Revokes the session on the server (best effort), then forgets it here and goes home. */
export function useLogout() {
  return useCallback(async (target = "/") => {
    await logout().catch(() => undefined);
    forgetSession();
    await resetSessionCache();
    window.location.assign(target);
  }, []);
}
