import { CircleDot } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";

// How the studio's pages name a course's state and a time, in the page's language (the `studio` namespace).

export type StudioCourseState = "draft" | "published" | "archived";

const STATE: Record<StudioCourseState, { className: string }> = {
  draft: { className: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600" },
  published: { className: "bg-success-soft text-success ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" },
  archived: { className: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800" },
};

/** A course state's name ("Draft", "Published", "Archived") in the page's language, for a client component. */
export function useStateLabel() {
  const t = useTranslations("studio.labels.state");
  return useCallback((state: StudioCourseState) => t(state), [t]);
}

export function StateBadge({ state }: { state: StudioCourseState }) {
  const t = useTranslations("studio.labels.state");
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATE[state].className}`}>{t(state)}</span>;
}

/** The draft was edited after the last publish: learners do not see those edits yet. */
export function UnpublishedMarker() {
  const t = useTranslations("studio.labels");
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
      <CircleDot aria-hidden className="h-3.5 w-3.5" />
      {t("unpublished")}
    </span>
  );
}

/** The browser's own time zone: a studio time reads as the operator's local time, as before. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A recent time in words ("5 minutes ago", "yesterday"); a date after a week; in the page's language. */
export function useWhenText() {
  const t = useTranslations("studio.labels");
  const locale = useLocale();
  const format = useFormatter();
  const relative = useMemo(() => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }), [locale]);
  return useCallback(
    (iso: string, now = Date.now()): string => {
      const seconds = (new Date(iso).getTime() - now) / 1000;
      const abs = Math.abs(seconds);
      if (abs < 60) return t("justNow");
      if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
      if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
      if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
      return format.dateTime(new Date(iso), { dateStyle: "medium", timeZone: localTimeZone() });
    },
    [t, relative, format],
  );
}

/** `useWhenText` as an element, for a list that draws many times. */
export function WhenText({ iso }: { iso: string }) {
  const when = useWhenText();
  return <>{when(iso)}</>;
}
