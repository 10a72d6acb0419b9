import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine } from "@/lib/server/services/meetings/calendar-file";
import { formatSessionTime } from "@/lib/meeting-time";
import { instantOfWallTime } from "@/lib/time-zone";

describe("calendar lines", () => {
  it("folds any text into lines of at most 75 octets that unfold to the original, never cutting a character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (value) => {
        const line = `DESCRIPTION:${escapeText(value)}`;
        const folded = foldLine(line);
        for (const physical of folded.split("\r\n")) expect(Buffer.byteLength(physical, "utf8")).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, "")).toBe(line);
        expect(folded).not.toContain("\uFFFD");
      }),
    );
  });

  it("leaves a line of exactly 75 octets alone and folds the 76th", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    // A 3-octet character that would end at octet 76 moves whole to the next line.
    expect(foldLine(`${"x".repeat(73)}€`)).toBe(`${"x".repeat(73)}\r\n €`);
  });

  it("escapes what RFC 5545 TEXT escapes, and nothing else", () => {
    expect(escapeText('a,b;c\\d\ne\r\nf:g"h')).toBe('a\\,b\\;c\\\\d\\ne\\nf:g"h');
  });
});

describe("wall times of a time zone", () => {
  it("finds the one instant of an ordinary wall time", () => {
    expect(instantOfWallTime({ year: 2027, month: 1, day: 15, hour: 9, minute: 0 }, "America/New_York")).toEqual({
      kind: "exact",
      instant: new Date("2027-01-15T14:00:00Z"),
    });
    expect(instantOfWallTime({ year: 2027, month: 7, day: 1, hour: 9, minute: 0 }, "Asia/Kolkata")).toEqual({ kind: "exact", instant: new Date("2027-07-01T03:30:00Z") });
  });

  it("reports the hour the clocks skip and the hour they repeat", () => {
    expect(instantOfWallTime({ year: 2027, month: 3, day: 14, hour: 2, minute: 30 }, "America/New_York")).toEqual({ kind: "gap" });
    expect(instantOfWallTime({ year: 2027, month: 11, day: 7, hour: 1, minute: 30 }, "America/New_York")).toEqual({
      kind: "ambiguous",
      instants: [new Date("2027-11-07T05:30:00Z"), new Date("2027-11-07T06:30:00Z")],
    });
  });
});

describe("a session's time as its viewer reads it", () => {
  it("gives date, times and zone on one line", () => {
    expect(formatSessionTime("2027-03-29T08:00:00Z", "2027-03-29T09:00:00Z", "Europe/Berlin").text).toBe("Mon, 29 Mar 2027, 10:00–11:00 CEST");
    expect(formatSessionTime("2027-03-29T12:30:00Z", "2027-03-29T13:15:00Z", "Asia/Kolkata").text).toBe("Mon, 29 Mar 2027, 18:00–18:45 GMT+5:30");
  });

  it("names both days when a session ends after midnight", () => {
    expect(formatSessionTime("2027-03-29T21:30:00Z", "2027-03-29T23:30:00Z", "Europe/Berlin").text).toBe("Mon, 29 Mar 2027, 23:30 CEST – Tue, 30 Mar 2027, 01:30 CEST");
  });
});
