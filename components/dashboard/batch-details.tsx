import { useDuration } from "@/components/i18n/use-duration";
import { useLocale, useTranslations } from "next-intl";
import type { BatchDetails as BatchDetailsData } from "@/lib/contract/entities/dashboard";
import { formatDate } from "./format";
import { cardClass } from "./section";

/** A notice at the top of the dashboard when the access ends within 14 days, or has ended. */
export function ExpiryNotice({ batch, timeZone }: { batch: BatchDetailsData; timeZone: string }) {
  const t = useTranslations("dashboard.expiry");
  const locale = useLocale();
  if (batch.accountStatus === "expired") {
    return (
      <div role="alert" className="mb-6 rounded-card border border-red-300 bg-danger-soft p-4 text-danger dark:border-red-800 dark:bg-red-950 dark:text-red-200">
        <p className="font-semibold">{batch.accountExpiryDate ? t("endedOn", { date: formatDate(batch.accountExpiryDate, timeZone, locale) }) : t("ended")}</p>
        <p className="mt-1 text-sm">{t("endedNote")}</p>
      </div>
    );
  }
  if (!batch.isExpiringSoon || !batch.accountExpiryDate) return null;
  return (
    <div role="status" className="mb-6 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t("endsIn", { days: batch.daysUntilExpiry ?? 0, date: formatDate(batch.accountExpiryDate, timeZone, locale) })}</p>
      <p className="mt-1 text-sm">{t("endsNote")}</p>
    </div>
  );
}

/** What the learner's batch gives access to, and until when. */
export function BatchDetails({ batch, timeZone }: { batch: BatchDetailsData; timeZone: string }) {
  const t = useTranslations("dashboard.batch");
  const locale = useLocale();
  const duration = useDuration();
  const items = batch.isProgramAvailable
    ? (batch.programData ?? []).map((p) => ({
        id: p.programId,
        name: p.programName,
        detail: t("programDetail", { courses: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes) }),
      }))
    : (batch.courseInfo ?? []).map((c) => ({ id: c.courseId, name: c.courseName, detail: duration(c.totalCourseDurationInMinutes) }));
  return (
    <div className={cardClass}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("account")}</dt>
          <dd className={`font-semibold ${batch.accountStatus === "expired" ? "text-danger dark:text-red-300" : "text-success dark:text-emerald-300"}`}>
            {batch.accountStatus === "active" ? t("active") : t("expired")}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("accessUntil")}</dt>
          <dd className="font-semibold">{batch.accountExpiryDate ? formatDate(batch.accountExpiryDate, timeZone, locale) : t("noEndDate")}</dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{batch.isProgramAvailable ? t("programs") : t("courses")}</dt>
          <dd className="font-semibold tabular-nums">
            {batch.isProgramAvailable ? t("programCount", { programs: batch.programCount, courses: batch.courseCount }) : batch.courseCount}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted dark:text-ink-dark-muted">{t("videoInAll")}</dt>
          <dd className="font-semibold tabular-nums">{duration(batch.totalCourseDurationInMinutes)}</dd>
        </div>
      </dl>
      {items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 border-t border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
          {items.map((i) => (
            <li key={i.id} className="flex justify-between gap-3 py-2">
              <span className="font-medium">{i.name}</span>
              <span className="shrink-0 text-ink-muted dark:text-ink-dark-muted">{i.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
