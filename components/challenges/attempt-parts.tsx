import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatClock } from "@/lib/browser/countdown";

export const card = "rounded-card bg-white p-6 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700 max-mobile:p-4";
export const primaryButton =
  "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButton = "rounded-md px-3 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 dark:ring-slate-600 dark:hover:bg-slate-800";
export const muted = "text-ink-muted dark:text-ink-dark-muted";

/** A challenge's facts before it starts (time allowed, marks, pass mark...), two to a row, one on a phone. */
export function Facts({ facts }: { facts: [term: string, value: ReactNode][] }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 text-sm max-mobile:grid-cols-1">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className={muted}>{term}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One criterion of an essay's rubric as the learner reads it: with the grader's marks once they are in. */
export interface RubricRow {
  key: string;
  name: string;
  description: string;
  marks: number;
  given?: number | null;
  /** The grader's comment on this criterion, once graded. */
  comment?: string | null;
}

/** An essay's grading criteria, each with its marks (or "given of marks" and the grader's comment once graded). */
export function RubricList({ heading, criteria }: { heading: string; criteria: RubricRow[] }) {
  const t = useTranslations("challenges.parts");
  if (!criteria.length) return null;
  return (
    <div className="mt-4">
      <h2 className="text-sm font-semibold">{heading}</h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md ring-1 ring-slate-200 dark:divide-slate-700 dark:ring-slate-700">
        {criteria.map((c) => (
          <li key={c.key} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
            <span>
              <span className="font-medium">{c.name}</span>
              {c.description && <span className={`block ${muted}`}>{c.description}</span>}
              {c.comment && (
                <span className="mt-1.5 block rounded-md bg-slate-50 px-2.5 py-1.5 dark:bg-slate-800" data-testid="criterion-comment">
                  <span className="font-medium">{t("gradersComment")}</span>
                  <span className="whitespace-pre-line [overflow-wrap:anywhere]">{c.comment}</span>
                </span>
              )}
            </span>
            <span className="shrink-0 font-semibold tabular-nums">
              {c.given !== null && c.given !== undefined ? t("givenOf", { given: c.given, marks: c.marks }) : t("marks", { marks: c.marks })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The bar above a running attempt: its title, what is saved, and the time left (amber from 5 minutes, red in the last one). */
export function TimerBar({ titleId, title, left, status }: { titleId: string; title: string; left: number | null; status: ReactNode }) {
  const t = useTranslations("challenges.parts");
  const urgent = left !== null && left <= 60;
  const soon = left !== null && left <= 300;
  return (
    <div
      className={`sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-card px-4 py-3 ring-1 ${
        urgent
          ? "bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-800"
          : soon
            ? "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
            : "bg-white ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700"
      }`}
    >
      <div className="min-w-0">
        <h1 id={titleId} className="text-lg font-bold">
          {title}
        </h1>
        {status}
      </div>
      <p className="text-right">
        <span className="block text-xs uppercase tracking-wide opacity-80">{t("timeLeft")}</span>
        <span className="font-mono text-2xl font-bold tabular-nums" role="timer" aria-label={t("timeLeftLabel", { clock: formatClock(left ?? 0) })}>
          {formatClock(left ?? 0)}
        </span>
      </p>
    </div>
  );
}

/** The announcement of a warning, read by screen readers and shown once the end is near. */
export function Announcement({ text, visible }: { text: string; visible: boolean }) {
  return (
    <>
      <p aria-live="assertive" className="sr-only">
        {text}
      </p>
      {visible && text && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{text}</p>}
    </>
  );
}
