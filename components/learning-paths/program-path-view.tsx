"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { enrollInProgram, learningPathsQueries } from "@/lib/api/learning-paths";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { LEARNING_PATHS } from "@/lib/learning-path-address";
import { useDuration } from "@/components/i18n/use-duration";
import { useErrorText } from "@/components/i18n/use-error-text";
import { ErrorBlock as Failure } from "@/components/ui/error-block";
import { PageSkeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { CourseSteps } from "./course-steps";
import { ProgressSummary } from "./progress-summary";
import { card, muted } from "./styles";

/** Enrollment into the program: offered to a member of one of its batches while a course of it is not enrolled. */
function Enrollment({ progress: p }: { progress: ProgramProgress }) {
  const t = useTranslations("learningPaths.path");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const enroll = useMutation({
    mutationFn: () => enrollInProgram(p.batchId!, p.programId),
    onSuccess: async () => {
      showToast({ description: t("enrolledToast", { program: p.programName }), variant: "success" });
      await Promise.all(["learning-paths", "course", "dashboard"].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (err) => showToast({ description: errorText(err), variant: "destructive" }),
  });
  if (!p.batchId) {
    return (
      <p className={`${card} text-sm`} role="note">
        {t.rich("notInBatch", {
          link: (c) => (
            <AppLink href="/courses" className="font-semibold text-brand-700 underline dark:text-brand-100">
              {c}
            </AppLink>
          ),
        })}
      </p>
    );
  }
  const missing = p.courses.filter((c) => !c.isEnrolled).length;
  if (!missing) return null;
  return (
    <div className={`${card} flex flex-wrap items-center justify-between gap-3`}>
      <p className="text-sm">{missing === p.courses.length ? t("enrollAll") : t("enrollMissing", { count: missing })}</p>
      <button
        type="button"
        onClick={() => enroll.mutate()}
        disabled={enroll.isPending}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {enroll.isPending ? t("enrolling") : t("enroll")}
      </button>
    </div>
  );
}

/** A program's learning path: its courses in order, the learner's progress and what remains, and enrollment. */
export function ProgramPathView({ programId }: { programId: string }) {
  const t = useTranslations("learningPaths");
  const errorText = useErrorText();
  const duration = useDuration();
  const query = useQuery(learningPathsQueries.getCourseBundleProgress(programId));
  if (query.isPending) return <PageSkeleton label={t("path.loading")} />;
  if (query.isError) return <Failure message={errorText(query.error)} onRetry={() => query.refetch()} />;
  const p = query.data;
  return (
    <div className="space-y-6">
      <nav aria-label={t("path.breadcrumb")} className={`text-sm ${muted}`}>
        <AppLink href={LEARNING_PATHS} className="hover:underline">
          {t("path.learningPaths")}
        </AppLink>
        <span aria-hidden> / </span>
        <span aria-current="page">{p.programName}</span>
      </nav>
      <header className="space-y-2">
        <p className={`text-sm font-medium ${muted}`}>{p.domain ?? t("program")}</p>
        <h1 className="text-2xl font-bold">{p.programName}</h1>
        <p className="text-sm">
          {t("path.size", { count: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes ?? 0) })}
        </p>
        {p.description && <p className={`max-w-3xl ${muted}`}>{p.description}</p>}
      </header>
      <Enrollment progress={p} />
      <section aria-labelledby="path-progress-heading" className="space-y-3">
        <h2 id="path-progress-heading" className="text-lg font-semibold">
          {t("path.yourProgress")}
        </h2>
        <ProgressSummary progress={p} />
      </section>
      <section aria-labelledby="path-courses-heading" className="space-y-3">
        <h2 id="path-courses-heading" className="text-lg font-semibold">
          {t("path.coursesInOrder")}
        </h2>
        {p.isSequential && <p className={`text-sm ${muted}`}>{t("path.sequential")}</p>}
        {p.courses.length ? <CourseSteps courses={p.courses} /> : <p className={`${card} text-sm`}>{t("path.noCourse")}</p>}
      </section>
    </div>
  );
}
