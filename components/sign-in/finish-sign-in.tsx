"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { finishLogin, userInfoQuery } from "@/lib/api/sign-in";
import { errorMessage, errorStatus } from "@/lib/api/errors";
import { localeOfPreference } from "@/lib/i18n/languages";
import { rememberLanguage } from "@/components/i18n/language-switch";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { resetSessionCache } from "@/lib/browser/session-cache";
import { setSessionToken } from "@/lib/browser/session-cookie";
import { rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";

/**
 * Opened from the e-mailed link. The token is in the fragment, which no server sees; the link is
 * used up only by this page's POST, so a mail scanner fetching the link does not spend it.
 */
export function FinishSignIn() {
  const t = useTranslations("signIn.finish");
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
      if (!inviteId) throw new Error(t("incomplete"));
      const res = await finishLogin(inviteId);
      setSessionToken(res.userToken, new Date(res.expiresAt));
      // The first signed-in page is drawn by the server: it counts days in the learner's zone from the start.
      rememberBrowserTimeZone();
      // From now on the pages speak the learner's language (their profile's preferredLanguage).
      rememberLanguage(localeOfPreference(res.userInfo.preferredLanguage));
      // Whatever this browser held belonged to the session before this one.
      await resetSessionCache(queryClient);
      queryClient.setQueryData(userInfoQuery().queryKey, res.userInfo);
      setState({ kind: "done", title: res.redirectTitle });
      router.replace(safeRedirectPath(res.redirectUrl));
    })().catch((err: unknown) => setState({ kind: "error", message: errorStatus(err) === 401 ? t("unusable") : errorMessage(err) }));
  }, [queryClient, router, t]);

  if (state.kind === "error") {
    return (
      <div role="alert" className="max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted">
        <h1 className="text-lg font-semibold">{t("failed")}</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{state.message}</p>
        <AppLink href="/" className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
          {t("newLink")}
        </AppLink>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <p>{state.kind === "done" ? t("taking", { title: state.title }) : t("signingIn")}</p>
    </div>
  );
}
