"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useProfile } from "@/hooks/use-shell-profile";
import { browserTimeZone, rememberBrowserTimeZone } from "@/lib/browser/time-zone-cookie";
import { ErrorBlock } from "@/components/ui/error-block";

/** The dashboard's greeting: the profile the protected layout loaded. */
export function Welcome() {
  const profile = useProfile();
  return (
    <div>
      <h1 className="text-2xl font-bold">Welcome, {profile.name}</h1>
      <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
        Signed in as <span data-testid="signed-in-email">{profile.email}</span> · {profile.plan} plan
      </p>
    </div>
  );
}

/**
 * Days are counted in the learner's time zone. The server drew the page in the one the cookie named
 * (or the default on a first visit); when the browser's differs, it is remembered in the cookie and
 * the page is drawn again by the server, in place.
 */
export function FollowTimeZone({ rendered }: { rendered: string }) {
  const router = useRouter();
  useEffect(() => {
    const zone = browserTimeZone();
    rememberBrowserTimeZone();
    if (zone && zone !== rendered) router.refresh();
  }, [rendered, router]);
  return null;
}

/** A part of the dashboard the server could not load, with Try again (the page drawn again). */
export function PartFailed({ message }: { message: string }) {
  const router = useRouter();
  return <ErrorBlock message={message} onRetry={() => router.refresh()} />;
}
