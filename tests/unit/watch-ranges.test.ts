import { describe, expect, it } from "vitest";
import { coveredSeconds, isWatchedEnough, mergeRanges, samplesToRanges } from "@/lib/server/domain/watch-ranges";
import { parseRange, relativeStoragePath } from "@/lib/server/storage/local-files";

describe("watched ranges", () => {
  it("joins samples in playing order at most a step apart, and splits at seeks", () => {
    expect(samplesToRanges([0, 1, 2, 3], 100)).toEqual([[0, 3]]);
    expect(samplesToRanges([0, 1, 2, 30, 31], 100)).toEqual([
      [0, 2],
      [30, 31],
    ]);
    // Back to an earlier place: a new range.
    expect(samplesToRanges([10, 11, 5, 6], 100)).toEqual([
      [10, 11],
      [5, 6],
    ]);
    // 2x speed still counts.
    expect(samplesToRanges([0, 2, 4, 6], 100)).toEqual([[0, 6]]);
  });

  it("clamps to the video's length and skips values that are not numbers", () => {
    expect(samplesToRanges([98, 99, 100, 150, Number.NaN], 100)).toEqual([[98, 100]]);
    expect(samplesToRanges([-5, 0, 1], 100)).toEqual([[0, 1]]);
  });

  it("merges overlapping, touching and duplicate ranges, in any order", () => {
    const merged = mergeRanges([
      [50, 60],
      [0, 10],
      [8, 20],
      [0, 10],
      [22, 30],
      [100, 100],
    ]);
    expect(merged).toEqual([
      [0, 30],
      [50, 60],
      [100, 100],
    ]);
    expect(coveredSeconds(merged)).toBe(40);
  });

  it("completes at 90 % of the length", () => {
    expect(isWatchedEnough(539, 600)).toBe(false);
    expect(isWatchedEnough(540, 600)).toBe(true);
    expect(isWatchedEnough(0, 0)).toBe(false);
  });
});

describe("byte ranges", () => {
  it("reads single ranges and refuses what it cannot satisfy", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "part", start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(parseRange("bytes=-5", 100)).toEqual({ kind: "part", start: 95, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(parseRange("bytes=0-1,5-6", 100)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-1", 100)).toEqual({ kind: "whole" });
    for (const h of ["bytes=100-", "bytes=5-1", "bytes=x-y", "bytes=-", "bytes=-0"]) expect(parseRange(h, 100), h).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("keeps file paths under the storage root", () => {
    expect(relativeStoragePath(["demo", "intro.mp4"])).toBe("demo/intro.mp4");
    expect(relativeStoragePath(["demo", "my%20clip.mp4"])).toBe("demo/my clip.mp4");
    for (const parts of [["..", "x"], ["demo", ""], ["a%2F..%2Fb"], ["a%5Cb"], ["%E0%A4%A"], ["."], []]) expect(relativeStoragePath(parts), parts.join("/")).toBeNull();
  });
});
