import { utcOffsetMs } from "@/lib/time-zone";

// How the content files write instants: what the importer reads back as the very same instant.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A date at midnight UTC as "2024-05-01", any other instant as "2024-05-01T09:30:00Z" (with milliseconds when it has some). */
export function contentDate(value: Date | string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  const iso = d.toISOString();
  if (iso.endsWith("T00:00:00.000Z")) return iso.slice(0, 10);
  return iso.endsWith(".000Z") ? `${iso.slice(0, 19)}Z` : iso;
}

/** An instant as the wall-clock time of `timeZone` with its offset, e.g. "2027-03-29T18:00:00+05:30". */
export function zonedDate(value: Date, timeZone: string): string {
  const offsetMinutes = Math.round(utcOffsetMs(value, timeZone) / 60_000);
  if (offsetMinutes === 0) return contentDate(value).length === 10 ? `${value.toISOString().slice(0, 19)}Z` : contentDate(value);
  const local = new Date(value.getTime() + offsetMinutes * 60_000).toISOString();
  const ms = value.getUTCMilliseconds() ? local.slice(19, 23) : "";
  const abs = Math.abs(offsetMinutes);
  return `${local.slice(0, 19)}${ms}${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
