"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { ErrorBlock } from "@/components/ui/error-block";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton } from "@/components/ui/skeleton";
import { StudioNav } from "@/components/studio-people/studio-nav";
import { useErrorText } from "@/components/i18n/use-error-text";
import { errorCode } from "@/lib/api/errors";
import { studioReportsQueries, type ReportLearner } from "@/lib/api/studio-reports";
import { reportDate } from "@/lib/studio-reports-cells";

/** When an event happened, in UTC to the minute (the table's dates are UTC days too). */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** /studio/reports/learners/{id}: one learner's courses with their progress, and what they did, oldest first. */
export function LearnerReportPage({ id }: { id: string }) {
  const t = useTranslations("studioReports.learner");
  const errorText = useErrorText();
  const report = useQuery(studioReportsQueries.getReportLearner(id));
  return (
    <div className="space-y-6">
      <StudioNav />
      <AppLink href="/studio/reports" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </AppLink>
      {report.isPending ? (
        <div aria-busy="true" aria-label={t("loading")} role="status" className="space-y-2">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-32 rounded-card" />
        </div>
      ) : report.isError ? (
        errorCode(report.error) === "person_not_found" ? (
          <p className="rounded-card bg-white p-6 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">{t("notFound")}</p>
        ) : (
          <ErrorBlock message={errorText(report.error)} onRetry={() => report.refetch()} />
        )
      ) : (
        <LearnerReport report={report.data} />
      )}
    </div>
  );
}

function LearnerReport({ report }: { report: ReportLearner }) {
  const t = useTranslations("studioReports.learner");
  const { learner, courses, timeline } = report;
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold break-words">{learner.name}</h1>
        <p className="wrap-anywhere text-ink-muted dark:text-ink-dark-muted">{learner.email}</p>
        {learner.batches.length > 0 && <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("batches", { batches: learner.batches.join(", ") })}</p>}
      </div>

      <section aria-labelledby="learner-courses" className="space-y-3">
        <h2 id="learner-courses" className="text-lg font-semibold">
          {t("courses")}
        </h2>
        {courses.length === 0 ? (
          <p className="text-ink-muted dark:text-ink-dark-muted">{t("notEnrolled")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {courses.map((c) => (
              <li key={c.courseId} className="space-y-2 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
                <p className="font-semibold">{c.courseName}</p>
                <ProgressBar value={c.progressPercent} label={t("progress", { course: c.courseName })} />
                <p className="text-sm text-ink-muted dark:text-ink-dark-muted">
                  {t(c.isCompleted ? "courseLineCompleted" : "courseLine", { percent: c.progressPercent, done: c.completedVideos, total: c.totalVideos, date: reportDate(c.enrolledAt) })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="learner-timeline" className="space-y-3">
        <h2 id="learner-timeline" className="text-lg font-semibold">
          {t("timeline")}
        </h2>
        {report.timelineTruncated && <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{t("truncated")}</p>}
        {timeline.length === 0 ? (
          <p className="text-ink-muted dark:text-ink-dark-muted">{t("nothing")}</p>
        ) : (
          <ol aria-labelledby="learner-timeline" className="space-y-0 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
            {timeline.map((e, i) => (
              <li key={i} className="relative py-2">
                <span aria-hidden className="absolute -left-[1.4rem] top-3.5 h-2.5 w-2.5 rounded-full bg-brand-600 dark:bg-brand-400" />
                <p className="text-sm">
                  <time dateTime={e.at} className="font-mono text-xs text-ink-muted dark:text-ink-dark-muted">
                    {when(e.at)}
                  </time>
                </p>
                <p>
                  {t.rich(`events.${e.kind}`, { title: e.title, strong: (c) => <span className="font-semibold">{c}</span> })}
                  {e.courseName && e.kind !== "enrolled" ? <span className="text-ink-muted dark:text-ink-dark-muted"> · {e.courseName}</span> : null}
                  {e.detail ? <span className="text-ink-muted dark:text-ink-dark-muted"> · {e.detail}</span> : null}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
