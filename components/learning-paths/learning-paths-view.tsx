"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { dashboardQueries } from "@/lib/api/dashboard";
import { learningPathsQueries } from "@/lib/api/learning-paths";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import type { EnrolledProgram } from "@/lib/contract/entities/dashboard";
import type { LearningPath, ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { courseEntryPath } from "@/lib/learning-address";
import { learningPathPath } from "@/lib/learning-path-address";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { ErrorBlock } from "@/components/ui/error-block";
import { LearnLink } from "@/components/learning/learn-link";
import { PageSkeleton } from "@/components/ui/skeleton";
import { ProgramCard } from "./program-card";
import { ProgressRules, ProgressSummary } from "./progress-summary";
import { card, muted } from "./styles";

const buttonClass = "inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ProgramCards({ programs, progress }: { programs: BundledProgram[]; progress?: Map<string, EnrolledProgram> }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {programs.map((p) => (
        <ProgramCard key={p.programId} program={p} progress={progress?.get(p.programId)} />
      ))}
    </ul>
  );
}

/** The learner's path: where they stand in their first program and the course to take next. */
function CurrentPath({ progress: p }: { progress: ProgramProgress }) {
  const t = useTranslations("learningPaths");
  const duration = useDuration();
  const href = learningPathPath(p);
  const next = p.courses.find((c) => !c.isCompleted);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-xl font-semibold">
          <AppLink href={href} className="hover:text-brand-700 hover:underline dark:hover:text-brand-100">
            {p.programName}
          </AppLink>
        </h3>
        <p className={`text-sm ${muted}`}>
          {t("size", { count: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes ?? 0) })}
        </p>
      </div>
      <ProgressSummary progress={p} />
      <div className={`${card} flex flex-wrap items-center justify-between gap-3`}>
        {next ? (
          <>
            <p className="text-sm">
              {t.rich("view.next", {
                order: next.order,
                total: p.totalCourses,
                name: next.courseName,
                label: (c) => <span className="font-semibold">{c}</span>,
              })}
            </p>
            {next.isEnrolled && !next.enrollmentStartDate && next.slugId ? (
              <LearnLink href={courseEntryPath(next.slugId)} className={buttonClass}>
                {next.courseProgressInPercentage > 0 ? t("view.continue") : t("view.start")}
                <span className="sr-only"> {next.courseName}</span>
              </LearnLink>
            ) : (
              <AppLink href={href} className={buttonClass}>
                {t("view.howToEnroll")}
              </AppLink>
            )}
          </>
        ) : (
          <p className="text-sm font-semibold">{t("view.allCompleted")}</p>
        )}
        <AppLink href={href} className="text-sm font-semibold text-brand-700 underline dark:text-brand-100">
          {t("view.everyCourse")}
        </AppLink>
      </div>
    </div>
  );
}

/** What a learner with no program sees: a sample path, with the size of a typical program offered. */
function SamplePath({ path }: { path: LearningPath }) {
  const t = useTranslations("learningPaths.view");
  const duration = useDuration();
  return (
    <div className={`${card} space-y-2`} data-testid="sample-path">
      <p className="font-semibold">{t("notOnPath")}</p>
      {path.dummyLearningPathCourseCount !== null && path.dummyLearningPathCourseDurationInMinutes !== null ? (
        <p className="text-sm">{t("typical", { count: path.dummyLearningPathCourseCount, duration: duration(path.dummyLearningPathCourseDurationInMinutes) })}</p>
      ) : (
        <p className="text-sm">{t("noProgram")}</p>
      )}
      <p className={`text-sm ${muted}`}>
        {t.rich("batches", {
          link: (c) => (
            <AppLink href="/courses" className="font-semibold text-brand-700 underline dark:text-brand-100">
              {c}
            </AppLink>
          ),
        })}
      </p>
    </div>
  );
}

/** /learning-paths: the learner's path (or a sample path), their other programs, and the programs offered. */
export function LearningPathsView() {
  const t = useTranslations("learningPaths.view");
  const errorText = useErrorText();
  const path = useQuery(learningPathsQueries.getLearningPathProgress(undefined));
  const mine = useQuery(dashboardQueries.listEnrolledPrograms());
  if (path.isPending || mine.isPending) return <PageSkeleton label={t("loading")} />;
  if (path.isError) return <ErrorBlock message={errorText(path.error)} onRetry={() => path.refetch()} />;
  if (mine.isError) return <ErrorBlock message={errorText(mine.error)} onRetry={() => mine.refetch()} />;
  const current = path.data.learningPathProgress;
  const progress = new Map(mine.data.map((p) => [p.programId, p]));
  const others = mine.data.filter((p) => p.programId !== current?.programId);
  const offered = path.data.otherLearningPath.filter((p) => !progress.has(p.programId));
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className={`max-w-3xl ${muted}`}>{t("intro")}</p>
      </header>
      {current ? (
        <Section id="current-path" title={t("yourPath")}>
          <CurrentPath progress={current} />
        </Section>
      ) : (
        <Section id="sample-path" title={t("startPath")}>
          <SamplePath path={path.data} />
          <ProgressRules />
        </Section>
      )}
      {others.length > 0 && (
        <Section id="my-programs" title={t("otherPrograms")}>
          <ProgramCards programs={others} progress={progress} />
        </Section>
      )}
      {offered.length > 0 && (
        <Section id="offered-programs" title={current ? t("morePrograms") : t("programsOffered")}>
          <ProgramCards programs={offered} />
        </Section>
      )}
    </div>
  );
}
