import { useDuration } from "@/components/i18n/use-duration";
import { useTranslations } from "next-intl";
import type { ComponentProps, ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import type { BatchDetails as BatchDetailsData, DashboardStats, EnrolledProgram } from "@/lib/contract/entities/dashboard";
import type { Meeting } from "@/lib/contract/entities/meetings";
import type { Part } from "@/lib/page-part";
import { LearnLink } from "@/components/learning/learn-link";
import { BatchDetails, ExpiryNotice } from "./batch-details";
import { ContinueLearning } from "./continue-learning";
import { PartFailed } from "@/components/ui/part-failed";
import { FollowTimeZone, Welcome } from "./dashboard-islands";

import { EnrolledPrograms } from "./enrolled-programs";
import { GroupSessions } from "./group-sessions";
import { LearningTimeChart } from "./learning-time-chart";
import { type CourseFilter, courseListHref } from "./course-filter";
import { CourseListPage, type CourseListAnswer } from "./course-list";
import { MyCourses } from "./my-courses";
import { Section, cardClass } from "./section";
import { StatFigures } from "./stat-figures";
import { SubmittedChallenges } from "./submitted-challenges";

/** A part of the page from one call: its content, or an error with Try again. */
function Loaded<T>({ part, children }: { part: Part<T>; children: (data: T) => ReactNode }) {
  return "data" in part ? <>{children(part.data)}</> : <PartFailed message={part.error} />;
}

export interface DashboardParts {
  stats: Part<DashboardStats>;
  continueLearning: Part<ComponentProps<typeof ContinueLearning>["items"]>;
  batch: Part<BatchDetailsData>;
  programs: Part<EnrolledProgram[]>;
  sessions: Part<Meeting[]>;
  courses: Part<CourseListAnswer>;
}

/**
 * The learner's home: figures, where to continue, the week's learning time, courses, programs, batch
 * and sessions. Drawn by the server with its data; in the browser only the greeting, the course list's
 * filters and the links run.
 */
export function DashboardView({ timeZone, courseFilter, parts }: { timeZone: string; courseFilter: CourseFilter; parts: DashboardParts }) {
  const { stats, continueLearning, batch, programs, sessions, courses } = parts;
  const t = useTranslations("dashboard");
  const duration = useDuration();
  return (
    <div className="space-y-8">
      <FollowTimeZone rendered={timeZone} />
      <div>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <Welcome />
          <div className="flex flex-wrap gap-3">
            <LearnLink href="/learn/resume" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              {t("resume")}
            </LearnLink>
            <AppLink href="/courses" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
              {t("browse")}
            </AppLink>
          </div>
        </div>
      </div>

      {"data" in batch && <ExpiryNotice batch={batch.data} timeZone={timeZone} />}

      <Loaded part={stats}>{(s) => <StatFigures stats={s} />}</Loaded>

      <div className="grid grid-cols-3 gap-8 max-tablet:grid-cols-1">
        <div className="col-span-2 space-y-8 max-tablet:col-span-1">
          <Section id="continue-learning" title={t("sections.continueLearning")}>
            <Loaded part={continueLearning}>{(items) => <ContinueLearning items={items} />}</Loaded>
          </Section>

          <Section
            id="learning-time"
            title={t("sections.learningTime")}
            action={
              "data" in stats &&
              stats.data.weeklyLearningTime && (
                <span className="text-sm text-ink-muted dark:text-ink-dark-muted">
                  {t("weekSummary", { week: duration(stats.data.weeklyLearningTime.totalMinutes), total: duration(stats.data.totalSecondsLearned / 60) })}
                </span>
              )
            }
          >
            <div className={cardClass}>
              <Loaded part={stats}>
                {(s) =>
                  s.weeklyLearningTime ? (
                    <>
                      <LearningTimeChart week={s.weeklyLearningTime} />
                      <p className="mt-2 text-xs text-ink-muted dark:text-ink-dark-muted">
                        {t("chartNote", { timeZone: s.weeklyLearningTime.timeZone })}
                      </p>
                    </>
                  ) : null
                }
              </Loaded>
            </div>
          </Section>

          <Section belowFirstScreen id="my-courses" title={t("sections.myCourses")}>
            <MyCourses
              drawnFor={courseListHref(courseFilter)}
              drawn={
                "data" in courses ? (
                  <CourseListPage data={courses.data} filter={courseFilter} />
                ) : (
                  <div className="mt-3">
                    <PartFailed message={courses.error} />
                  </div>
                )
              }
            />
          </Section>
        </div>

        <div className="space-y-8">
          <Section id="batch" title={t("sections.batch")}>
            <Loaded part={batch}>{(b) => <BatchDetails batch={b} timeZone={timeZone} />}</Loaded>
          </Section>
          <Section id="group-sessions" title={t("sections.groupSessions")}
            action={
              <AppLink href="/group-sessions" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">
                {t("allSessions")}
              </AppLink>
            }>
            <Loaded part={sessions}>{(list) => <GroupSessions sessions={list} timeZone={timeZone} />}</Loaded>
          </Section>
          <Section belowFirstScreen id="programs" title={t("sections.programs")}>
            <Loaded part={programs}>{(list) => <EnrolledPrograms programs={list} />}</Loaded>
          </Section>
          <Section belowFirstScreen id="challenges" title={t("sections.challenges")}>
            <Loaded part={stats}>{(s) => <SubmittedChallenges items={s.recentChallenges ?? []} total={s.totalChallengesSubmitted} timeZone={timeZone} />}</Loaded>
          </Section>
        </div>
      </div>
    </div>
  );
}
