import { TIME_ZONE_COOKIE } from "@/lib/time-zone";
import { readCookie, writeCookie } from "./cookies";

let known: { zone: string | null } | undefined;

/**
 * The browser's IANA time zone, or null when it names none. Read once per page: the pages ask on every
 * render, and each ask made a new Intl.DateTimeFormat (the first of a page costs tens of milliseconds
 * on a phone). The zone Intl resolves is one the browser knows; the server checks it again (isTimeZone).
 */
export function browserTimeZone(): string | null {
  if (!known) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    known = { zone: zone && zone.length <= 64 ? zone : null };
  }
  return known.zone;
}

/** Whether the time zone cookie is set (a page drawn by the server used it). */
export const hasTimeZoneCookie = () => readCookie(TIME_ZONE_COOKIE) !== undefined;

/** Remembers the browser's time zone in a cookie, so the next server render of the dashboard counts days as the learner does. */
export function rememberBrowserTimeZone(): void {
  const zone = browserTimeZone();
  if (zone && readCookie(TIME_ZONE_COOKIE) !== zone) {
    writeCookie(TIME_ZONE_COOKIE, zone, { expires: 365, sameSite: "lax", path: "/", secure: window.location.protocol === "https:" });
  }
}
