import type { Metadata } from "next";
import { useLocale, useTranslations } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import { formatIssueDay } from "@/components/dashboard/format";
import { useDuration } from "@/components/i18n/use-duration";
import { ClientMessages } from "@/components/i18n/client-messages";
import { notFound, permanentRedirect } from "next/navigation";
import { AwardIcon, CheckIcon, CrossIcon, VerifiedIcon, WarningIcon } from "@/components/certificates/icons";
import { ShareActions } from "@/components/certificates/share-actions";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { certificateImagePath, certificateSharePath, formatIssueDate, SHARE_TYPES, type CertificateShareType } from "@/lib/certificate-share";
import type { CertificateCheck, PublicCertificate, RevokedCertificateDetails } from "@/lib/contract/entities/certificates";
import { siteUrl } from "@/lib/env";
import { lookUpCertificate } from "./certificate-data";
import { formatDuration } from "@/lib/format-duration";

type Params = { params: Promise<{ shareType: string; id: string }> };

// The page's own words are in the visitor's language (an employer opening a shared link reads it in
// theirs); the certificate's preview image and the text link previews show stay in English, the same
// for every reader and every crawler (docs/languages.md).

const muted = "text-ink-muted dark:text-ink-dark-muted";

const isShareType = (value: string): value is CertificateShareType => (SHARE_TYPES as readonly string[]).includes(value);

const headline = (c: PublicCertificate) => `${c.userName}: ${c.isMasterCertificate ? "master certificate" : "certificate"} in ${c.courseName}`;
const summary = (c: PublicCertificate) =>
  `${c.userName} completed the ${c.isMasterCertificate ? "program" : "course"} ${c.courseName} (${formatDuration(c.totalCourseDurationInMinutes)} of video), certified by ${c.issuer.name} on ${formatIssueDate(c.issuedDate)}. Open the page to verify it.`;

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { shareType, id } = await params;
  const found = isShareType(shareType) ? await lookUpCertificate(id) : ({ state: "missing" } as const);
  if (found.state !== "found") {
    return { title: found.state === "revoked" ? "Certificate revoked" : "Certificate not found", robots: { index: false } };
  }
  const c = found.certificate;
  const image = { url: certificateImagePath(c.shareType, c.certificateUID), width: 1200, height: 627, alt: headline(c), type: "image/png" };
  return {
    metadataBase: new URL(siteUrl()),
    title: { absolute: headline(c) },
    description: summary(c),
    alternates: { canonical: c.url },
    openGraph: { type: "website", url: c.url, title: headline(c), description: summary(c), siteName: c.issuer.name, images: [image] },
    twitter: { card: "summary_large_image", title: headline(c), description: summary(c), images: [image] },
  };
}

function IssuerMark({ issuer }: { issuer: PublicCertificate["issuer"] }) {
  if (!issuer.logoUrl) return <span className="text-lg font-bold tracking-tight text-brand-700 dark:text-brand-100">{issuer.name}</span>;
  // Company logos are small SVGs from the content files, shown as they are.
  return (
    <span className="inline-flex items-center">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={issuer.logoUrl} alt={issuer.name} width={220} height={40} className={`h-9 w-auto ${issuer.logoDarkUrl ? "dark:hidden print:block" : ""}`} />
      {issuer.logoDarkUrl && (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={issuer.logoDarkUrl} alt={issuer.name} width={220} height={40} className="hidden h-9 w-auto dark:block print:hidden" />
      )}
    </span>
  );
}

/**
 * A check's result in the page's language. A passed check is worded from what the server found (the
 * key, the issuer, the dates); a failed one keeps the server's own reason, which can name what a
 * library refused (English, marked as such).
 */
function CheckResult({ check, v }: { check: CertificateCheck; v: PublicCertificate["verification"] }) {
  const t = useTranslations("certificates.page");
  const locale = useLocale();
  if (!check.passed) return <span lang="en">{check.message}</span>;
  const day = (iso: string | null) => (iso ? formatIssueDay(iso, locale) : "");
  switch (check.name) {
    case "signature":
      return t("checkPassed.signature", { key: v.keyId ?? "" });
    case "issuer":
      return t("checkPassed.issuer", { issuer: v.issuerId ?? "" });
    case "validity":
      return v.validUntil ? t("checkPassed.validityUntil", { since: day(v.validFrom), until: day(v.validUntil) }) : t("checkPassed.validity", { since: day(v.validFrom) });
    default:
      return t(`checkPassed.${check.name}`);
  }
}

function Verification({ c }: { c: PublicCertificate }) {
  const t = useTranslations("certificates.page");
  const v = c.verification;
  return (
    <section
      aria-labelledby="verification-heading"
      className={`rounded-card p-5 ring-1 print:ring-slate-300 ${
        v.verified
          ? "bg-success-soft text-ink ring-emerald-200 dark:bg-emerald-950 dark:text-ink-dark dark:ring-emerald-800"
          : "bg-danger-soft text-ink ring-red-200 dark:bg-red-950 dark:text-ink-dark dark:ring-red-800"
      }`}
    >
      <h2 id="verification-heading" className="flex items-center gap-2 text-lg font-semibold">
        {v.verified ? <VerifiedIcon className="h-5 w-5 text-success dark:text-emerald-300" /> : <WarningIcon className="h-5 w-5 text-danger dark:text-red-300" />}
        {v.verified ? t("verified") : t("notVerified")}
      </h2>
      <p className="mt-1 text-sm">
        {v.verified ? t("verifiedText", { issuer: c.issuer.name }) : t("notVerifiedText")}
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold">{t("checked")}</summary>
        <ul className="mt-2 space-y-1">
          {v.checks.map((check) => (
            <li key={check.name} className="flex gap-2">
              {check.passed ? (
                <CheckIcon className="mt-0.5 h-4 w-4 text-success dark:text-emerald-300" />
              ) : (
                <CrossIcon className="mt-0.5 h-4 w-4 text-danger dark:text-red-300" />
              )}
              {/* A key's or issuer's id is one long word: it breaks anywhere rather than widen the page. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-semibold">{t(`checkNames.${check.name}`)}</span>
                <span className="sr-only"> {check.passed ? t("passed") : t("failed")}</span>: <CheckResult check={check} v={v} />
              </span>
            </li>
          ))}
        </ul>
        <p className={`mt-3 wrap-anywhere ${muted}`}>
          {t.rich("checkedBy", {
            issuer: v.issuerId ?? "",
            time: new Date(v.checkedAt).toISOString().slice(0, 16).replace("T", " "),
            when: (chunks) => <time dateTime={v.checkedAt}>{chunks}</time>,
          })}
        </p>
        <p className="mt-2 print:hidden">
          {t.rich("verifyYourself", {
            credential: (chunks) => (
              <a className="font-semibold underline" href={c.credentialUrl} download>
                {chunks}
              </a>
            ),
            keys: (chunks) => (
              <a className="font-semibold underline" href="/.well-known/jwks.json">
                {chunks}
              </a>
            ),
            did: (chunks) => (
              <a className="font-semibold underline" href="/.well-known/did.json">
                {chunks}
              </a>
            ),
          })}
        </p>
      </details>
    </section>
  );
}

/** The page's content, marked with the visitor's language, with the messages its client parts (the share buttons) read. */
function Page({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <ClientMessages namespaces={["certificates"]}>
      <main lang={locale} className="mx-auto flex min-h-screen max-w-4xl flex-col gap-6 px-6 py-8 max-mobile:px-4 max-mobile:py-5 print:p-0">
        {children}
      </main>
    </ClientMessages>
  );
}

function Revoked({ message, details }: { message: string; details: RevokedCertificateDetails | null }) {
  const t = useTranslations("certificates.page");
  // Why and when, in the same words a refusal of this certificate reads with anywhere.
  const errors = useTranslations("common.errors");
  const locale = useLocale();
  return (
    <Page locale={locale}>
      <header className="flex items-center justify-between gap-4 print:hidden">
        <AppLink href="/" className="text-lg font-bold tracking-tight text-brand-700 dark:text-brand-100">
          {t("home")}
        </AppLink>
        <ThemeToggle />
      </header>
      <section className="mx-auto max-w-lg rounded-card bg-white p-8 text-center shadow ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
        <WarningIcon className="mx-auto h-10 w-10 text-danger dark:text-red-300" />
        <p className="mt-3 text-sm font-semibold text-danger dark:text-red-300">{t("revokedStatus")}</p>
        <h1 className="mt-2 text-2xl font-bold">{t("revokedTitle")}</h1>
        <p className={`mt-2 ${muted}`}>
          {t("revokedText", {
            message: details ? errors("codes.certificate_revoked", { reason: details.withdrawn ? "withdrawn" : "revoked", date: formatIssueDay(details.revokedAt, locale) }) : message,
          })}
        </p>
      </section>
    </Page>
  );
}

/**
 * /certificates/{shareType}/{id}: a certificate's public page, open without signing in (the only page
 * under /certificates that is). What it shows comes from GET /course/getCertificateById, the call
 * anyone may make. An unknown id is a 404 page; a revoked one says so (answered with 410 by proxy.ts).
 */
export default async function CertificateSharePage({ params }: Params) {
  const { shareType, id } = await params;
  if (!isShareType(shareType)) notFound();
  const found = await lookUpCertificate(id);
  if (found.state === "missing") notFound();
  if (found.state === "revoked") return <Revoked message={found.message} details={found.details} />;
  const c = found.certificate;
  if (c.shareType !== shareType) permanentRedirect(certificateSharePath(c.shareType, c.certificateUID));
  return <Found c={c} locale={await getLocale()} />;
}

/** The certificate as its page shows it, with its verification and what can be done with it. */
function Found({ c, locale }: { c: PublicCertificate; locale: string }) {
  const t = useTranslations("certificates.page");
  const duration = useDuration();
  return (
    <Page locale={locale}>
      <header className="flex items-center justify-between gap-4 print:hidden">
        <IssuerMark issuer={c.issuer} />
        <ThemeToggle />
      </header>

      <article
        aria-labelledby="certificate-holder"
        className="relative overflow-hidden rounded-card bg-white px-8 py-10 text-center shadow-sm ring-1 ring-slate-200 max-mobile:px-5 max-mobile:py-8 dark:bg-surface-dark-muted dark:ring-slate-700 print:rounded-none print:shadow-none print:ring-2 print:ring-slate-400"
      >
        <div aria-hidden className="absolute inset-x-0 top-0 h-2 bg-gradient-to-r from-brand-600 via-brand-400 to-emerald-500" />
        <div className="hidden justify-center print:mb-4 print:flex">
          <IssuerMark issuer={c.issuer} />
        </div>
        <AwardIcon className="mx-auto h-10 w-10 text-brand-600 dark:text-brand-300" />
        <p className="mt-3 text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-100">
          {c.isMasterCertificate ? t("master") : t("completion")}
        </p>
        <p className={`mt-6 ${muted}`}>{t("certifies")}</p>
        <h1 id="certificate-holder" className="mt-2 text-4xl font-bold tracking-tight break-words max-mobile:text-3xl">
          {c.userName}
        </h1>
        <p className={`mt-4 ${muted}`}>{c.isMasterCertificate ? t("completedProgram") : t("completedCourse")}</p>
        <p className="mt-2 text-2xl font-semibold break-words max-mobile:text-xl">{c.courseName}</p>
        <dl className="mx-auto mt-8 grid max-w-xl grid-cols-3 gap-4 text-sm max-mobile:grid-cols-1">
          <div>
            <dt className={muted}>{t("video")}</dt>
            <dd className="mt-1 font-semibold">{duration(c.totalCourseDurationInMinutes)}</dd>
          </div>
          <div>
            <dt className={muted}>{t("issued")}</dt>
            <dd className="mt-1 font-semibold">
              <time dateTime={c.issuedDate}>{formatIssueDay(c.issuedDate, locale)}</time>
            </dd>
          </div>
          <div>
            <dt className={muted}>{t("issuedBy")}</dt>
            <dd className="mt-1 font-semibold break-words">{c.issuer.name}</dd>
          </div>
        </dl>
        <p className={`mt-8 text-xs ${muted}`}>{t("id", { id: c.certificateUID })}</p>
        <p className={`mt-1 text-xs wrap-anywhere ${muted}`}>{c.url}</p>
      </article>

      <Verification c={c} />

      <section aria-labelledby="share-heading" className="print:hidden">
        <h2 id="share-heading" className="mb-3 text-lg font-semibold">
          {t("share")}
        </h2>
        <ShareActions
          onSharePage
          certificate={{
            certificateUID: c.certificateUID,
            shareType: c.shareType,
            courseName: c.courseName,
            url: c.url,
            issuedDate: c.issuedDate,
            issuerName: c.issuer.name,
          }}
        />
      </section>
    </Page>
  );
}
