import { useTranslations } from "next-intl";
import type { ReportSummary } from "@/lib/api/studio-reports";

/** The funnel's stages, in order; their words are `studioReports.funnel.{stage}`. */
const STAGES = ["enrolled", "started", "halfway", "completed"] as const;

/** The completion funnel as bars: each stage's learners, and their share of those enrolled. */
export function ReportFunnel({ funnel }: { funnel: ReportSummary["funnel"] }) {
  const t = useTranslations("studioReports.funnel");
  const base = funnel.enrolled;
  return (
    <figure className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <figcaption className="mb-3 text-lg font-semibold">{t("title")}</figcaption>
      <ol className="space-y-3">
        {STAGES.map((key) => {
          const n = funnel[key];
          const share = base ? Math.round((100 * n) / base) : 0;
          return (
            <li key={key} className="grid grid-cols-[10rem_1fr_6rem] items-center gap-3 max-mobile:grid-cols-[1fr_auto]">
              <span className="text-sm font-medium">{t(key)}</span>
              <span aria-hidden className="h-4 overflow-hidden rounded bg-slate-100 dark:bg-slate-800 max-mobile:order-last max-mobile:col-span-2">
                <span className="block h-full rounded bg-brand-600 dark:bg-brand-500" style={{ width: `${share}%` }} />
              </span>
              <span className="text-right text-sm tabular-nums" data-testid={`funnel-${key}`}>
                {n} <span className="text-ink-muted dark:text-ink-dark-muted">({share}%)</span>
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
