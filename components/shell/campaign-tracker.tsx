"use client";

import { usePagePath, usePageQuery } from "@/hooks/use-address";
import { useEffect } from "react";
import { CAMPAIGN_COOKIE_DAYS, campaignCookiesFromSearch, campaignFromCookies } from "@/lib/browser/campaign";
import { readCookie, writeCookie } from "@/lib/browser/cookies";
import { whenPageSettled } from "@/lib/browser/page-settled";
import { getSessionToken } from "@/lib/browser/session-cookie";

/** The address the last page_view was sent for. */
let lastViewed: string | null = null;

/**
 * On every page: keeps the campaign parameters of the address in cookies for 365 days, and for a
 * signed-in user sends one page_view event per address reached, carrying the campaign under the
 * API's names. (React runs effects twice in development; the second run of the same address sends
 * nothing.)
 */
export function CampaignTracker() {
  const pathname = usePagePath();
  const search = usePageQuery().toString();

  useEffect(() => {
    const secure = window.location.protocol === "https:";
    for (const [name, value] of campaignCookiesFromSearch(search)) {
      writeCookie(name, value, { expires: CAMPAIGN_COOKIE_DAYS, sameSite: "lax", path: "/", secure });
    }
    const viewed = `${pathname}?${search}`;
    if (!getSessionToken() || viewed === lastViewed) return;
    lastViewed = viewed;
    const campaign = campaignFromCookies(readCookie);
    // Sent once the page has started (the browser idle after the load): nothing on the page waits for
    // it. The API client loads only for signed-in visitors, then.
    whenPageSettled()
      .then(() => import("@/lib/api/shell"))
      .then(({ recordUserEvent }) => recordUserEvent({ eventName: "page_view", event: { path: pathname }, campaign }))
      .catch(() => undefined);
  }, [pathname, search]);

  return null;
}
