import { useDuration } from "@/components/i18n/use-duration";
import { useLocale, useTranslations } from "next-intl";
import type { Meeting } from "@/lib/contract/entities/meetings";
import { formatDateTime } from "./format";
import { cardClass } from "./section";

/** Group sessions live now or coming up (read-only: registration is on the group-sessions page). */
export function GroupSessions({ sessions, timeZone }: { sessions: Meeting[]; timeZone: string }) {
  const t = useTranslations("dashboard.sessions");
  const locale = useLocale();
  const duration = useDuration();
  if (!sessions.length) {
    return <p className={`${cardClass} text-sm text-ink-muted dark:text-ink-dark-muted`}>{t("empty")}</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-3">
      {sessions.map((m) => (
        <li key={m.id} className={cardClass}>
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold">{m.title}</h3>
            {m.rangeType === "live" ? (
              <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">{t("live")}</span>
            ) : (
              <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{t("upcoming")}</span>
            )}
          </div>
          <p className="mt-1 text-sm text-ink-muted dark:text-ink-dark-muted">
            <time dateTime={m.startDate}>{formatDateTime(m.startDate, timeZone, locale)}</time> · {duration(m.duration)} · {m.meetingTakerName}
          </p>
          {m.courseName && <p className="mt-0.5 text-sm text-ink-muted dark:text-ink-dark-muted">{m.courseName}</p>}
          {m.joinLink && (
            <a
              href={m.joinLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("join")}
              <span className="sr-only"> {t("newTab", { title: m.title })}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
