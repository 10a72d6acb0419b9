"use client";

import { useStillNeededText } from "@/components/i18n/use-still-needed-text";
import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { certificatesQueries } from "@/lib/api/certificates";
import { formatIssueDay } from "@/components/dashboard/format";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import type { Certificate } from "@/lib/contract/entities/certificates";
import { PageSkeleton } from "@/components/ui/skeleton";
import { AwardIcon, VerifiedIcon, WarningIcon } from "./icons";
import { ShareActions } from "./share-actions";

const card = "rounded-card bg-white p-5 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";

function EarnedCertificate({ certificate: c }: { certificate: Certificate }) {
  const t = useTranslations("certificates");
  const locale = useLocale();
  const duration = useDuration();
  const issued = c.issuedDate!;
  return (
    <li className={`${card} flex flex-col gap-4`} data-testid="earned-certificate">
      <div className="flex items-start gap-3">
        <span
          className={`mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${
            c.isRevoked ? "bg-danger-soft text-danger dark:bg-red-950 dark:text-red-200" : "bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100"
          }`}
        >
          {c.isRevoked ? <WarningIcon className="h-5 w-5" /> : <AwardIcon className="h-5 w-5" />}
        </span>
        <div className="min-w-0">
          <p className={`text-xs font-semibold uppercase tracking-wide ${muted}`}>{c.isMasterCertificate ? t("master") : t("course")}</p>
          <h3 className="mt-0.5 text-lg font-semibold break-words">{c.courseName}</h3>
          <p className={`mt-1 text-sm ${muted}`}>
            {t("issuedLine", { date: formatIssueDay(issued, locale), duration: duration(c.totalCourseDurationInMinutes) })}
            {c.issuerName ? ` · ${c.issuerName}` : ""}
          </p>
        </div>
      </div>
      {c.isRevoked ? (
        <p role="note" className="rounded-md bg-danger-soft p-3 text-sm text-danger dark:bg-red-950 dark:text-red-200">
          {t("revoked")}
        </p>
      ) : (
        <ShareActions
          certificate={{
            certificateUID: c.certificateUID!,
            shareType: c.shareType ?? (c.isMasterCertificate ? "program" : "course"),
            courseName: c.courseName,
            url: c.url!,
            issuedDate: issued,
            issuerName: c.issuerName ?? "",
          }}
        />
      )}
    </li>
  );
}

function ToEarn({ certificate: c }: { certificate: Certificate }) {
  const t = useTranslations("certificates");
  const progress = Math.round(c.progressInPercentage ?? 0);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-medium break-words">{c.courseName}</span>
        <span className={`text-sm ${muted}`}>
          {c.isMasterCertificate ? t("master") : t("course")} · {t("percentDone", { percent: progress })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t("progressLabel", { course: c.courseName, percent: progress })}
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${progress}%` }} />
      </div>
      {c.stillNeeded && c.stillNeeded.length > 0 && <StillNeeded items={c.stillNeeded} />}
    </li>
  );
}

/** How many things still needed a card lists before it says how many more there are. */
const SHOWN_NEEDED = 3;

/** What the course still needs before its certificate is issued: challenges to pass first, then videos. */
function StillNeeded({ items }: { items: NonNullable<Certificate["stillNeeded"]> }) {
  const ordered = [...items.filter((i) => i.kind !== "video"), ...items.filter((i) => i.kind === "video")];
  const t = useTranslations("certificates");
  const neededText = useStillNeededText();
  const rest = ordered.length - SHOWN_NEEDED;
  return (
    <div className="text-sm" data-testid="certificate-still-needed">
      <p className="font-semibold">{t("stillNeeded")}</p>
      <ul className={`mt-1 list-disc space-y-0.5 pl-5 ${muted}`}>
        {ordered.slice(0, SHOWN_NEEDED).map((i) => (
          <li key={i.id}>{neededText(i)}</li>
        ))}
        {rest > 0 && <li>{t("more", { count: rest })}</li>}
      </ul>
    </div>
  );
}

function HowToEarn({ hasCourses }: { hasCourses: boolean }) {
  const t = useTranslations("certificates");
  return (
    <section aria-labelledby="no-certificate-heading" className={`${card} flex flex-col items-start gap-3 sm:flex-row sm:items-center`}>
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
        <AwardIcon className="h-6 w-6" />
      </span>
      <div className="flex-1">
        <h2 id="no-certificate-heading" className="text-lg font-semibold">
          {t("none")}
        </h2>
        <p className={`mt-1 ${muted}`}>{t("noneText")}</p>
      </div>
      <AppLink href={hasCourses ? "/dashboard#my-courses" : "/courses"} className="shrink-0 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {hasCourses ? t("continueCourses") : t("browse")}
      </AppLink>
    </section>
  );
}

/** /certificates: the learner's certificates with their share and download actions, then what is still to earn. */
export function CertificatesView() {
  const t = useTranslations("certificates");
  const errorText = useErrorText();
  const list = useQuery(certificatesQueries.listCertificates());
  if (list.isError) {
    return (
      <div role="alert" className="rounded-card bg-danger-soft p-4 text-danger dark:bg-red-950 dark:text-red-200">
        <p>{errorText(list.error)}</p>
        <button type="button" onClick={() => list.refetch()} className="mt-2 rounded-md border border-current px-3 py-1 text-sm font-semibold">
          {t("tryAgain")}
        </button>
      </div>
    );
  }
  if (!list.data) return <PageSkeleton label={t("loading")} />;
  const earned = list.data.filter((c) => c.certificateUID);
  const toEarn = list.data.filter((c) => !c.certificateUID);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className={`mt-1 max-w-3xl ${muted}`}>{t("intro")}</p>
      </div>

      {earned.length ? (
        <section aria-labelledby="earned-heading">
          <h2 id="earned-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
            <VerifiedIcon className="h-5 w-5 text-brand-700 dark:text-brand-100" />
            {t("yours")}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {earned.map((c) => (
              <EarnedCertificate key={c.certificateUID} certificate={c} />
            ))}
          </ul>
        </section>
      ) : (
        <HowToEarn hasCourses={toEarn.length > 0} />
      )}

      {toEarn.length > 0 && (
        <section aria-labelledby="to-earn-heading">
          <h2 id="to-earn-heading" className="mb-1 text-lg font-semibold">
            {t("toEarn")}
          </h2>
          <p className={`mb-3 text-sm ${muted}`}>{t("toEarnNote")}</p>
          <ul className={`${card} divide-y divide-slate-200 dark:divide-slate-700`}>
            {toEarn.map((c) => (
              <ToEarn key={`${c.shareType}-${c.courseId}`} certificate={c} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
