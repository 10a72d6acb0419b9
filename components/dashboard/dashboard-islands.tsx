"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { browserTimeZone, cookieZoneStillHolds, hasTimeZoneCookie, rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";

/** The dashboard's greeting: the profile the protected layout loaded. */
export function Welcome() {
  const t = useTranslations("dashboard.welcome");
  const profile = useProfile();
  return (
    <div>
      <h1 className="text-2xl font-bold">{t("title", { name: profile.name })}</h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
        {t.rich("signedInAs", { email: profile.email, plan: profile.plan, address: (chunks) => <span data-testid="signed-in-email">{chunks}</span> })}
      </p>
    </div>
  );
}

/**
 * Days are counted in the learner's time zone. The server drew the page in the one the cookie named
 * (signing in sets it); when the browser's differs, it is remembered in the cookie and the page is
 * drawn again by the server, in place. When the browser's clock is still the one the cookie was
 * written with, nothing is asked of Intl at all; otherwise, with a cookie set, the check waits until
 * the page has started.
 */
export function FollowTimeZone({ rendered }: { rendered: string }) {
  const router = useRouter();
  useEffect(() => {
    const follow = () => {
      const zone = browserTimeZone();
      rememberBrowserTimeZone();
      if (zone && zone !== rendered) router.refresh();
    };
    if (cookieZoneStillHolds()) return;
    if (!hasTimeZoneCookie()) return follow();
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(follow, { timeout: 3000 });
    return () => cancel(handle);
  }, [rendered, router]);
  return null;
}
