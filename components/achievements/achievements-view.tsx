"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useViewerTimeZone } from "@/hooks/use-shell-time-zone";
import { achievementsQueries } from "@/lib/api/achievements";
import type { Certificate } from "@/lib/contract/entities/certificates";
import type { Badge } from "@/lib/contract/entities/achievements";
import { formatDate } from "@/components/dashboard/format";
import { useErrorText } from "@/components/i18n/use-error-text";
import { ErrorBlock } from "@/components/ui/error-block";
import { PageSkeleton } from "@/components/ui/skeleton";

const card = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";

function BadgeCard({ badge, timeZone }: { badge: Badge; timeZone: string }) {
  const t = useTranslations("achievements");
  const locale = useLocale();
  return (
    <li className={`${card} flex items-center gap-4`} data-testid="badge" data-earned={badge.isEarned}>
      {badge.imageUrl && (
        // The picture only decorates: the badge's name and state are the text beside it.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={badge.imageUrl} alt="" width={56} height={56} className={`h-14 w-14 shrink-0 ${badge.isEarned ? "" : "opacity-40 grayscale"}`} />
      )}
      <div className="min-w-0">
        <h3 className="font-semibold">{badge.name}</h3>
        <p className={`text-sm ${muted}`}>{badge.description}</p>
        <p className={`mt-1 text-sm font-medium ${badge.isEarned ? "text-success dark:text-emerald-300" : muted}`}>
          {badge.isEarned && badge.earnedAt ? t("earnedOn", { date: formatDate(badge.earnedAt, timeZone, locale) }) : t("notEarned")}
        </p>
      </div>
    </li>
  );
}

function CertificateRow({ certificate: c, timeZone }: { certificate: Certificate; timeZone: string }) {
  const t = useTranslations("achievements");
  const locale = useLocale();
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      {c.url ? (
        <a href={c.url} className="font-medium break-words text-brand-700 underline-offset-2 hover:underline dark:text-brand-100">
          {c.courseName}
        </a>
      ) : (
        <span className="font-medium break-words">{c.courseName}</span>
      )}
      <span className={`text-sm ${muted}`}>
        {c.isMasterCertificate ? t("master") : t("course")}
        {c.issuedDate ? ` · ${t("issued", { date: formatDate(c.issuedDate, timeZone, locale) })}` : ""}
      </span>
    </li>
  );
}

/** /achivements: every badge, earned (with its date) or still to earn, and the certificates the learner holds. */
export function AchievementsView({ renderedTimeZone }: { renderedTimeZone: string }) {
  const t = useTranslations("achievements");
  const errorText = useErrorText();
  const timeZone = useViewerTimeZone(renderedTimeZone);
  const details = useQuery({ ...achievementsQueries.getAchievementsDetails(timeZone), placeholderData: (previous) => previous });
  if (details.isError) return <ErrorBlock message={errorText(details.error)} onRetry={() => details.refetch()} />;
  if (!details.data) return <PageSkeleton label={t("loading")} />;
  const { badges, badgesEarned, certificates, certificatesEarned } = details.data;
  const earned = badges.filter((b) => b.isEarned);
  const toEarn = badges.filter((b) => !b.isEarned);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className={`mt-1 max-w-3xl ${muted}`}>{t("intro", { timeZone })}</p>
      </div>

      <dl className="grid grid-cols-2 gap-4 max-mobile:grid-cols-1">
        <div className={card}>
          <dt className={`text-sm ${muted}`}>{t("badgesEarned")}</dt>
          <dd className="text-3xl font-bold" data-testid="badges-earned">
            {badgesEarned} <span className={`text-base font-normal ${muted}`}>{t("ofTotal", { total: badges.length })}</span>
          </dd>
        </div>
        <div className={card}>
          <dt className={`text-sm ${muted}`}>{t("certificatesEarned")}</dt>
          <dd className="text-3xl font-bold">
            <AppLink href="/certificates" className="underline-offset-2 hover:underline" aria-label={t("certificatesLink", { count: certificatesEarned })}>
              {certificatesEarned}
            </AppLink>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="earned-badges-heading">
        <h2 id="earned-badges-heading" className="mb-3 text-lg font-semibold">
          {t("yourBadges")}
        </h2>
        {earned.length ? (
          <ul className="grid grid-cols-3 gap-4 max-tablet:grid-cols-2 max-mobile:grid-cols-1">
            {earned.map((b) => (
              <BadgeCard key={b.id} badge={b} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className={`${card} ${muted}`}>
            {t.rich("noBadge", {
              link: (chunks) => (
                <AppLink href="/dashboard#continue-learning" className="font-semibold text-brand-700 underline dark:text-brand-100">
                  {chunks}
                </AppLink>
              ),
            })}
          </p>
        )}
      </section>

      {toEarn.length > 0 && (
        <section aria-labelledby="to-earn-badges-heading">
          <h2 id="to-earn-badges-heading" className="mb-3 text-lg font-semibold">
            {t("toEarn")}
          </h2>
          <ul className="grid grid-cols-3 gap-4 max-tablet:grid-cols-2 max-mobile:grid-cols-1">
            {toEarn.map((b) => (
              <BadgeCard key={b.id} badge={b} timeZone={timeZone} />
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="achievement-certificates-heading">
        <h2 id="achievement-certificates-heading" className="mb-3 text-lg font-semibold">
          {t("certificates")}
        </h2>
        {certificates.length ? (
          <ul className={`${card} divide-y divide-slate-200 dark:divide-slate-700`}>
            {certificates.map((c) => (
              <CertificateRow key={c.certificateUID} certificate={c} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className={`${card} ${muted}`}>
            {t.rich("noCertificate", {
              link: (chunks) => (
                <AppLink href="/certificates" className="font-semibold text-brand-700 underline dark:text-brand-100">
                  {chunks}
                </AppLink>
              ),
            })}
          </p>
        )}
      </section>
    </div>
  );
}
