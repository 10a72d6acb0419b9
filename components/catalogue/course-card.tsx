"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { enrollInCourse } from "@/lib/api/catalogue";
import { errorMessage } from "@/lib/api/errors";
import type { CourseCard as CourseCardData } from "@/lib/contract/entities";
import { formatDuration } from "@/lib/format-duration";
import { courseEntryPath } from "@/lib/learning-address";
import { showToast } from "@/components/ui/toast-store";

const typeLabel: Record<CourseCardData["courseType"], string> = {
  mandatory: "Mandatory",
  nonMandatory: "Optional",
  complimentary: "Complimentary",
};

export function CourseCard({ course }: { course: CourseCardData }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const enroll = useMutation({
    mutationFn: () => enrollInCourse(course.courseId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["course"] });
      router.push(courseEntryPath(course.slugId));
    },
    onError: (err) => showToast({ description: errorMessage(err), variant: "destructive" }),
  });
  const progress = Math.round(course.courseProgressInPercentage);
  const scheduled = course.enrollmentStartDate && new Date(course.enrollmentStartDate) > new Date();

  return (
    <article className="flex flex-col overflow-hidden rounded-card bg-white ring-1 ring-slate-200 dark:bg-surface-dark-muted dark:ring-slate-700" aria-labelledby={`course-${course.courseId}`}>
      {course.courseImage ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={course.courseImage} alt="" className="aspect-[16/7] w-full object-cover" loading="lazy" />
      ) : (
        <div aria-hidden className="flex aspect-[16/7] w-full items-end bg-gradient-to-br from-brand-600 to-brand-900 p-3 text-sm font-semibold text-white/90">
          {course.domain}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-2 text-xs">
          <span className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{course.domain}</span>
          <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900">{typeLabel[course.courseType]}</span>
          {course.versions && course.versions.length > 1 && (
            <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800 dark:bg-slate-700 dark:text-slate-100">
              {course.versions.find((v) => v.versionId === course.versionId)?.versionName ?? `${course.versions.length} versions`}
            </span>
          )}
        </div>
        <h3 id={`course-${course.courseId}`} className="text-lg leading-snug font-semibold">
          {course.courseName}
        </h3>
        <p className="line-clamp-2 text-sm text-ink-muted dark:text-ink-dark-muted">{course.description}</p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-ink-muted dark:text-ink-dark-muted">
          <div>
            <dt className="sr-only">Video</dt>
            <dd>
              {course.isEnrolled
                ? `${formatDuration(course.videoWatchedDurationInMinutes)} of ${formatDuration(course.videoTotalDurationInMinutes)}`
                : formatDuration(course.videoTotalDurationInMinutes)}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Chapters</dt>
            <dd>{course.totalChaptersInCourse} chapters</dd>
          </div>
          <div>
            <dt className="sr-only">Multiple-choice blocks</dt>
            <dd>
              {course.isEnrolled ? `${course.completedMcqCount}/` : ""}
              {course.totalMcqCount} quizzes
            </dd>
          </div>
          {course.totalSubjectiveCount != null && (
            <div>
              <dt className="sr-only">Essay challenges</dt>
              <dd>
                {course.isEnrolled ? `${course.completedSubjectiveCount ?? 0}/` : ""}
                {course.totalSubjectiveCount} essays
              </dd>
            </div>
          )}
        </dl>
        {course.isEnrolled && (
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
        <div className="mt-auto pt-2">
          {course.isEnrolled ? (
            scheduled ? (
              <p className="text-sm">Starts {new Date(course.enrollmentStartDate!).toLocaleDateString()}</p>
            ) : (
              <Link
                href={courseEntryPath(course.slugId)}
                className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {progress > 0 ? "Continue" : "Start"}
                <span className="sr-only"> {course.courseName}</span>
              </Link>
            )
          ) : (
            <button
              type="button"
              onClick={() => enroll.mutate()}
              disabled={enroll.isPending}
              className="rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:text-brand-100 dark:hover:bg-brand-900"
            >
              {enroll.isPending ? "Enrolling…" : "Enroll"}
              <span className="sr-only"> in {course.courseName}</span>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
