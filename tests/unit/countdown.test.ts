import { describe, expect, it } from "vitest";
import { dueWarning, formatClock, localDeadline, secondsLeft, serverNowIso } from "@/lib/browser/countdown";

describe("the countdown of a timed attempt", () => {
  it("takes its deadline from the server's seconds left, whatever this browser's clock says", () => {
    // The browser's clock is 2 hours behind the server's.
    const receivedAt = Date.parse("2030-01-01T08:00:00Z");
    const d = localDeadline(300, "2030-01-01T10:05:00Z", receivedAt);
    expect(secondsLeft(d, receivedAt)).toBe(300);
    expect(secondsLeft(d, receivedAt + 299_001)).toBe(1);
    expect(secondsLeft(d, receivedAt + 400_000)).toBe(0);
    expect(d.offsetMs).toBe(2 * 3600_000);
    expect(serverNowIso(d, receivedAt + 1000)).toBe("2030-01-01T10:00:01.000Z");
  });

  it("stays right after a tab slept in the background for 10 minutes: time left is computed, not counted", () => {
    const receivedAt = 1_000_000;
    const d = localDeadline(900, null, receivedAt);
    expect(secondsLeft(d, receivedAt + 10 * 60_000)).toBe(300);
  });

  it("warns at 5 minutes and at 1 minute, once each, and only of the closest when opened late", () => {
    expect(dueWarning(301, new Set())).toBeNull();
    expect(dueWarning(300, new Set())).toBe(300);
    expect(dueWarning(200, new Set([300]))).toBeNull();
    expect(dueWarning(60, new Set([300]))).toBe(60);
    expect(dueWarning(50, new Set())).toBe(60);
    expect(dueWarning(0, new Set())).toBeNull();
  });

  it("shows minutes and seconds", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(3605)).toBe("1:00:05");
  });
});
