import "server-only";

/*
 * iCalendar files (RFC 5545) of group sessions. Times are written in UTC (DTSTART:20250330T080000Z):
 * a session is one instant, every calendar converts UTC to its owner's zone, and no VTIMEZONE has to
 * describe the organiser's rules. The organiser's own wall time is written in the description.
 */

export interface CalendarEvent {
  /** Never changes for a session, so a calendar updates its copy instead of adding a second one. */
  uid: string;
  /** Goes up whenever the session changes; calendars keep the copy with the highest one. */
  sequence: number;
  /** When this file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  lastModified: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: { name: string; email: string };
  /** A reminder this many minutes before the start. */
  alarmMinutesBefore?: number;
  /**
   * PUBLISH (the default): a file to save. REQUEST: an update sent to an attendee (RFC 5546), which
   * calendars apply to the copy of the same UID when its SEQUENCE is higher. CANCEL: the event is
   * cancelled (STATUS:CANCELLED).
   */
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  /** The learner the file is sent to (REQUEST and CANCEL name their attendee). */
  attendee?: { name: string; email: string };
}

/** An instant as an RFC 5545 UTC date-time: 20250330T080000Z. */
export const utcDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A parameter value (CN=...): quoted, without the characters a quoted value may not hold. */
const paramValue = (value: string) => `"${value.replace(/["\u0000-\u001f\u007f]/g, "")}"`;

const encoder = new TextEncoder();

/**
 * Folds a content line so no line is longer than 75 octets (RFC 5545 3.1): each continuation line
 * starts with one space, and a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The whole file: one VCALENDAR with one VEVENT, lines folded, CRLF line endings. */
export function buildCalendar(event: CalendarEvent, productId: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method ?? "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...(event.attendee ? [`ATTENDEE;CN=${paramValue(event.attendee.name || event.attendee.email)};ROLE=REQ-PARTICIPANT:mailto:${event.attendee.email}`] : []),
    event.method === "CANCEL" ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    ...(event.alarmMinutesBefore && event.method !== "CANCEL"
      ? ["BEGIN:VALARM", "ACTION:DISPLAY", `TRIGGER:-PT${event.alarmMinutesBefore}M`, `DESCRIPTION:${escapeText(event.summary)}`, "END:VALARM"]
      : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
