"use client";

import Cookies from "js-cookie";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { CAMPAIGN_COOKIE_DAYS, campaignCookiesFromSearch, campaignFromCookies } from "@/lib/browser/campaign";
import { getSessionToken } from "@/lib/browser/session-cookie";

/**
 * On every page: keeps the campaign parameters of the address in cookies for 365 days, and for a
 * signed-in user sends a page_view event carrying the campaign under the API's names.
 */
export function CampaignTracker() {
  const pathname = usePathname();
  const search = useSearchParams().toString();

  useEffect(() => {
    const secure = window.location.protocol === "https:";
    for (const [name, value] of campaignCookiesFromSearch(search)) {
      Cookies.set(name, value, { expires: CAMPAIGN_COOKIE_DAYS, sameSite: "lax", path: "/", secure });
    }
    if (!getSessionToken()) return;
    const campaign = campaignFromCookies((name) => Cookies.get(name));
    // The API client and the contract load only for signed-in visitors, after the page is up.
    import("@/lib/api/shell")
      .then(({ recordEvent }) => recordEvent({ eventName: "page_view", event: { path: pathname }, campaign }))
      .catch(() => undefined);
  }, [pathname, search]);

  return null;
}
