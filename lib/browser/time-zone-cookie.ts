import { TIME_ZONE_COOKIE, TIME_ZONE_OFFSETS_COOKIE } from "@/lib/time-zone";
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

/**
 * The browser's offsets from UTC in January and in July of this year, in minutes ("-330/-330"): the clock a zone
 * keeps, summer time included, read without Intl (Date's own offsets cost nothing; the page's first
 * Intl.DateTimeFormat costs 25-65 ms, four times that on a phone).
 */
export function browserZoneOffsets(): string {
  const year = new Date().getFullYear();
  return `${new Date(year, 0, 1).getTimezoneOffset()}/${new Date(year, 6, 1).getTimezoneOffset()}`;
}

/**
 * Whether the zone in the cookie is still the browser's, as far as any day or time on our pages can
 * tell: the cookie was written here with the same offsets. A move between two zones that keep the
 * same clock (Asia/Kolkata and Asia/Colombo) counts as no move: they count the same days.
 */
export const cookieZoneStillHolds = () => hasTimeZoneCookie() && readCookie(TIME_ZONE_OFFSETS_COOKIE) === browserZoneOffsets();

/**
 * Remembers the browser's time zone in a cookie, so the next server render of the dashboard counts
 * days as the learner does; with its offsets, so later pages can check it without Intl.
 */
export function rememberBrowserTimeZone(): void {
  if (cookieZoneStillHolds()) return;
  const zone = browserTimeZone();
  if (!zone) return;
  const attributes = { expires: 365, sameSite: "lax" as const, path: "/", secure: window.location.protocol === "https:" };
  if (readCookie(TIME_ZONE_COOKIE) !== zone) writeCookie(TIME_ZONE_COOKIE, zone, attributes);
  writeCookie(TIME_ZONE_OFFSETS_COOKIE, browserZoneOffsets(), attributes);
}
