import type { GradingQueueRow } from "@/lib/api/studio-grading";

export { formatMarks, useGradingTimes } from "@/components/grading/labels";

/** The queue's states, in the order the State filter offers them (their words: `studioGrading.states`). */
export const STATES = ["unassigned", "claimed", "graded"] as const satisfies readonly GradingQueueRow["state"][];

export const STATE_BADGE: Record<GradingQueueRow["state"], string> = {
  unassigned: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  claimed: "bg-brand-100 text-brand-900 dark:bg-brand-800 dark:text-brand-50",
  graded: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
};

/** How long an essay has waited, as the message that says it (`studioGrading.age.*`): "45 min", "5 h", "3 d 4 h". */
export type AgeMessage =
  | { key: "minutes"; values: { minutes: number } }
  | { key: "hours"; values: { hours: number } }
  | { key: "days"; values: { days: number } }
  | { key: "daysHours"; values: { days: number; hours: number } };

export function ageMessage(seconds: number): AgeMessage {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { key: "minutes", values: { minutes: Math.max(1, minutes) } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: "hours", values: { hours } };
  const days = Math.floor(hours / 24);
  return hours % 24 ? { key: "daysHours", values: { days, hours: hours % 24 } } : { key: "days", values: { days } };
}
