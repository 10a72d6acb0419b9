import type { SubmissionAssignment } from "@/lib/contract/entities/grading";

/** A date and time in the reader's language and zone, e.g. "23 Nov 2026, 17:22". */
export const formatDateTime = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** A time of day in the reader's zone, e.g. "17:22". */
export const formatTime = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));

export const SOURCE_LABELS = {
  manual: "Submitted by the learner",
  timeOut: "Time ran out",
  migrated: "Migrated",
  submittedOnMigration: "Submitted on migration",
} as const;

export const ASSIGNMENT_LABELS: Record<SubmissionAssignment, string> = {
  unassigned: "Waiting for a grader",
  pending: "Being graded",
  completed: "Graded",
};

export const ASSIGNMENT_BADGE: Record<SubmissionAssignment, string> = {
  unassigned: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  pending: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
};

/** Marks as shown: whole numbers plain, halves with one decimal. */
export const formatMarks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
