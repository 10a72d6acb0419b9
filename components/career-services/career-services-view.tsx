"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { careerServicesQueries } from "@/lib/api/career-services";
import type { CallResponse } from "@/lib/contract/call";
import type { getCareerServices } from "@/lib/contract/calls/career-services";
import type { CareerServicesStats } from "@/lib/contract/entities/career-services";
import { courseEntryPath } from "@/lib/learning-address";
import { PageSkeleton } from "@/components/ui/skeleton";
import { dateLocale } from "@/components/dashboard/format";
import { useErrorText } from "@/components/i18n/use-error-text";

const card = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";

type Services = CallResponse<typeof getCareerServices>;

const receivedOn = (locale: string) => new Intl.DateTimeFormat(dateLocale(locale), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useTranslations("careerServices");
  return (
    <div role="alert" className="rounded-card bg-danger-soft p-4 text-danger dark:bg-red-950 dark:text-red-200">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 rounded-md border border-current px-3 py-1 text-sm font-semibold">
        {t("tryAgain")}
      </button>
    </div>
  );
}

/** The services' message keys, by the API's id; a service the page does not know keeps the API's English words. */
const OFFER_KEYS: Record<string, "cset" | "mockInterviews" | "clientInterviews"> = { cset: "cset", "mock-interviews": "mockInterviews", "client-interviews": "clientInterviews" };

/** A service's name, description and why it is locked, in the page's language. */
export function useServiceText(mandatory: Services["mandatoryCourses"]) {
  const t = useTranslations("careerServices");
  const figures = { done: mandatory.filter((c) => c.isCompleted).length, total: mandatory.length };
  return (s: Services["services"][number]) => {
    const key = OFFER_KEYS[s.id];
    return {
      title: key ? t(`offer.${key}.title`) : s.title,
      description: key ? t(`offer.${key}.description`) : s.description,
      lockedReason: s.lockedCode && t.has(`lock.${s.lockedCode}`) ? t(`lock.${s.lockedCode}`, figures) : s.lockedReason,
    };
  };
}

function ServiceList({ services, mandatory, showReasons }: { services: Services["services"]; mandatory: Services["mandatoryCourses"]; showReasons: boolean }) {
  const t = useTranslations("careerServices");
  const text = useServiceText(mandatory);
  return (
    <ul className="grid grid-cols-3 gap-3 max-tablet:grid-cols-1">
      {services.map((s) => {
        const words = text(s);
        return (
        <li key={s.id} className={card}>
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold">{words.title}</h3>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                s.isAvailable ? "bg-success-soft text-success" : "bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
              }`}
            >
              {s.isAvailable ? t("open") : t("locked")}
            </span>
          </div>
          <p className={`mt-1 text-sm ${muted}`}>{words.description}</p>
          {showReasons && words.lockedReason && <p className="mt-2 text-sm font-medium">{words.lockedReason}</p>}
        </li>
        );
      })}
    </ul>
  );
}

function MandatoryCourses({ courses }: { courses: Services["mandatoryCourses"] }) {
  const t = useTranslations("careerServices");
  if (!courses.length) return <p className={`${card} text-sm ${muted}`}>{t("mandatoryEmpty")}</p>;
  return (
    <ul className={`${card} divide-y divide-slate-200 dark:divide-slate-700`}>
      {courses.map((c) => (
        <li key={c.courseId} className="flex flex-wrap items-center justify-between gap-3 py-2 first:pt-0 last:pb-0">
          {c.slugId ? (
            <AppLink href={courseEntryPath(c.slugId)} className="font-medium hover:text-brand-700 hover:underline dark:hover:text-brand-100">
              {c.courseName}
            </AppLink>
          ) : (
            <span className="font-medium">{c.courseName}</span>
          )}
          <span className={`text-sm font-semibold tabular-nums ${c.isCompleted ? "text-success dark:text-emerald-300" : ""}`}>
            {c.isCompleted ? t("completed") : t("percentDone", { percent: Math.round(c.courseProgressInPercentage) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Statistics({ mandatory }: { mandatory: Services["mandatoryCourses"] }) {
  const t = useTranslations("careerServices.figures");
  const errorText = useErrorText();
  const locale = useLocale();
  const stats = useQuery(careerServicesQueries.getCareerServicesStatistics());
  if (stats.isError) return <Failure message={errorText(stats.error)} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <div aria-hidden className="skeleton h-40" />;
  const s = stats.data;
  const exam: CareerServicesStats["csetExamResult"] = s.csetExamResult;
  // Each figure's first item is its English name in kebab case, which names its test id in every language.
  const figures: [string, string, string, string][] = [
    ["eligibility-test", t("eligibility"), t(`exam.${exam}`), s.csetEligibility ? t("eligibilityOpen") : exam === "pass" ? t("eligibilityPassed") : t("eligibilityClosed")],
    ["test-attempts-left", t("attempts"), String(s.totalAttemptsLeft), t("attemptsHint")],
    [
      "mandatory-courses",
      t("mandatory"),
      mandatory.length ? t("mandatoryValue", { done: mandatory.filter((c) => c.isCompleted).length, total: mandatory.length }) : t("none"),
      s.isAllMandatoryCoursesCompleted ? t("allCompleted") : t("mandatoryHint"),
    ],
    ["mock-interviews", t("mock"), String(s.availableMockInterviewCount), s.availableMockInterviewCount ? t("mockHint") : t("noneLeft")],
    ["client-interviews", t("client"), String(s.availableClientInterview), t("clientHint")],
    ["offers-received", t("offers"), String(s.offersReceived), s.offersReceived ? t("offersHint") : t("noneYet")],
  ];
  return (
    <>
      <dl className="grid grid-cols-3 gap-3 max-tablet:grid-cols-2">
        {figures.map(([name, label, value, hint]) => (
          <div key={name} className={card}>
            <dt className="text-sm font-medium">{label}</dt>
            <dd className={`mt-1 font-bold tabular-nums ${/^\d+$/.test(value) ? "text-2xl" : "text-lg leading-snug"}`} data-testid={`career-${name}`}>
              {value}
            </dd>
            <dd className={`mt-1 text-xs ${muted}`}>{hint}</dd>
          </div>
        ))}
      </dl>
      {s.offers && s.offers.length > 0 && (
        <section aria-labelledby="offers-heading" className="mt-6">
          <h3 id="offers-heading" className="font-semibold">
            {t("offerList")}
          </h3>
          <ul className={`${card} mt-2 divide-y divide-slate-200 dark:divide-slate-700`}>
            {s.offers.map((o) => (
              <li key={`${o.company}-${o.role}-${o.receivedAt}`} className="flex flex-wrap justify-between gap-2 py-2 first:pt-0 last:pb-0">
                <span>{t.rich("offer", { role: o.role, company: o.company, strong: (chunks) => <span className="font-medium">{chunks}</span> })}</span>
                <time dateTime={o.receivedAt} className={`text-sm ${muted}`}>
                  {receivedOn(locale).format(new Date(o.receivedAt))}
                </time>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Career services: the learner's figures with access; otherwise what the services are and how to get them. */
export function CareerServicesView() {
  const t = useTranslations("careerServices");
  const errorText = useErrorText();
  const services = useQuery(careerServicesQueries.getCareerServices());
  if (services.isError) return <Failure message={errorText(services.error)} onRetry={() => services.refetch()} />;
  if (!services.data) return <PageSkeleton label={t("loading")} />;
  const data = services.data;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className={`mt-1 max-w-3xl ${muted}`}>{t("intro")}</p>
      </div>

      {data.hasCareerServicesAccess ? (
        <section aria-labelledby="stats-heading">
          <h2 id="stats-heading" className="mb-3 text-lg font-semibold">
            {t("whereYouStand")}
          </h2>
          <Statistics mandatory={data.mandatoryCourses} />
        </section>
      ) : (
        <section aria-labelledby="no-access-heading" className="rounded-card border border-brand-100 bg-brand-50 p-5 text-brand-900 dark:border-brand-700 dark:bg-surface-dark-muted dark:text-ink-dark">
          <h2 id="no-access-heading" className="text-lg font-semibold">
            {t("noAccess")}
          </h2>
          <p className="mt-2 max-w-3xl">{t("noAccessText")}</p>
          <AppLink href="/courses?tab=programs" className="mt-3 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t("seePrograms")}
          </AppLink>
        </section>
      )}

      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="mb-3 text-lg font-semibold">
          {t("services")}
        </h2>
        {/* Without access every service is locked for the one reason explained above. */}
        <ServiceList services={data.services} mandatory={data.mandatoryCourses} showReasons={data.hasCareerServicesAccess} />
      </section>

      <section aria-labelledby="mandatory-heading">
        <h2 id="mandatory-heading" className="mb-1 text-lg font-semibold">
          {t("mandatory")}
        </h2>
        <p className={`mb-3 text-sm ${muted}`}>{t("mandatoryNote")}</p>
        <MandatoryCourses courses={data.mandatoryCourses} />
      </section>
    </div>
  );
}
