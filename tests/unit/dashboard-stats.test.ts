import { describe, expect, it } from "vitest";
import { accountExpiry, expiryFigures } from "@/lib/server/services/dashboard/get-batch-details";
import { programProgress } from "@/lib/server/domain/program-progress";
import { badgesEarned } from "@/lib/server/services/achievements";
import { challengesSubmitted, domainCounts, hoursLearned, learningDays } from "@/lib/server/services/dashboard/get-dashboard-stats";
import { watchSlotOf } from "@/lib/server/services/learning/watch-time";
import { addDays, isTimeZone, lastDays, localDate } from "@/lib/time-zone";

// Submitted challenges: the ones passed here, as each test's figures only count submissions.
const activity = (watchedSeconds: number, completedMcq = 0, completedEssay = 0) => ({
  completedVideos: 0,
  watchedSeconds,
  creditedSeconds: watchedSeconds,
  completedMcq,
  completedEssay,
  completedScorm: 0,
  submittedChallenges: completedMcq + completedEssay,
  lastActivityAt: 0,
});
const DAY = 86_400_000;

describe("calendar days in a time zone", () => {
  it("puts an instant on the learner's local day", () => {
    const instant = new Date("2025-03-03T10:30:00Z");
    expect(localDate(instant, "UTC")).toBe("2025-03-03");
    expect(localDate(instant, "Pacific/Kiritimati")).toBe("2025-03-04"); // UTC+14: 00:30 the next day
    expect(localDate(instant, "Pacific/Pago_Pago")).toBe("2025-03-02"); // UTC-11: 23:30 the day before
  });

  it("counts the last 7 days across a month end and a daylight-saving change", () => {
    // New Zealand leaves daylight saving on 6 April 2025 at 03:00 local time.
    expect(lastDays(new Date("2025-04-07T01:00:00Z"), "Pacific/Auckland", 7)).toEqual([
      "2025-04-01", "2025-04-02", "2025-04-03", "2025-04-04", "2025-04-05", "2025-04-06", "2025-04-07",
    ]);
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("knows real zones only", () => {
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("cuts watch time into quarter hours that every zone's days are made of", () => {
    expect(watchSlotOf(new Date("2025-03-03T10:44:59.999Z")).toISOString()).toBe("2025-03-03T10:30:00.000Z");
    expect(watchSlotOf(new Date("2025-03-03T10:45:00Z")).toISOString()).toBe("2025-03-03T10:45:00.000Z");
    // Nepal is UTC+5:45: its midnight is a quarter-hour boundary.
    expect(localDate(new Date("2025-03-03T18:15:00Z"), "Asia/Kathmandu")).toBe("2025-03-04");
    expect(localDate(new Date("2025-03-03T18:00:00Z"), "Asia/Kathmandu")).toBe("2025-03-03");
  });
});

describe("the learning-time chart's days", () => {
  const now = new Date("2025-03-05T12:00:00Z");

  it("adds up the quarter hours of each local day, 23:30 local on that day", () => {
    const slots = [
      { slotStart: new Date("2025-03-04T10:30:00Z"), seconds: 300 }, // 23:30 on the 4th in Auckland (UTC+13)
      { slotStart: new Date("2025-03-04T11:30:00Z"), seconds: 480 }, // 00:30 on the 5th
      { slotStart: new Date("2025-03-04T11:45:00Z"), seconds: 31 }, // half a minute: counts once added to the day
    ];
    const week = learningDays(slots, now, "Pacific/Auckland");
    expect(week.days.map((d) => d.date)).toEqual(["2025-02-28", "2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04", "2025-03-05", "2025-03-06"]);
    expect(week.days.map((d) => d.minutes)).toEqual([0, 0, 0, 0, 5, 9, 0]);
    expect(week.totalMinutes).toBe(14);
    // In UTC the same watching is one day.
    expect(learningDays(slots, now, "UTC").days.at(-2)).toEqual({ date: "2025-03-04", minutes: 14 });
  });

  it("leaves out what is older than the week", () => {
    const week = learningDays([{ slotStart: new Date(now.getTime() - 8 * DAY), seconds: 600 }], now, "UTC");
    expect(week.totalMinutes).toBe(0);
  });
});

describe("the figures", () => {
  it("counts hours to one decimal and challenges over every version", () => {
    const byVersion = new Map([
      ["v1", activity(1800, 1, 1)],
      ["v2", activity(1439, 2, 0)],
    ]);
    expect(hoursLearned(byVersion)).toBe(0.9); // 3239 s = 0.8997 h
    expect(challengesSubmitted(byVersion)).toBe(4);
    expect(hoursLearned(new Map())).toBe(0);
  });

  it("counts the badges earned, not those still to earn", () => {
    expect(badgesEarned([{ isEarned: true }, { isEarned: false }, { isEarned: true }])).toBe(2);
    expect(badgesEarned([])).toBe(0);
  });

  it("lists domains most first, then by name", () => {
    const course = (domain: string) => ({ domain }) as Parameters<typeof domainCounts>[0][number];
    expect(domainCounts([course("Civil"), course("Telecom"), course("Civil"), course("Embedded")])).toEqual([
      { domain: "Civil", count: 2 },
      { domain: "Embedded", count: 1 },
      { domain: "Telecom", count: 1 },
    ]);
  });

  it("rounds program progress down, so 100 means every course", () => {
    expect(programProgress(["a", "b", "c"], new Set(["a", "b"]))).toEqual({ completedCourses: 2, progressInPercentage: 66 });
    expect(programProgress([], new Set())).toEqual({ completedCourses: 0, progressInPercentage: 0 });
  });

  it("takes the latest batch end as the account's, none when a batch has no end", () => {
    const a = new Date("2025-06-01T00:00:00Z");
    const b = new Date("2025-09-01T00:00:00Z");
    expect(accountExpiry([a, b])).toEqual(b);
    expect(accountExpiry([a, null])).toBeNull();
    expect(accountExpiry([])).toBeNull();
  });

  it("cuts the account's end short by the person's own access end, whichever comes first", () => {
    const a = new Date("2025-06-01T00:00:00Z");
    const b = new Date("2025-09-01T00:00:00Z");
    const own = new Date("2025-07-01T00:00:00Z");
    expect(accountExpiry([a, b], own)).toEqual(own);
    expect(accountExpiry([a], own)).toEqual(a);
    expect(accountExpiry([a, null], own)).toEqual(own);
    expect(accountExpiry([], own)).toEqual(own);
    expect(accountExpiry([], null)).toBeNull();
  });

  it("warns from 14 days before the end, and counts a part day as a day", () => {
    const end = new Date("2025-06-15T00:00:00Z");
    expect(expiryFigures(end, new Date(end.getTime() - 15 * DAY))).toEqual({ accountStatus: "active", daysUntilExpiry: 15, isExpiringSoon: false });
    expect(expiryFigures(end, new Date(end.getTime() - 14 * DAY))).toEqual({ accountStatus: "active", daysUntilExpiry: 14, isExpiringSoon: true });
    expect(expiryFigures(end, new Date(end.getTime() - 3_600_000))).toEqual({ accountStatus: "active", daysUntilExpiry: 1, isExpiringSoon: true });
    expect(expiryFigures(end, end)).toEqual({ accountStatus: "expired", daysUntilExpiry: null, isExpiringSoon: false });
  });
});
