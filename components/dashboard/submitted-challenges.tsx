import { useLocale, useTranslations } from "next-intl";
import type { SubmittedChallenge } from "@/lib/contract/entities/dashboard";
import { formatDate } from "./format";
import { cardClass } from "./section";
import { LearnLink } from "@/components/learning/learn-link";

/** The challenges behind "challenges submitted", newest first. */
export function SubmittedChallenges({ items, total, timeZone }: { items: SubmittedChallenge[]; total: number; timeZone: string }) {
  const t = useTranslations("dashboard.challenges");
  const locale = useLocale();
  if (!items.length) return <p className={`${cardClass} text-sm text-ink-muted dark:text-ink-dark-muted`}>{t("empty")}</p>;
  return (
    <div className={cardClass}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {items.map((c) => (
          <li key={c.attemptId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <LearnLink href={c.learnPath} className="font-medium hover:text-brand-700 hover:underline dark:hover:text-brand-100">
                {c.title}
              </LearnLink>
              <p className="text-xs text-ink-muted dark:text-ink-dark-muted">
                {c.type === "mcqBlock" ? t("quiz") : t("essay")} · {c.courseName} · <time dateTime={c.submittedAt}>{formatDate(c.submittedAt, timeZone, locale)}</time>
                {c.closedBy === "timeout" ? ` · ${t("timedOut")}` : ""}
              </p>
            </div>
            <span className="shrink-0 text-sm">
              {c.obtainedScore !== null && c.totalScore !== null ? (
                <span className="font-semibold tabular-nums">
                  {c.obtainedScore}/{c.totalScore}
                </span>
              ) : (
                <span className="text-ink-muted dark:text-ink-dark-muted">{t(`status.${c.status}`)}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {total > items.length && <p className="mt-2 text-xs text-ink-muted dark:text-ink-dark-muted">{t("recent", { shown: items.length, total })}</p>}
    </div>
  );
}
