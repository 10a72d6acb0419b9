import { useEnrollmentNote } from "@/components/i18n/use-enrollment-note";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AppLink } from "@/components/ui/app-link";
import type { CourseCard as CourseCardData } from "@/lib/contract/entities/catalogue";
import { durationMessage } from "@/lib/i18n/duration";
import { courseEntryPath } from "@/lib/learning-address";
import { EnrollButton } from "./enroll-button";

/** The course type is shown where it means something: inside a program the learner takes, or a complimentary course (free to all). */
const showsType = (course: CourseCardData) => course.programId !== null || course.courseType === "complimentary";

/** A duration that never breaks across lines. */
const Nowrap = ({ children }: { children: ReactNode }) => <span className="whitespace-nowrap">{children}</span>;

/**
 * How a list's cover loads, by its place in the list: the first row's at once (the page's largest
 * picture is the first one, fetched first of all), the covers further down as they near the screen.
 */
export function coverLoading(index: number, perRow: number): { loading: "eager" | "lazy"; fetchPriority?: "high" } {
  if (index === 0) return { loading: "eager", fetchPriority: "high" };
  return { loading: index < perRow ? "eager" : "lazy" };
}

/**
 * The day a course opens, as the card shows it ("1 Dec 2026" in English, day before month); start
 * dates are whole days, kept in UTC.
 */
const startDay = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * One course of the catalogue, drawn by the server; only Enroll runs in the browser.
 * `cover`: how its cover loads (coverLoading); lazily when not said.
 */
export function CourseCard({ course, cover = { loading: "lazy" } }: { course: CourseCardData; cover?: ReturnType<typeof coverLoading> }) {
  const t = useTranslations("catalogue.card");
  const tDuration = useTranslations("common.duration");
  const locale = useLocale();
  const formatSeconds = (seconds: number) => {
    const { key, values } = durationMessage(seconds / 60);
    return tDuration(key, values);
  };
  const enrolled = course.isEnrolled;
  const progress = Math.round(course.courseProgressInPercentage);
  const enrollmentNote = useEnrollmentNote();
  const { status } = course.enrollmentState;
  const note = enrollmentNote(course.enrollmentState);
  const started = course.videoWatchedDurationInSeconds > 0 || progress > 0 || course.completedMcqCount > 0 || (course.completedSubjectiveCount ?? 0) > 0;
  // 100 % only once every video and challenge is completed: there is nothing left to continue.
  const completed = enrolled && course.courseProgressInPercentage === 100;
  const total = formatSeconds(course.videoTotalDurationInSeconds);

  return (
    <article className="render-near-view flex flex-col overflow-hidden rounded-card bg-white ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700" aria-labelledby={`course-${course.courseId}`}>
      {course.courseImage ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={course.courseImage}
          alt=""
          className="aspect-[16/7] w-full object-cover"
          loading={cover.loading}
          fetchPriority={cover.fetchPriority}
        />
      ) : (
        <div aria-hidden className="aspect-[16/7] w-full bg-gradient-to-br from-brand-600 to-brand-900" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2 text-xs">
          <span className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{course.domain}</span>
          {showsType(course) && <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900">{t(`types.${course.courseType}`)}</span>}
          {course.versions && course.versions.length > 1 && (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {course.versions.find((v) => v.versionId === course.versionId)?.versionName ?? t("versions", { count: course.versions.length })}
            </span>
          )}
        </div>
        <h3 id={`course-${course.courseId}`} className="text-lg leading-snug font-semibold">
          {course.courseName}
        </h3>
        <p className="line-clamp-2 text-sm text-ink-muted dark:text-ink-dark-muted">{course.description}</p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-ink-muted dark:text-ink-dark-muted">
          <div className="col-span-2">
            <dt className="sr-only">{t("video")}</dt>
            <dd data-testid="course-video-time">
              {started ? (
                t.rich("watched", { watched: formatSeconds(course.videoWatchedDurationInSeconds), total, nowrap: (c) => <Nowrap>{c}</Nowrap> })
              ) : (
                <Nowrap>{t("ofVideo", { total })}</Nowrap>
              )}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("chaptersLabel")}</dt>
            <dd>{t("chapters", { count: course.totalChaptersInCourse })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("quizzesLabel")}</dt>
            <dd>
              {enrolled ? `${course.completedMcqCount}/` : ""}
              {t("quizzes", { count: course.totalMcqCount })}
            </dd>
          </div>
          {course.totalSubjectiveCount != null && (
            <div>
              <dt className="sr-only">{t("essaysLabel")}</dt>
              <dd>
                {enrolled ? `${course.completedSubjectiveCount ?? 0}/` : ""}
                {t("essays", { count: course.totalSubjectiveCount })}
              </dd>
            </div>
          )}
        </dl>
        {enrolled && (
          <div className="flex items-center gap-2 text-sm">
            <div
              className="h-2 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
              role="progressbar"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={t("progress", { course: course.courseName })}
            >
              <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
            <span>{progress}%</span>
          </div>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-2" data-testid="course-action">
          {status === "open" ? (
            <AppLink href={courseEntryPath(course.slugId)} className={primaryAction}>
              {completed ? t("review") : started ? t("continue") : t("start")}
              <span className="sr-only"> {course.courseName}</span>
            </AppLink>
          ) : status === "canEnroll" ? (
            <EnrollButton courseId={course.courseId} slugId={course.slugId} courseName={course.courseName} className={enrollAction} />
          ) : status === "cannotEnroll" ? (
            <AppLink href={courseEntryPath(course.slugId)} className={enrollAction}>
              {t("viewCourse")}
              <span className="sr-only"> {course.courseName}</span>
            </AppLink>
          ) : null}
          {status === "notStarted" && course.enrollmentStartDate ? (
            <p className="text-sm">{t("starts", { date: startDay(course.enrollmentStartDate, locale) })}</p>
          ) : (
            status !== "open" && <p className="text-sm text-ink-muted dark:text-ink-dark-muted">{note}</p>
          )}
        </div>
      </div>
    </article>
  );
}

const primaryAction = "inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const enrollAction =
  "inline-block rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-100 dark:hover:bg-brand-900";
