import type { GradingQueueRow } from "@/lib/api/studio-grading";

export const STATES = [
  { value: "unassigned", label: "Waiting" },
  { value: "claimed", label: "Being graded" },
  { value: "graded", label: "Graded" },
] as const;

export const STATE_LABELS: Record<GradingQueueRow["state"], string> = { unassigned: "Waiting", claimed: "Being graded", graded: "Graded" };

export const STATE_BADGE: Record<GradingQueueRow["state"], string> = {
  unassigned: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  claimed: "bg-brand-100 text-brand-900 dark:bg-brand-800 dark:text-brand-50",
  graded: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
};

/** How long an essay has waited: "45 min", "5 h", "3 d 4 h". */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export const formatDateTime = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
export const formatTime = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(new Date(iso));
export const formatMarks = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
