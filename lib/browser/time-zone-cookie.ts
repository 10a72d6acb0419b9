import Cookies from "js-cookie";
import { isTimeZone, TIME_ZONE_COOKIE } from "@/lib/time-zone";

/** The browser's IANA time zone, or null when it names none this runtime knows. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/** Remembers the browser's time zone in a cookie, so the next server render of the dashboard counts days as the learner does. */
export function rememberBrowserTimeZone(): void {
  const zone = browserTimeZone();
  if (zone && Cookies.get(TIME_ZONE_COOKIE) !== zone) {
    Cookies.set(TIME_ZONE_COOKIE, zone, { expires: 365, sameSite: "lax", path: "/", secure: window.location.protocol === "https:" });
  }
}
