import { describe, expect, it } from "vitest";
import { formatDuration, formatSeconds } from "@/lib/format-duration";
import { plural } from "@/lib/plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(plural(1, "quiz", "quizzes")).toBe("1 quiz");
    expect(plural(2, "quiz", "quizzes")).toBe("2 quizzes");
    expect(plural(0, "essay")).toBe("0 essays");
    expect(plural(1, "essay")).toBe("1 essay");
    expect(plural(1, "chapter")).toBe("1 chapter");
  });
});

describe("formatDuration", () => {
  it("writes minutes as the spec's 'N hr(s) M min(s)', or '0 mins'", () => {
    const cases: [number, string][] = [
      [0, "0 mins"],
      [1, "1 min"],
      [2, "2 mins"],
      [59, "59 mins"],
      [60, "1 hr"],
      [61, "1 hr 1 min"],
      [62, "1 hr 2 mins"],
      [120, "2 hrs"],
      [121, "2 hrs 1 min"],
      [156, "2 hrs 36 mins"],
      [910, "15 hrs 10 mins"],
    ];
    expect(cases.map(([minutes]) => formatDuration(minutes))).toEqual(cases.map(([, text]) => text));
  });

  it("rounds to the nearest minute, carrying into the hour", () => {
    expect(formatDuration(59.6)).toBe("1 hr");
    expect(formatDuration(44.4)).toBe("44 mins");
    expect(formatDuration(119.5)).toBe("2 hrs");
  });

  it("shows nothing below zero, and nothing for what is not a number", () => {
    expect(formatDuration(-5)).toBe("0 mins");
    expect(formatDuration(Number.NaN)).toBe("0 mins");
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe("0 mins");
  });

  it("shows the seconds of a duration under a minute, as the course tree's 20-second video", () => {
    expect(formatDuration(20 / 60)).toBe("20 sec");
    expect(formatDuration(0.3)).toBe("18 sec");
  });
});

describe("formatSeconds", () => {
  it("shows seconds under a minute instead of 0 mins", () => {
    expect(formatSeconds(20)).toBe("20 sec");
    expect(formatSeconds(1)).toBe("1 sec");
    expect(formatSeconds(59)).toBe("59 sec");
  });

  it("shows minutes from a minute up, and 0 mins for nothing", () => {
    expect(formatSeconds(0)).toBe("0 mins");
    expect(formatSeconds(60)).toBe("1 min");
    expect(formatSeconds(4560)).toBe("1 hr 16 mins");
    expect(formatSeconds(Number.NaN)).toBe("0 mins");
  });
});
