import { useFormatter } from "next-intl";
import { useReaderDateTime } from "@/hooks/use-reader-time";
import { browserTimeZone } from "@/lib/browser/time-zone-cookie";
import type { SubmissionAssignment } from "@/lib/contract/entities/grading";

/**
 * Dates and times in the page's language and the reader's zone (grading times are shown as the
 * grader's clock reads them): `dateTime` as "23 Nov 2026, 17:22"
 * (the language's medium date with a short time), `time` as "17:22".
 */
export function useGradingTimes() {
  const format = useFormatter();
  const dateTime = useReaderDateTime();
  return {
    dateTime,
    time: (iso: string) => format.dateTime(new Date(iso), { timeStyle: "short", timeZone: browserTimeZone() ?? undefined }),
  };
}

export const ASSIGNMENT_BADGE: Record<SubmissionAssignment, string> = {
  unassigned: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  pending: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
};

/** Marks as shown: whole numbers plain, halves with one decimal. */
export const formatMarks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
