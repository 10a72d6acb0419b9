/**
 * Calendar days in a learner's time zone. Users have no stored time zone: the browser's
 * (Intl.DateTimeFormat().resolvedOptions().timeZone) travels in the `timeZone` cookie and as the
 * `timeZone` query parameter of the dashboard's figures. Shared by the server and the browser.
 */

/** Name of the cookie holding the browser's IANA time zone. */
export const TIME_ZONE_COOKIE = "timeZone";
/** The zone used when the browser has not told us its own yet. */
export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether a text names a time zone this runtime knows ("Pacific/Auckland", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    dayFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(instant: Date | number, timeZone: string): string {
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** A calendar day moved by a number of days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last `count` calendar days in a time zone, oldest first, ending with the day `now` falls on. */
export function lastDays(now: Date, timeZone: string, count: number): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}
