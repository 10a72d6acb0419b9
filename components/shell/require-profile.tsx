"use client";

import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/i18n/use-error-text";
import { useRouter } from "next/navigation";
import { usePagePath } from "@/hooks/use-address";
import { useEffect, useTransition, type ReactNode } from "react";
import { HttpError } from "@/lib/api/client";
import { loginRedirectPath } from "@/lib/routes";
import { forgetSession } from "@/lib/browser/sign-out";
import { useHasSessionCookie } from "@/hooks/use-sign-in-session-cookie";
import { ProfileContext } from "@/hooks/use-shell-profile";
import type { UserProfile } from "@/lib/contract/user";
import { FullScreenSkeleton } from "./full-screen-skeleton";

/**
 * What the server's read of the profile gave: the profile, or the answer that refused it (no
 * `status`: the read failed without one), or nothing when the request carried no session.
 */
export type ProfileRead = { profile: UserProfile } | { failed: { status?: number; body?: unknown } } | null;

/**
 * The protected pages' gate. The layout reads the profile on the server; here the browser checks the
 * session cookie on every path change and shows the spec's states: the skeleton while it leaves for
 * sign-in, the error block ('User data not available') with Try again, which reads it again, and
 * logout on 401.
 */
export function RequireProfile({ read, children }: { read: ProfileRead; children: ReactNode }) {
  const t = useTranslations("shell.profile");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const pathname = usePagePath();
  const router = useRouter();
  const hasCookie = useHasSessionCookie();
  const [retrying, startRetry] = useTransition();
  const failed = read && "failed" in read ? read.failed : null;
  // A session cookie the server did not see (one set after the page was drawn): the page is drawn again with it.
  const unseen = hasCookie === true && !read;

  useEffect(() => {
    if (hasCookie === false) router.replace(loginRedirectPath(`${pathname}${window.location.search}`));
  }, [hasCookie, pathname, router]);

  useEffect(() => {
    if (unseen) router.refresh();
  }, [unseen, router]);

  useEffect(() => {
    if (failed?.status === 401) {
      forgetSession();
      // A full load, not a client navigation: nothing of the signed-in pages' state may outlive the session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/?ua=true");
    }
  }, [failed?.status]);

  if (read && "profile" in read && hasCookie !== false) return <ProfileContext.Provider value={read.profile}>{children}</ProfileContext.Provider>;
  if (!failed || failed.status === 401 || hasCookie === false) return <FullScreenSkeleton />;
  // The refusal as the browser's own read would have met it, so its words come in the page's language.
  const error = failed.status === undefined ? new Error("") : new HttpError("", { status: failed.status, data: failed.body, headers: new Headers() });
  return (
    <div role="alert" className="mx-auto mt-24 max-w-md rounded-card bg-white p-6 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted">
      <h1 className="text-lg font-semibold">{failed.status ? t("unavailable") : t("wrong")}</h1>
      <p className="mt-2 text-ink-muted dark:text-ink-dark-muted">{errorText(error)}</p>
      <button
        type="button"
        disabled={retrying}
        onClick={() => startRetry(() => router.refresh())}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {tc("tryAgain")}
      </button>
    </div>
  );
}
