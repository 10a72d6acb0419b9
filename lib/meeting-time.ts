/**
 * When a group session happens, as its viewer reads it in their own time zone (the browser's
 * Intl time zone) and the page's language (`locale`, British English's forms unless named). One
 * locale on the server and in the browser, so the first render matches.
 */

const ENGLISH = "en-GB";
const formatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formatters.set(key, f);
  }
  return f;
}

/** The day in another language than English, in that language's own order ("रवि, 28 मार्च 2027"). */
function dayFormatter(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let f = dayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
    dayFormatters.set(key, f);
  }
  return f;
}

interface Moment {
  /** "Sun, 28 Mar 2027" */
  date: string;
  /** "10:00" */
  time: string;
  /** "CEST", "GMT-4", "GMT+5:30" */
  zone: string;
}

function moment(instant: Date, timeZone: string, locale: string): Moment {
  const parts = formatter(timeZone, locale).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: locale === ENGLISH ? `${part("weekday")}, ${part("day")} ${part("month")} ${part("year")}` : dayFormatter(timeZone, locale).format(instant),
    time: `${part("hour")}:${part("minute")}`,
    zone: part("timeZoneName"),
  };
}

export interface SessionTime {
  start: Moment;
  end: Moment;
  /** The whole time on one line: "Sun, 28 Mar 2027, 10:00–11:00 CEST"; both zones when daylight saving changes during it, both dates when it ends another day. */
  text: string;
}

export function formatSessionTime(startIso: string, endIso: string, timeZone: string, locale = ENGLISH): SessionTime {
  const start = moment(new Date(startIso), timeZone, locale);
  const end = moment(new Date(endIso), timeZone, locale);
  let text: string;
  if (end.date !== start.date) text = `${start.date}, ${start.time} ${start.zone} – ${end.date}, ${end.time} ${end.zone}`;
  else if (end.zone !== start.zone) text = `${start.date}, ${start.time} ${start.zone} – ${end.time} ${end.zone}`;
  else text = `${start.date}, ${start.time}–${end.time} ${start.zone}`;
  return { start, end, text };
}

/** A time of day alone, "09:45 CEST": when the join link of a session starting soon opens. */
export function formatTimeOfDay(iso: string, timeZone: string, locale = ENGLISH): string {
  const m = moment(new Date(iso), timeZone, locale);
  return `${m.time} ${m.zone}`;
}
