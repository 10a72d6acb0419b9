import { describe, expect, it } from "vitest";
import { isLaidOutLine, writtenRuns } from "@/lib/written-text";

describe("writtenRuns", () => {
  it("keeps every line, space and blank line as written", () => {
    const text = "State machine\n-------------\n\n  State   NS\n  GREEN   red\n\nThe end.  Two spaces after a stop.";
    const runs = writtenRuns(text);
    expect(runs.map((r) => r.lines.join("\n")).join("\n")).toBe(text);
    expect(runs.some((r) => r.laidOut && r.lines.at(-1)!.trim() === "")).toBe(false);
  });

  it("sets apart lines set out with spaces, a text table or indented code, from prose", () => {
    const runs = writtenRuns("Prose line one\nprose line two\n\n  State      NS     EW\n  NS_GREEN   green  red\n\nMore prose.\n  static volatile bool x;");
    expect(runs.map((r) => [r.laidOut, r.lines])).toEqual([
      [false, ["Prose line one", "prose line two", ""]],
      [true, ["  State      NS     EW", "  NS_GREEN   green  red"]],
      [false, ["", "More prose."]],
      [true, ["  static volatile bool x;"]],
    ]);
    expect(runs.map((r) => r.lines.join("\n")).join("\n")).toBe("Prose line one\nprose line two\n\n  State      NS     EW\n  NS_GREEN   green  red\n\nMore prose.\n  static volatile bool x;");
  });

  it("reads Windows line ends as line ends", () => {
    expect(writtenRuns("a\r\nb").flatMap((r) => r.lines)).toEqual(["a", "b"]);
  });
});

describe("isLaidOutLine", () => {
  it("takes indented lines and columns of three spaces or a tab, not two spaces after a full stop", () => {
    expect(["  indented", "\tcode", "Name   Marks", "a\tb"].map(isLaidOutLine)).toEqual([true, true, true, true]);
    expect(["Plain prose.", "Two spaces.  After a stop", "", "   "].map(isLaidOutLine)).toEqual([false, false, false, false]);
  });
});
