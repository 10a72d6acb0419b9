"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { useViewerTimeZone } from "@/hooks/use-shell-time-zone";
import { useProfile } from "@/hooks/use-shell-profile";
import { dashboardQueries } from "@/lib/api/dashboard";
import { errorMessage } from "@/lib/api/errors";
import { formatDuration, formatSeconds } from "@/lib/format-duration";
import { Skeleton } from "@/components/ui/skeleton";
import { BatchDetails, ExpiryNotice } from "./batch-details";
import { ContinueLearning } from "./continue-learning";
import { EnrolledPrograms } from "./enrolled-programs";
import { GroupSessions } from "./group-sessions";
import { LearningTimeChart } from "./learning-time-chart";
import { MyCourses } from "./my-courses";
import { ErrorBlock } from "@/components/ui/error-block";
import { Section, cardClass } from "./section";
import { StatFigures } from "./stat-figures";
import { SubmittedChallenges } from "./submitted-challenges";
import { LearnLink } from "@/components/learning/learn-link";

/** A part of the page from one query: its content, a skeleton while it loads, an error with a retry. */
function Loaded<T>({ query, skeleton = "h-32", children }: { query: UseQueryResult<T>; skeleton?: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ErrorBlock message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  return <Skeleton className={skeleton} />;
}

/** The learner's home: figures, where to continue, the week's learning time, courses, programs, batch and sessions. */
export function DashboardView({ renderedTimeZone }: { renderedTimeZone: string }) {
  const profile = useProfile();
  const timeZone = useViewerTimeZone(renderedTimeZone);
  const stats = useQuery(dashboardQueries.getDashboardStats(timeZone));
  const continueLearning = useQuery(dashboardQueries.listContinueLearning());
  const batch = useQuery(dashboardQueries.getBatchDetails());
  const programs = useQuery(dashboardQueries.listEnrolledPrograms());
  const sessions = useQuery(dashboardQueries.listGroupSessions());

  return (
    <div className="space-y-8">
      <div>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold">Welcome, {profile.name}</h1>
            <p className="mt-1 text-ink-muted dark:text-ink-dark-muted">
              Signed in as <span data-testid="signed-in-email">{profile.email}</span> · {profile.plan} plan
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <LearnLink href="/learn/resume" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              Resume where you left off
            </LearnLink>
            <AppLink href="/courses" className="rounded-md border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
              Browse courses
            </AppLink>
          </div>
        </div>
      </div>

      {batch.data && <ExpiryNotice batch={batch.data} timeZone={timeZone} />}

      <Loaded query={stats} skeleton="h-56">
        {(s) => <StatFigures stats={s} />}
      </Loaded>

      <div className="grid grid-cols-3 gap-8 max-tablet:grid-cols-1">
        <div className="col-span-2 space-y-8 max-tablet:col-span-1">
          <Section id="continue-learning" title="Continue learning">
            <Loaded query={continueLearning}>{(items) => <ContinueLearning items={items} />}</Loaded>
          </Section>

          <Section
            id="learning-time"
            title="Learning time this week"
            action={
              stats.data?.weeklyLearningTime && (
                <span className="text-sm text-ink-muted dark:text-ink-dark-muted">
                  {formatDuration(stats.data.weeklyLearningTime.totalMinutes)} this week · {formatSeconds(stats.data.totalSecondsLearned)} learned in all
                </span>
              )
            }
          >
            <div className={cardClass}>
              <Loaded query={stats} skeleton="h-40">
                {(s) =>
                  s.weeklyLearningTime ? (
                    <>
                      <LearningTimeChart week={s.weeklyLearningTime} />
                      <p className="mt-2 text-xs text-ink-muted dark:text-ink-dark-muted">
                        Minutes of video played each day in your time zone ({s.weeklyLearningTime.timeZone}), rewatching included. Time learned counts each
                        stretch of a video once, and only what was really played: marking a video complete, quizzes and essays move a course&apos;s progress,
                        not this time.
                      </p>
                    </>
                  ) : null
                }
              </Loaded>
            </div>
          </Section>

          <Section id="my-courses" title="My courses">
            <MyCourses />
          </Section>
        </div>

        <div className="space-y-8">
          <Section id="batch" title="Your batch">
            <Loaded query={batch}>{(b) => <BatchDetails batch={b} timeZone={timeZone} />}</Loaded>
          </Section>
          <Section id="group-sessions" title="Group sessions" action={<AppLink href="/group-sessions" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-100">All sessions</AppLink>}>
            <Loaded query={sessions}>{(list) => <GroupSessions sessions={list} timeZone={timeZone} />}</Loaded>
          </Section>
          <Section id="programs" title="Programs">
            <Loaded query={programs}>{(list) => <EnrolledPrograms programs={list} />}</Loaded>
          </Section>
          <Section id="challenges" title="Challenges submitted">
            <Loaded query={stats}>
              {(s) => <SubmittedChallenges items={s.recentChallenges ?? []} total={s.totalChallengesSubmitted} timeZone={timeZone} />}
            </Loaded>
          </Section>
        </div>
      </div>
    </div>
  );
}
