import { useLocale, useTranslations } from "next-intl";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { courseEntryPath } from "@/lib/learning-address";
import { useDuration } from "@/components/i18n/use-duration";
import { LearnLink } from "@/components/learning/learn-link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { muted } from "./styles";

type Course = ProgramProgress["courses"][number];
type StepsText = ReturnType<typeof useTranslations<"learningPaths.steps">>;

/** The day a course opens ("1 Dec 2026" in English, day before month), kept in UTC. */
const dateOf = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/** What a course still needs before it counts, in words. */
function whatRemains(c: Course, t: StepsText): string {
  if (c.isCompleted) return t("completed");
  if (!c.isEnrolled) return t("notEnrolled");
  const videos = (c.totalVideosCount ?? 0) - (c.completedVideosCount ?? 0);
  const challenges = (c.totalChallengesCount ?? 0) - (c.completedChallengesCount ?? 0);
  if (videos && challenges) return t("bothLeft", { videos, challenges });
  if (videos) return t("videosLeft", { videos });
  if (challenges) return t("challengesLeft", { challenges });
  return t("nothingLeft");
}

function StepMark({ order, done, locked }: { order: number; done: boolean; locked: boolean }) {
  return (
    <span
      aria-hidden
      className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
        done ? "bg-success text-white" : "bg-slate-100 text-slate-800 ring-1 ring-slate-300 dark:bg-slate-700 dark:text-slate-100 dark:ring-slate-600"
      }`}
    >
      {locked ? (
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="4.5" y="9" width="11" height="8" rx="1.5" />
          <path d="M7 9V6.5a3 3 0 016 0V9" strokeLinecap="round" />
        </svg>
      ) : done ? (
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      ) : (
        order
      )}
    </span>
  );
}

/** A program's courses in order, each with its progress, what it still needs, and a link to its learning page. */
export function CourseSteps({ courses }: { courses: Course[] }) {
  const t = useTranslations("learningPaths.steps");
  const tPaths = useTranslations("learningPaths");
  const duration = useDuration();
  const locale = useLocale();
  return (
    <ol className="space-y-3" aria-label={t("label")}>
      {courses.map((c) => {
        const progress = Math.round(c.courseProgressInPercentage);
        return (
          <li key={c.courseId} className="flex gap-3" data-testid="path-course" data-locked={c.isLocked ? "true" : undefined}>
            <StepMark order={c.order} done={c.isCompleted} locked={Boolean(c.isLocked)} />
            <div className="min-w-0 flex-1 rounded-card bg-white p-4 ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <h3 className="font-semibold">
                  <span className="sr-only">
                    {c.isLocked ? t("lockedCourse", { order: c.order }) : t("course", { order: c.order })}{" "}
                  </span>
                  {c.slugId && !c.isLocked ? (
                    <LearnLink href={courseEntryPath(c.slugId)} className="hover:text-brand-700 hover:underline dark:hover:text-brand-100">
                      {c.courseName}
                    </LearnLink>
                  ) : (
                    c.courseName
                  )}
                </h3>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{t(`types.${c.courseType}`)}</span>
              </div>
              <p className={`mt-1 text-sm ${muted}`}>
                {c.videoTotalDurationInMinutes !== undefined && <>{t("ofVideo", { duration: duration(c.videoTotalDurationInMinutes) })} · </>}
                {c.isEnrolled
                  ? t("enrolledCounts", {
                      videosDone: c.completedVideosCount ?? 0,
                      videos: c.totalVideosCount ?? 0,
                      challengesDone: c.completedChallengesCount ?? 0,
                      challenges: c.totalChallengesCount ?? 0,
                    })
                  : t("counts", { videos: c.totalVideosCount ?? 0, challenges: c.totalChallengesCount ?? 0 })}
              </p>
              {c.isEnrolled && (
                <div className="mt-2 flex items-center gap-2">
                  <ProgressBar value={progress} label={tPaths("progress", { name: c.courseName })} />
                  <span className="w-10 shrink-0 text-right text-xs tabular-nums">{progress}%</span>
                </div>
              )}
              {c.isLocked ? (
                <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-800" data-testid="path-course-locked">
                  <span className="font-semibold">{t("locked")} </span>
                  {c.lockedMessage}
                </p>
              ) : (
                <p className={`mt-2 text-sm font-medium ${c.isCompleted ? "text-success dark:text-emerald-300" : ""}`} data-testid="path-course-status">
                  {c.enrollmentStartDate ? t("opensOn", { date: dateOf(c.enrollmentStartDate, locale) }) : whatRemains(c, t)}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
