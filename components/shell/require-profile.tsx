"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/i18n/use-error-text";
import { useRouter } from "next/navigation";
import { usePagePath } from "@/hooks/use-address";
import { useEffect, type ReactNode } from "react";
import { errorStatus } from "@/lib/api/errors";
import { userInfoQuery } from "@/lib/api/sign-in";
import { loginRedirectPath } from "@/lib/routes";
import { forgetSession } from "@/lib/browser/sign-out";
import { useHasSessionCookie } from "@/hooks/use-sign-in-session-cookie";
import { ProfileContext } from "@/hooks/use-shell-profile";
import { FullScreenSkeleton } from "./full-screen-skeleton";

/**
 * The protected pages' gate: checks the session cookie on every path change, loads the profile,
 * and shows the spec's states (skeleton, error block, 'User data not available', logout on 401).
 */
export function RequireProfile({ children }: { children: ReactNode }) {
  const t = useTranslations("shell.profile");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const pathname = usePagePath();
  const router = useRouter();
  const hasCookie = useHasSessionCookie();

  useEffect(() => {
    if (hasCookie === false) router.replace(loginRedirectPath(`${pathname}${window.location.search}`));
  }, [hasCookie, pathname, router]);

  // On the server the cookie is not known here (null), but the layout has prefetched the profile.
  const profile = useQuery({ ...userInfoQuery(), enabled: hasCookie !== false });
  const status = errorStatus(profile.error);

  useEffect(() => {
    if (status === 401) {
      forgetSession();
      window.location.assign("/?ua=true");
    }
  }, [status]);

  if (hasCookie === false || profile.isPending || status === 401) return <FullScreenSkeleton />;
  if (profile.isError) {
    return (
      <div role="alert" className="mx-auto mt-24 max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted">
        <h1 className="text-lg font-semibold">{status ? t("unavailable") : t("wrong")}</h1>
        <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{errorText(profile.error)}</p>
        <button type="button" onClick={() => profile.refetch()} className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white">
          {tc("tryAgain")}
        </button>
      </div>
    );
  }
  return <ProfileContext.Provider value={profile.data}>{children}</ProfileContext.Provider>;
}
