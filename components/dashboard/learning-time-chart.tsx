import type { WeeklyLearningTime } from "@/lib/contract/entities";
import { formatDuration } from "@/lib/format-duration";

const dayName = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

const WIDTH = 340;
const HEIGHT = 170;
const TOP = 22;
const BOTTOM = 26;
/** Room on the left for the scale's labels. */
const LEFT = 44;
const BAR = 26;

/** The smallest of these scales that holds the busiest day, so short days still show as bars. */
const SCALES = [10, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440];

/**
 * Minutes learned per day over the last 7 days, as a bar chart drawn in SVG. Screen readers get
 * the chart's title and a description listing every day; the numbers are printed on the bars too.
 */
export function LearningTimeChart({ week, idPrefix = "learning-time" }: { week: WeeklyLearningTime; idPrefix?: string }) {
  const busiest = Math.max(0, ...week.days.map((d) => d.minutes));
  const scale = SCALES.find((s) => s >= busiest) ?? busiest;
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / week.days.length;
  const last = week.days.length - 1;
  const description = week.days
    .map((d, i) => `${i === last ? "Today" : longDay.format(atNoon(d.date))}: ${formatDuration(d.minutes)}`)
    .join("; ");

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${idPrefix}-title ${idPrefix}-desc`}
      className="h-auto w-full max-w-lg text-ink dark:text-ink-dark"
    >
      <title id={`${idPrefix}-title`}>{`Minutes of video watched per day, last 7 days: ${formatDuration(week.totalMinutes)} in all`}</title>
      <desc id={`${idPrefix}-desc`}>{description}</desc>
      {[0.5, 1].map((f) => (
        <g key={f} aria-hidden>
          <line x1={LEFT} x2={WIDTH} y1={TOP + plot * (1 - f)} y2={TOP + plot * (1 - f)} className="stroke-slate-200 dark:stroke-slate-700" strokeDasharray="3 3" />
          <text x={LEFT - 6} y={TOP + plot * (1 - f) + 3} textAnchor="end" className="fill-ink-muted text-[10px] dark:fill-ink-dark-muted">
            {formatDuration(scale * f)}
          </text>
        </g>
      ))}
      <line x1={LEFT} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="stroke-slate-300 dark:stroke-slate-600" aria-hidden />
      {week.days.map((d, i) => {
        const h = scale ? (plot * d.minutes) / scale : 0;
        const x = LEFT + slot * i + (slot - BAR) / 2;
        const today = i === last;
        return (
          <g key={d.date} aria-hidden>
            <rect
              x={x}
              y={TOP + plot - h}
              width={BAR}
              height={Math.max(h, d.minutes ? 2 : 0)}
              rx={4}
              className={today ? "fill-brand-600 dark:fill-brand-500" : "fill-brand-100 dark:fill-brand-700"}
            />
            <text x={x + BAR / 2} y={TOP + plot - h - 5} textAnchor="middle" className="fill-current text-[11px] font-semibold">
              {d.minutes ? `${d.minutes}m` : ""}
            </text>
            <text x={x + BAR / 2} y={HEIGHT - 8} textAnchor="middle" className={`text-[12px] ${today ? "fill-current font-semibold" : "fill-ink-muted dark:fill-ink-dark-muted"}`}>
              {today ? "Today" : dayName.format(atNoon(d.date))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
