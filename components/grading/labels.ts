import { useFormatter } from "next-intl";
import type { SubmissionAssignment } from "@/lib/contract/entities/grading";

/** The reader's own time zone: grading times are shown as the grader's clock reads them. */
const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Dates and times in the page's language and the reader's zone: `dateTime` as "23 Nov 2026, 17:22"
 * (the language's medium date with a short time), `time` as "17:22".
 */
export function useGradingTimes() {
  const format = useFormatter();
  return {
    dateTime: (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short", timeZone: readerZone() }),
    time: (iso: string) => format.dateTime(new Date(iso), { timeStyle: "short", timeZone: readerZone() }),
  };
}

export const ASSIGNMENT_BADGE: Record<SubmissionAssignment, string> = {
  unassigned: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  pending: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
};

/** Marks as shown: whole numbers plain, halves with one decimal. */
export const formatMarks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
