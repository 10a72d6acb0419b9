import { AppLink } from "@/components/ui/app-link";
import type { CourseCard as CourseCardData } from "@/lib/contract/entities/catalogue";
import { formatSeconds } from "@/lib/format-duration";
import { plural } from "@/lib/plural";
import { courseEntryPath } from "@/lib/learning-address";
import { EnrollButton } from "./enroll-button";

const typeLabel: Record<CourseCardData["courseType"], string> = {
  mandatory: "Mandatory",
  nonMandatory: "Optional",
  complimentary: "Complimentary",
};

/** The course type is shown where it means something: inside a program the learner takes, or a complimentary course (free to all). */
const showsType = (course: CourseCardData) => course.programId !== null || course.courseType === "complimentary";

/** A duration that never breaks across lines. */
const Nowrap = ({ children }: { children: string }) => <span className="whitespace-nowrap">{children}</span>;

/**
 * How a list's cover loads, by its place in the list: the first row's at once (the page's largest
 * picture is the first one, fetched first of all), the covers further down as they near the screen.
 */
export function coverLoading(index: number, perRow: number): { loading: "eager" | "lazy"; fetchPriority?: "high" } {
  if (index === 0) return { loading: "eager", fetchPriority: "high" };
  return { loading: index < perRow ? "eager" : "lazy" };
}

/** The day a course opens, as the card shows it ("1 Dec 2026"); start dates are whole days, kept in UTC. */
const startDay = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * One course of the catalogue, drawn by the server; only Enroll runs in the browser.
 * `cover`: how its cover loads (coverLoading); lazily when not said.
 */
export function CourseCard({ course, cover = { loading: "lazy" } }: { course: CourseCardData; cover?: ReturnType<typeof coverLoading> }) {
  const enrolled = course.isEnrolled;
  const progress = Math.round(course.courseProgressInPercentage);
  const { status, note } = course.enrollmentState;
  const started = course.videoWatchedDurationInSeconds > 0 || progress > 0 || course.completedMcqCount > 0 || (course.completedSubjectiveCount ?? 0) > 0;
  // 100 % only once every video and challenge is completed: there is nothing left to continue.
  const completed = enrolled && course.courseProgressInPercentage === 100;
  const total = formatSeconds(course.videoTotalDurationInSeconds);

  return (
    <article className="flex flex-col overflow-hidden rounded-card bg-white ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700" aria-labelledby={`course-${course.courseId}`}>
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
          {showsType(course) && <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900">{typeLabel[course.courseType]}</span>}
          {course.versions && course.versions.length > 1 && (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {course.versions.find((v) => v.versionId === course.versionId)?.versionName ?? plural(course.versions.length, "version")}
            </span>
          )}
        </div>
        <h3 id={`course-${course.courseId}`} className="text-lg leading-snug font-semibold">
          {course.courseName}
        </h3>
        <p className="line-clamp-2 text-sm text-ink-muted dark:text-ink-dark-muted">{course.description}</p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-ink-muted dark:text-ink-dark-muted">
          <div className="col-span-2">
            <dt className="sr-only">Video</dt>
            <dd data-testid="course-video-time">
              {started ? (
                <>
                  <Nowrap>{formatSeconds(course.videoWatchedDurationInSeconds)}</Nowrap> of <Nowrap>{total}</Nowrap> watched
                </>
              ) : (
                <Nowrap>{`${total} of video`}</Nowrap>
              )}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Chapters</dt>
            <dd>{plural(course.totalChaptersInCourse, "chapter")}</dd>
          </div>
          <div>
            <dt className="sr-only">Multiple-choice blocks</dt>
            <dd>
              {enrolled ? `${course.completedMcqCount}/` : ""}
              {plural(course.totalMcqCount, "quiz", "quizzes")}
            </dd>
          </div>
          {course.totalSubjectiveCount != null && (
            <div>
              <dt className="sr-only">Essay challenges</dt>
              <dd>
                {enrolled ? `${course.completedSubjectiveCount ?? 0}/` : ""}
                {plural(course.totalSubjectiveCount, "essay")}
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
              aria-label={`${course.courseName} progress`}
            >
              <div className="h-full bg-brand-600" style={{ width: `${progress}%` }} />
            </div>
            <span>{progress}%</span>
          </div>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-2" data-testid="course-action">
          {status === "open" ? (
            <AppLink href={courseEntryPath(course.slugId)} className={primaryAction}>
              {completed ? "Review" : started ? "Continue" : "Start"}
              <span className="sr-only"> {course.courseName}</span>
            </AppLink>
          ) : status === "canEnroll" ? (
            <EnrollButton courseId={course.courseId} slugId={course.slugId} courseName={course.courseName} className={enrollAction} />
          ) : status === "cannotEnroll" ? (
            <AppLink href={courseEntryPath(course.slugId)} className={enrollAction}>
              View course
              <span className="sr-only"> {course.courseName}</span>
            </AppLink>
          ) : null}
          {status === "notStarted" && course.enrollmentStartDate ? (
            <p className="text-sm">Starts {startDay(course.enrollmentStartDate)}</p>
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
