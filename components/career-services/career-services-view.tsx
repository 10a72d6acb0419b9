"use client";

import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { careerServicesQueries } from "@/lib/api/career-services";
import { errorMessage } from "@/lib/api/errors";
import type { CallResponse } from "@/lib/contract/call";
import type { getCareerServices } from "@/lib/contract/calls/career-services";
import type { CareerServicesStats } from "@/lib/contract/entities/career-services";
import { courseEntryPath } from "@/lib/learning-address";
import { PageSkeleton } from "@/components/ui/skeleton";

const card = "rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700";
const muted = "text-ink-muted dark:text-ink-dark-muted";

type Services = CallResponse<typeof getCareerServices>;

const examLabel: Record<CareerServicesStats["csetExamResult"], string> = { pass: "Passed", fail: "Not passed yet", yetToStart: "Not taken yet" };
const receivedOn = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function Failure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-card bg-danger-soft p-4 text-danger dark:bg-red-950 dark:text-red-200">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 rounded-md border border-current px-3 py-1 text-sm font-semibold">
        Try again
      </button>
    </div>
  );
}

function ServiceList({ services, showReasons }: { services: Services["services"]; showReasons: boolean }) {
  return (
    <ul className="grid grid-cols-3 gap-3 max-tablet:grid-cols-1">
      {services.map((s) => (
        <li key={s.id} className={card}>
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold">{s.title}</h3>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                s.isAvailable ? "bg-success-soft text-success" : "bg-slate-100 text-slate-800 dark:bg-slate-700 dark:text-slate-100"
              }`}
            >
              {s.isAvailable ? "Open" : "Locked"}
            </span>
          </div>
          <p className={`mt-1 text-sm ${muted}`}>{s.description}</p>
          {showReasons && s.lockedReason && <p className="mt-2 text-sm font-medium">{s.lockedReason}</p>}
        </li>
      ))}
    </ul>
  );
}

function MandatoryCourses({ courses }: { courses: Services["mandatoryCourses"] }) {
  if (!courses.length) return <p className={`${card} text-sm ${muted}`}>You take no program with mandatory courses yet.</p>;
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
            {c.isCompleted ? "Completed" : `${Math.round(c.courseProgressInPercentage)}% done`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Statistics({ mandatory }: { mandatory: Services["mandatoryCourses"] }) {
  const stats = useQuery(careerServicesQueries.getCareerServicesStatistics());
  if (stats.isError) return <Failure message={errorMessage(stats.error)} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <div aria-hidden className="skeleton h-40" />;
  const s = stats.data;
  const figures: [string, string, string][] = [
    ["Eligibility test", examLabel[s.csetExamResult], s.csetEligibility ? "You may take the test now" : s.csetExamResult === "pass" ? "Hiring companies can see you" : "Not open to you yet"],
    ["Test attempts left", String(s.totalAttemptsLeft), "Attempts at the eligibility test"],
    [
      "Mandatory courses",
      mandatory.length ? `${mandatory.filter((c) => c.isCompleted).length} of ${mandatory.length}` : "None",
      s.isAllMandatoryCoursesCompleted ? "All completed" : "Completed; all of them open the test",
    ],
    ["Mock interviews", String(s.availableMockInterviewCount), s.availableMockInterviewCount ? "Left to you: your career-services team books each one with you" : "None left"],
    ["Client interviews", String(s.availableClientInterview), "Lined up with hiring companies"],
    ["Offers received", String(s.offersReceived), s.offersReceived ? "Listed below" : "None yet"],
  ];
  return (
    <>
      <dl className="grid grid-cols-3 gap-3 max-tablet:grid-cols-2">
        {figures.map(([label, value, hint]) => (
          <div key={label} className={card}>
            <dt className="text-sm font-medium">{label}</dt>
            <dd
              className={`mt-1 font-bold tabular-nums ${/^\d+$/.test(value) ? "text-2xl" : "text-lg leading-snug"}`}
              data-testid={`career-${label.toLowerCase().replaceAll(" ", "-")}`}
            >
              {value}
            </dd>
            <dd className={`mt-1 text-xs ${muted}`}>{hint}</dd>
          </div>
        ))}
      </dl>
      {s.offers && s.offers.length > 0 && (
        <section aria-labelledby="offers-heading" className="mt-6">
          <h3 id="offers-heading" className="font-semibold">
            Offers
          </h3>
          <ul className={`${card} mt-2 divide-y divide-slate-200 dark:divide-slate-700`}>
            {s.offers.map((o) => (
              <li key={`${o.company}-${o.role}-${o.receivedAt}`} className="flex flex-wrap justify-between gap-2 py-2 first:pt-0 last:pb-0">
                <span>
                  <span className="font-medium">{o.role}</span> at {o.company}
                </span>
                <time dateTime={o.receivedAt} className={`text-sm ${muted}`}>
                  {receivedOn.format(new Date(o.receivedAt))}
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
  const services = useQuery(careerServicesQueries.getCareerServices());
  if (services.isError) return <Failure message={errorMessage(services.error)} onRetry={() => services.refetch()} />;
  if (!services.data) return <PageSkeleton label="Loading career services" />;
  const data = services.data;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Career services</h1>
        <p className={`mt-1 max-w-3xl ${muted}`}>
          Help from your program to your first offer: an eligibility test of what you have learned, mock interviews to practise, and interviews with
          hiring companies.
        </p>
      </div>

      {data.hasCareerServicesAccess ? (
        <section aria-labelledby="stats-heading">
          <h2 id="stats-heading" className="mb-3 text-lg font-semibold">
            Where you stand
          </h2>
          <Statistics mandatory={data.mandatoryCourses} />
        </section>
      ) : (
        <section aria-labelledby="no-access-heading" className="rounded-card border border-brand-100 bg-brand-50 p-5 text-brand-900 dark:border-brand-700 dark:bg-surface-dark-muted dark:text-ink-dark">
          <h2 id="no-access-heading" className="text-lg font-semibold">
            Career services are not part of your account
          </h2>
          <p className="mt-2 max-w-3xl">
            They come with programs that include placement support. To add them, ask your program coordinator, or write to your company&apos;s
            learning contact. Once they are added, this page shows your eligibility test, interviews and offers.
          </p>
          <AppLink href="/courses?tab=programs" className="mt-3 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            See programs
          </AppLink>
        </section>
      )}

      <section aria-labelledby="services-heading">
        <h2 id="services-heading" className="mb-3 text-lg font-semibold">
          What career services offer
        </h2>
        {/* Without access every service is locked for the one reason explained above. */}
        <ServiceList services={data.services} showReasons={data.hasCareerServicesAccess} />
      </section>

      <section aria-labelledby="mandatory-heading">
        <h2 id="mandatory-heading" className="mb-1 text-lg font-semibold">
          Mandatory courses
        </h2>
        <p className={`mb-3 text-sm ${muted}`}>The courses your programs mark mandatory. Completing all of them opens the eligibility test.</p>
        <MandatoryCourses courses={data.mandatoryCourses} />
      </section>
    </div>
  );
}
