"use client";

import { useLocale, useTranslations } from "next-intl";
import { dateLocale } from "@/components/dashboard/format";
import { useDuration } from "@/components/i18n/use-duration";
import { useMeetingsActions } from "@/hooks/use-meetings-actions";
import type { Meeting } from "@/lib/contract/entities/meetings";
import { formatSessionTime, formatTimeOfDay } from "@/lib/meeting-time";
import { CalendarIcon, CalendarPlusIcon, CheckIcon, ClockIcon, GlobeIcon, UserIcon, VideoIcon } from "./icons";

const muted = "text-ink-muted dark:text-ink-dark-muted";
const buttonBase =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const primary = `${buttonBase} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${buttonBase} border border-slate-300 bg-white text-ink hover:bg-slate-50 dark:border-slate-600 dark:bg-surface-dark dark:text-ink-dark dark:hover:bg-slate-800`;
const joinClass = `${buttonBase} bg-success text-white hover:bg-emerald-800`;

const STATUS = {
  live: "bg-red-700 text-white",
  upcoming: "bg-brand-50 text-brand-800 dark:bg-brand-900 dark:text-brand-100",
  past: "bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
} as const;

/** One group session: what, when in the viewer's time zone, how long, who leads it, and what the learner can do now. */
export function SessionCard({ meeting: m, timeZone }: { meeting: Meeting; timeZone: string }) {
  const t = useTranslations("groupSessions.card");
  const locale = dateLocale(useLocale());
  const duration = useDuration();
  const { register, cancel, addToCalendar, downloading, busy } = useMeetingsActions(m.id);
  const when = formatSessionTime(m.startDate, m.endDate, timeZone, locale);
  const organiserTime = m.timeZone !== timeZone && m.timeZone !== "UTC" ? formatTimeOfDay(m.startDate, m.timeZone, locale) : null;
  const titleId = `session-${m.id}-title`;
  const over = m.rangeType === "past";

  return (
    <li className="rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
      <article aria-labelledby={titleId} className="flex h-full flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className={`min-w-0 truncate text-xs font-semibold uppercase tracking-wide ${muted}`}>{m.courseName ?? t("openToAll")}</span>
          <span className="flex shrink-0 flex-wrap gap-1.5">
            {m.isRegistered && (
              <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success dark:bg-emerald-950 dark:text-emerald-200">
                <CheckIcon width={12} height={12} />
                {t("registered")}
              </span>
            )}
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[m.rangeType]}`}>{t(`status.${m.rangeType}`)}</span>
          </span>
        </div>

        <h3 id={titleId} className="text-lg font-semibold leading-snug break-words">
          {m.title}
        </h3>

        <dl className={`grid gap-1.5 text-sm ${muted}`}>
          <div className="flex items-start gap-2">
            <dt className="mt-0.5 shrink-0">
              <CalendarIcon />
              <span className="sr-only">{t("when")}</span>
            </dt>
            <dd className="min-w-0 text-ink dark:text-ink-dark">
              <time dateTime={m.startDate}>{when.text}</time>
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="mt-0.5 shrink-0">
              <ClockIcon />
              <span className="sr-only">{t("duration")}</span>
            </dt>
            <dd>{duration(m.duration)}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt className="mt-0.5 shrink-0">
              <UserIcon />
              <span className="sr-only">{t("organiser")}</span>
            </dt>
            <dd className="min-w-0 break-words">{m.meetingTakerName}</dd>
          </div>
          {organiserTime && (
            <div className="flex items-start gap-2">
              <dt className="mt-0.5 shrink-0">
                <GlobeIcon />
                <span className="sr-only">{t("organiserTime")}</span>
              </dt>
              <dd className="min-w-0 break-words">{t("organiserAt", { time: organiserTime, zone: m.timeZone })}</dd>
            </div>
          )}
        </dl>

        {m.description && <p className="text-sm break-words">{m.description}</p>}
        {!over && !m.joinLink && (
          <p className={`text-xs ${muted}`}>
            {m.isRegistered ? t("joinOpens", { time: formatTimeOfDay(m.joinOpensAt, timeZone, locale) }) : t("registerForLink")}
          </p>
        )}
        {over && m.isRegistered && <p className={`text-xs ${muted}`}>{t("wasRegistered")}</p>}

        {/* A past session offers nothing to do: its join link is never sent. */}
        {!over && (
          <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
            {m.joinLink && (
              <a href={m.joinLink} target="_blank" rel="noopener noreferrer" className={joinClass}>
                <VideoIcon />
                {t("join")}
                <span className="sr-only"> {t("newTab", { title: m.title })}</span>
              </a>
            )}
            {m.isRegistered ? (
              <button type="button" className={secondary} disabled={busy} onClick={() => cancel.mutate()}>
                {cancel.isPending ? t("cancelling") : t("cancel")}
                <span className="sr-only"> {t("forTitle", { title: m.title })}</span>
              </button>
            ) : (
              <button type="button" className={primary} disabled={busy} onClick={() => register.mutate()}>
                {register.isPending ? t("registering") : t("register")}
                <span className="sr-only"> {t("forTitle", { title: m.title })}</span>
              </button>
            )}
            <button type="button" className={secondary} disabled={downloading} onClick={addToCalendar}>
              <CalendarPlusIcon />
              {downloading ? t("preparing") : t("addToCalendar")}
              <span className="sr-only"> {t("calendarTitle", { title: m.title })}</span>
            </button>
          </div>
        )}
      </article>
    </li>
  );
}
