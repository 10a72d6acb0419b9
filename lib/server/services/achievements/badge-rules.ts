import "server-only";
import { addDays, localDate } from "@/lib/time-zone";
import { hoursOf } from "../../domain/course-hours";

/*
 * Badges are data: each rule names one measure of the learner's history and the level that earns it.
 * One engine (earnedBadges) reads every rule the same way, so a new badge is a new line below, never
 * a new branch of code. docs/achievements.md lists them for people.
 */

/** What a rule measures, each at every moment of the learner's history. */
export type BadgeMeasure =
  /** Videos completed (completion.ts: 90 % really watched, or marked complete where the batch allows). */
  | "videosCompleted"
  /** Enrolled courses completed (completion.ts), each at the moment its last video or challenge was completed. */
  | "coursesCompleted"
  /** Hours learned, as the dashboard's figure defines and rounds them (learner-stats.ts). */
  | "hoursLearned"
  /** Challenges submitted, as the dashboard's figure defines them (learner-stats.ts). */
  | "challengesSubmitted"
  /** Consecutive calendar days of learning in the learner's time zone (a day with video played or a challenge submitted). */
  | "streakDays";

export interface BadgeRule {
  /** Stable id, stored with each award: never rename one. */
  id: string;
  name: string;
  description: string;
  measure: BadgeMeasure;
  /** The level of the measure that earns the badge. */
  atLeast: number;
  /** Its picture, under public/badges/. */
  image: "first-video" | "course" | "hours" | "challenges" | "streak";
}

export const BADGE_RULES: readonly BadgeRule[] = [
  { id: "first-video", name: "First video", description: "Complete your first video.", measure: "videosCompleted", atLeast: 1, image: "first-video" },
  { id: "first-course", name: "First course", description: "Complete a whole course: every video and challenge.", measure: "coursesCompleted", atLeast: 1, image: "course" },
  { id: "hours-1", name: "First hour", description: "Learn for 1 hour.", measure: "hoursLearned", atLeast: 1, image: "hours" },
  { id: "hours-10", name: "10 hours", description: "Learn for 10 hours.", measure: "hoursLearned", atLeast: 10, image: "hours" },
  { id: "hours-50", name: "50 hours", description: "Learn for 50 hours.", measure: "hoursLearned", atLeast: 50, image: "hours" },
  { id: "challenges-1", name: "First challenge", description: "Submit your first challenge (a quiz or an essay).", measure: "challengesSubmitted", atLeast: 1, image: "challenges" },
  { id: "challenges-10", name: "10 challenges", description: "Submit 10 challenges.", measure: "challengesSubmitted", atLeast: 10, image: "challenges" },
  { id: "challenges-25", name: "25 challenges", description: "Submit 25 challenges.", measure: "challengesSubmitted", atLeast: 25, image: "challenges" },
  { id: "streak-3", name: "3-day streak", description: "Learn on 3 days in a row.", measure: "streakDays", atLeast: 3, image: "streak" },
  { id: "streak-7", name: "7-day streak", description: "Learn on 7 days in a row.", measure: "streakDays", atLeast: 7, image: "streak" },
  { id: "streak-30", name: "30-day streak", description: "Learn on 30 days in a row.", measure: "streakDays", atLeast: 30, image: "streak" },
];

/** Something the learner did, at the moment it happened: it adds `amount` to a measure that only adds up. */
export interface HistoryStep {
  at: Date;
  measure: Exclude<BadgeMeasure, "streakDays" | "hoursLearned"> | "secondsLearned";
  amount: number;
}

export interface BadgeHistory {
  steps: HistoryStep[];
  /** Moments the learner learned (played video, submitted a challenge): the days of the streaks. */
  learnedAt: Date[];
}

interface Level {
  at: Date;
  measure: BadgeMeasure;
  value: number;
}

const byTime = <T extends { at: Date }>(a: T, b: T) => a.at.getTime() - b.at.getTime();

/** The value of each added-up measure after each step, in time order. */
function sumLevels(steps: HistoryStep[]): Level[] {
  const totals = new Map<HistoryStep["measure"], number>();
  return [...steps].sort(byTime).map((step) => {
    const total = (totals.get(step.measure) ?? 0) + step.amount;
    totals.set(step.measure, total);
    return step.measure === "secondsLearned"
      ? { at: step.at, measure: "hoursLearned" as const, value: hoursOf(total) }
      : { at: step.at, measure: step.measure, value: total };
  });
}

/** The streak of consecutive local days reached at each moment of learning. */
function streakLevels(learnedAt: Date[], timeZone: string): Level[] {
  let day = "";
  let streak = 0;
  return [...learnedAt]
    .sort((a, b) => a.getTime() - b.getTime())
    .map((at) => {
      const today = localDate(at, timeZone);
      if (today !== day) streak = day && addDays(day, 1) === today ? streak + 1 : 1;
      day = today;
      return { at, measure: "streakDays" as const, value: streak };
    });
}

/**
 * The badges a history earns, each with the moment it was earned: the first moment its measure
 * reached the rule's level. A pure function of the history, so evaluating it again from scratch
 * gives the same badges with the same moments.
 */
export function earnedBadges(rules: readonly BadgeRule[], history: BadgeHistory, timeZone: string): Map<string, Date> {
  const levels = [...sumLevels(history.steps), ...streakLevels(history.learnedAt, timeZone)];
  const earned = new Map<string, Date>();
  for (const rule of rules) {
    const first = levels.filter((l) => l.measure === rule.measure && l.value >= rule.atLeast).sort(byTime)[0];
    if (first) earned.set(rule.id, first.at);
  }
  return earned;
}
