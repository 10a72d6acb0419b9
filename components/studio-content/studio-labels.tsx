import { CircleDot } from "lucide-react";

// How the studio's pages name a course's state and a time.

export type StudioCourseState = "draft" | "published" | "archived";

const STATE: Record<StudioCourseState, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600" },
  published: { label: "Published", className: "bg-success-soft text-success ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" },
  archived: { label: "Archived", className: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800" },
};

export function StateBadge({ state }: { state: StudioCourseState }) {
  const s = STATE[state];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${s.className}`}>{s.label}</span>;
}

/** The draft was edited after the last publish: learners do not see those edits yet. */
export function UnpublishedMarker() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
      <CircleDot aria-hidden className="h-3.5 w-3.5" />
      Unpublished changes
    </span>
  );
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** A recent time in words ("5 minutes ago", "yesterday"); a date after a week. */
export function whenText(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });
}
