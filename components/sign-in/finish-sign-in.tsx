"use client";

import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { finishLogin, userInfoQuery } from "@/lib/api/sign-in";
import { errorMessage } from "@/lib/api/errors";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { resetSessionCache } from "@/lib/browser/session-cache";
import { setSessionToken } from "@/lib/browser/session-cookie";
import { rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";

/**
 * Opened from the e-mailed link. The token is in the fragment, which no server sees; the link is
 * used up only by this page's POST, so a mail scanner fetching the link does not spend it.
 */
export function FinishSignIn() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [state, setState] = useState<{ kind: "working" } | { kind: "error"; message: string } | { kind: "done"; title: string }>({
    kind: "working",
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const inviteId = new URLSearchParams(window.location.hash.slice(1)).get("inviteId") ?? new URLSearchParams(window.location.search).get("inviteId");
    // Take the token out of the address bar and history right away.
    window.history.replaceState(null, "", window.location.pathname);
    (async () => {
      if (!inviteId) throw new Error("This sign-in link is incomplete. Ask for a new one on the home page.");
      const res = await finishLogin(inviteId);
      setSessionToken(res.userToken, new Date(res.expiresAt));
      // The first signed-in page is drawn by the server: it counts days in the learner's zone from the start.
      rememberBrowserTimeZone();
      // Whatever this browser held belonged to the session before this one.
      await resetSessionCache(queryClient);
      queryClient.setQueryData(userInfoQuery().queryKey, res.userInfo);
      setState({ kind: "done", title: res.redirectTitle });
      router.replace(safeRedirectPath(res.redirectUrl));
    })().catch((err: unknown) => setState({ kind: "error", message: errorMessage(err) }));
  }, [queryClient, router]);

  if (state.kind === "error") {
    return (
      <div role="alert" className="max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted">
        <h1 className="text-lg font-semibold">We could not sign you in</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{state.message}</p>
        <AppLink href="/" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
          Get a new link
        </AppLink>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <p>{state.kind === "done" ? `Taking you to ${state.title}…` : "Signing you in…"}</p>
    </div>
  );
}
