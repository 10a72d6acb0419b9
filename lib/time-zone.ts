/**
 * Calendar days in a learner's time zone. The browser's (Intl.DateTimeFormat().resolvedOptions().timeZone)
 * travels in the `timeZone` cookie and as the `timeZone` query parameter of the dashboard's figures and
 * achievements; the server keeps the last one on the user for badge streaks. Shared by the server and the browser.
 */

/** Name of the cookie holding the browser's IANA time zone. */
export const TIME_ZONE_COOKIE = "timeZone";
/** Name of the cookie holding the offsets the browser had when it wrote TIME_ZONE_COOKIE (lib/browser/time-zone-cookie.ts). */
export const TIME_ZONE_OFFSETS_COOKIE = "timeZoneOffsets";
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

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = wallFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormatters.set(timeZone, f);
  }
  return f;
}

/** A wall-clock time, as a clock on the wall of some time zone shows it. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
}

/** What the clocks of a time zone show at an instant. */
export function wallTimeAt(instant: Date | number, timeZone: string): Required<WallTime> {
  const parts = wallFormatter(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0");
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

const wallAsUtc = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);

/** How far a time zone's clocks are ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
export function utcOffsetMs(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole;
}

/**
 * The instant a wall-clock time of a time zone stands for. Around a daylight-saving change a wall
 * time may not exist (the clocks jump over it: `gap`) or exist twice (the clocks go back over it:
 * `ambiguous`, earlier instant first).
 */
export type ZonedInstant = { kind: "exact"; instant: Date } | { kind: "gap" } | { kind: "ambiguous"; instants: [Date, Date] };

export function instantOfWallTime(wall: WallTime, timeZone: string): ZonedInstant {
  const asUtc = wallAsUtc(wall);
  const day = 86_400_000;
  // A zone's offset changes at most once within a day around any wall time: the offsets a day before
  // and a day after are the only candidates.
  const offsets = [...new Set([utcOffsetMs(asUtc - day, timeZone), utcOffsetMs(asUtc + day, timeZone)])];
  const found = offsets
    .map((offset) => asUtc - offset)
    .filter((candidate) => utcOffsetMs(candidate, timeZone) === asUtc - candidate)
    .sort((a, b) => a - b);
  if (found.length === 0) return { kind: "gap" };
  if (found.length === 1 || found[0] === found[1]) return { kind: "exact", instant: new Date(found[0]!) };
  return { kind: "ambiguous", instants: [new Date(found[0]!), new Date(found[1]!)] };
}
