import { describe, expect, it } from "vitest";
import { BADGE_RULES, earnedBadges, type BadgeHistory, type BadgeRule } from "@/lib/server/services/achievements/badge-rules";

const at = (iso: string) => new Date(iso);
const empty: BadgeHistory = { steps: [], learnedAt: [] };
const rule = (measure: BadgeRule["measure"], atLeast: number): BadgeRule => ({ id: `${measure}-${atLeast}`, name: "x", description: "x", measure, atLeast, image: "hours" });

describe("the badge rules", () => {
  it("are data with unique ids, each naming a measure and a level", () => {
    expect(new Set(BADGE_RULES.map((r) => r.id)).size).toBe(BADGE_RULES.length);
    for (const r of BADGE_RULES) expect(r.atLeast).toBeGreaterThan(0);
    expect(new Set(BADGE_RULES.map((r) => r.measure))).toEqual(new Set(["videosCompleted", "coursesCompleted", "hoursLearned", "challengesSubmitted", "streakDays"]));
  });

  it("earn nothing from an empty history", () => {
    expect(earnedBadges(BADGE_RULES, empty, "UTC").size).toBe(0);
  });
});

describe("the engine", () => {
  it("earns a level at the first moment the added-up measure reaches it, whatever order the records come in", () => {
    const steps = [
      { at: at("2026-03-03T10:00:00Z"), measure: "challengesSubmitted" as const, amount: 1 },
      { at: at("2026-03-01T10:00:00Z"), measure: "challengesSubmitted" as const, amount: 1 },
      { at: at("2026-03-02T10:00:00Z"), measure: "challengesSubmitted" as const, amount: 1 },
    ];
    const rules = [rule("challengesSubmitted", 1), rule("challengesSubmitted", 3), rule("challengesSubmitted", 4)];
    const earned = earnedBadges(rules, { steps, learnedAt: [] }, "UTC");
    expect(earned.get("challengesSubmitted-1")).toEqual(at("2026-03-01T10:00:00Z"));
    expect(earned.get("challengesSubmitted-3")).toEqual(at("2026-03-03T10:00:00Z"));
    expect(earned.has("challengesSubmitted-4")).toBe(false);
  });

  it("reads hours as the dashboard rounds them: 3419 s is 0.9 h, 3420 s is 1.0 h", () => {
    const rules = [rule("hoursLearned", 1)];
    const seconds = (...amounts: number[]) => ({
      steps: amounts.map((amount, i) => ({ at: at(`2026-03-0${i + 1}T10:00:00Z`), measure: "secondsLearned" as const, amount })),
      learnedAt: [],
    });
    expect(earnedBadges(rules, seconds(3000, 419), "UTC").size).toBe(0);
    expect(earnedBadges(rules, seconds(3000, 419, 1), "UTC").get("hoursLearned-1")).toEqual(at("2026-03-03T10:00:00Z"));
  });

  it("counts a streak in the learner's days: 23:50 and 00:10 in Kiritimati are two days there and one day in UTC", () => {
    const learnedAt = [at("2026-03-01T23:50:00+14:00"), at("2026-03-02T00:10:00+14:00"), at("2026-03-03T09:00:00+14:00"), at("2026-03-03T12:00:00+14:00")];
    const rules = [rule("streakDays", 3)];
    expect(earnedBadges(rules, { steps: [], learnedAt }, "Pacific/Kiritimati").get("streakDays-3")).toEqual(at("2026-03-03T09:00:00+14:00"));
    expect(earnedBadges(rules, { steps: [], learnedAt }, "UTC").size).toBe(0);
  });

  it("starts a streak again after a day without learning, and counts a day once however often one learns", () => {
    const days = ["2026-03-01T08:00:00Z", "2026-03-01T09:00:00Z", "2026-03-01T20:00:00Z", "2026-03-02T08:00:00Z", "2026-03-04T08:00:00Z", "2026-03-05T08:00:00Z"];
    const history = { steps: [], learnedAt: days.map(at) };
    expect(earnedBadges([rule("streakDays", 2)], history, "UTC").get("streakDays-2")).toEqual(at("2026-03-02T08:00:00Z"));
    expect(earnedBadges([rule("streakDays", 3)], history, "UTC").size).toBe(0);
  });

  it("gives the same badges and moments when evaluated again from scratch", () => {
    const history: BadgeHistory = {
      steps: [
        { at: at("2026-03-01T10:00:00Z"), measure: "videosCompleted", amount: 1 },
        { at: at("2026-03-02T10:00:00Z"), measure: "secondsLearned", amount: 40_000 },
        { at: at("2026-03-02T11:00:00Z"), measure: "coursesCompleted", amount: 1 },
      ],
      learnedAt: [at("2026-03-01T10:00:00Z"), at("2026-03-02T10:00:00Z"), at("2026-03-03T10:00:00Z")],
    };
    const first = earnedBadges(BADGE_RULES, history, "Asia/Kolkata");
    expect([...first.keys()].sort()).toEqual(["first-course", "first-video", "hours-1", "hours-10", "streak-3"]);
    expect(earnedBadges(BADGE_RULES, structuredClone(history), "Asia/Kolkata")).toEqual(first);
  });
});
