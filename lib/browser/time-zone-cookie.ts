import { isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";
import { readCookie, writeCookie } from "./cookies";

let known: { zone: string | null } | undefined;

/**
 * The browser's IANA time zone, or null when it names none this runtime knows. Read once per page:
 * the pages ask on every render, and each ask made a new Intl.DateTimeFormat.
 */
export function browserTimeZone(): string | null {
  if (!known) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    known = { zone: zone && isTimeZone(zone) ? zone : null };
  }
  return known.zone;
}

/** Remembers the browser's time zone in a cookie, so the next server render of the dashboard counts days as the learner does. */
export function rememberBrowserTimeZone(): void {
  const zone = browserTimeZone();
  if (zone && readCookie(TIME_ZONE_COOKIE) !== zone) {
    writeCookie(TIME_ZONE_COOKIE, zone, { expires: 365, sameSite: "lax", path: "/", secure: window.location.protocol === "https:" });
  }
}
