import { useDuration } from "@/components/i18n/use-duration";
import { useLocale, useTranslations } from "next-intl";
import type { WeeklyLearningTime } from "@/lib/contract/entities/dashboard";
import { dateLocale } from "./format";

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The smallest of these scales that holds the busiest day, so short days still show as bars. */
const SCALES = [10, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440];
/** The scale's lines, as fractions of the scale. */
const LINES = [1, 0.5];

/**
 * Minutes learned per day over the last 7 days, as a bar chart. It is laid out in HTML rather than
 * drawn in a scaled SVG, so its labels keep the size of the page's small text at any width instead
 * of shrinking with the chart on a phone. Screen readers get the chart's title and a description
 * listing every day; the numbers are printed on the bars too.
 */
export function LearningTimeChart({ week, idPrefix = "learning-time" }: { week: WeeklyLearningTime; idPrefix?: string }) {
  const t = useTranslations("dashboard.chart");
  const formatDuration = useDuration();
  const language = useLocale();
  const locale = dateLocale(language);
  const dayName = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  // On a phone a day's column is about 40 px: Tamil's short names ("வியா.", "ஞாயி.") run into each
  // other there. The Indian languages' narrow names are one syllable each and still tell the days
  // apart; English's are not ("T", "T"), and its short names fit.
  const narrowDayName = language === "en" ? null : new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" });
  const longDay = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const busiest = Math.max(0, ...week.days.map((d) => d.minutes));
  const scale = SCALES.find((s) => s >= busiest) ?? busiest;
  const last = week.days.length - 1;
  const description = week.days
    .map((d, i) => t("day", { day: i === last ? t("today") : longDay.format(atNoon(d.date)), duration: formatDuration(d.minutes) }))
    .join("; ");
  const scaleLabels = LINES.map((f) => ({ f, label: formatDuration(scale * f) }));

  return (
    <div role="img" aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`} className="w-full max-w-lg text-xs text-ink dark:text-ink-dark" data-testid="learning-time-chart">
      <span id={`${idPrefix}-title`} hidden>{t("title", { total: formatDuration(week.totalMinutes) })}</span>
      <span id={`${idPrefix}-desc`} hidden>
        {description}
      </span>
      <div aria-hidden className="flex pt-5">
        {/* The scale: as wide as its longest label, each label centred on its line. */}
        <div className="relative h-28 shrink-0 pr-1.5 text-right text-ink-muted dark:text-ink-dark-muted">
          {scaleLabels.map(({ f, label }) => (
            <span key={f} className="invisible block h-0 whitespace-nowrap">
              {label}
            </span>
          ))}
          {scaleLabels.map(({ f, label }) => (
            <span key={f} className="absolute right-1.5 -translate-y-1/2 whitespace-nowrap leading-none" style={{ top: `${(1 - f) * 100}%` }}>
              {label}
            </span>
          ))}
        </div>
        <div className="flex-1">
          <div className="relative h-28 border-b border-slate-300 dark:border-slate-600">
            {LINES.map((f) => (
              <div key={f} className="absolute inset-x-0 border-t border-dashed border-slate-200 dark:border-slate-700" style={{ top: `${(1 - f) * 100}%` }} />
            ))}
            <div className="absolute inset-0 grid grid-cols-7">
              {week.days.map((d, i) => {
                const share = scale ? Math.min(1, d.minutes / scale) : 0;
                return (
                  <div key={d.date} className="flex flex-col items-center justify-end">
                    <div
                      className={`relative w-3/5 max-w-[26px] rounded-t ${i === last ? "bg-brand-600 dark:bg-brand-500" : "bg-brand-100 dark:bg-brand-700"}`}
                      style={{ height: d.minutes ? `max(2px, ${share * 100}%)` : 0 }}
                    >
                      {d.minutes > 0 && (
                        <span className="absolute bottom-full left-1/2 mb-1 -translate-x-1/2 whitespace-nowrap font-semibold leading-none">{t("minutes", { minutes: String(d.minutes) })}</span>
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <div className="mt-1.5 grid grid-cols-7" data-testid="learning-time-days">
            {week.days.map((d, i) => (
              // Centred on its column even when a little wider than it ("Today", "இன்று" on a phone).
              <span key={d.date} className={`justify-self-center whitespace-nowrap ${i === last ? "font-semibold" : "text-ink-muted dark:text-ink-dark-muted"}`}>
                {i === last ? (
                  t("today")
                ) : narrowDayName ? (
                  <>
                    <span className="max-mobile:hidden">{dayName.format(atNoon(d.date))}</span>
                    <span className="mobile:hidden">{narrowDayName.format(atNoon(d.date))}</span>
                  </>
                ) : (
                  dayName.format(atNoon(d.date))
                )}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
