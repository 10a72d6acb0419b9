"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/app-link";
import { errorMessage } from "@/lib/api/errors";
import { enrollInProgram, learningPathsQueries } from "@/lib/api/learning-paths";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { formatDuration } from "@/lib/format-duration";
import { LEARNING_PATHS } from "@/lib/learning-path-address";
import { ErrorBlock as Failure } from "@/components/ui/error-block";
import { PageSkeleton } from "@/components/ui/skeleton";
import { showToast } from "@/components/ui/toast-store";
import { CourseSteps } from "./course-steps";
import { ProgressSummary } from "./progress-summary";
import { card, muted, plural } from "./styles";

/** Enrollment into the program: offered to a member of one of its batches while a course of it is not enrolled. */
function Enrollment({ progress: p }: { progress: ProgramProgress }) {
  const queryClient = useQueryClient();
  const enroll = useMutation({
    mutationFn: () => enrollInProgram(p.batchId!, p.programId),
    onSuccess: async (res) => {
      showToast({ description: res.message, variant: "success" });
      await Promise.all(["learning-paths", "course", "dashboard"].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (err) => showToast({ description: errorMessage(err), variant: "destructive" }),
  });
  if (!p.batchId) {
    return (
      <p className={`${card} text-sm`} role="note">
        This program is taken with a batch, and you are not in one of its batches. Your organisation adds you to one; until then you can open its
        courses one by one from the <AppLink href="/courses" className="font-semibold text-brand-700 underline dark:text-brand-100">catalogue</AppLink>.
      </p>
    );
  }
  const missing = p.courses.filter((c) => !c.isEnrolled).length;
  if (!missing) return null;
  return (
    <div className={`${card} flex flex-wrap items-center justify-between gap-3`}>
      <p className="text-sm">
        Your batch takes this program. Enroll to open {missing === p.courses.length ? "its courses" : `the ${plural(missing, "course")} you are not enrolled in yet`}.
      </p>
      <button
        type="button"
        onClick={() => enroll.mutate()}
        disabled={enroll.isPending}
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {enroll.isPending ? "Enrolling…" : "Enroll in this program"}
      </button>
    </div>
  );
}

/** A program's learning path: its courses in order, the learner's progress and what remains, and enrollment. */
export function ProgramPathView({ programId }: { programId: string }) {
  const query = useQuery(learningPathsQueries.getCourseBundleProgress(programId));
  if (query.isPending) return <PageSkeleton label="Loading the learning path" />;
  if (query.isError) return <Failure message={errorMessage(query.error)} onRetry={() => query.refetch()} />;
  const p = query.data;
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className={`text-sm ${muted}`}>
        <AppLink href={LEARNING_PATHS} className="hover:underline">
          Learning paths
        </AppLink>
        <span aria-hidden> / </span>
        <span aria-current="page">{p.programName}</span>
      </nav>
      <header className="space-y-2">
        <p className={`text-sm font-medium ${muted}`}>{p.domain ?? "Program"}</p>
        <h1 className="text-2xl font-bold">{p.programName}</h1>
        <p className="text-sm">
          {plural(p.totalCourses, "course")} in order · {formatDuration(p.totalCourseDurationInMinutes ?? 0)} of video
        </p>
        {p.description && <p className={`max-w-3xl ${muted}`}>{p.description}</p>}
      </header>
      <Enrollment progress={p} />
      <section aria-labelledby="path-progress-heading" className="space-y-3">
        <h2 id="path-progress-heading" className="text-lg font-semibold">
          Your progress
        </h2>
        <ProgressSummary progress={p} />
      </section>
      <section aria-labelledby="path-courses-heading" className="space-y-3">
        <h2 id="path-courses-heading" className="text-lg font-semibold">
          Courses, in order
        </h2>
        {p.isSequential && <p className={`text-sm ${muted}`}>Take the mandatory courses in this order: each opens once the ones before it are completed.</p>}
        {p.courses.length ? <CourseSteps courses={p.courses} /> : <p className={`${card} text-sm`}>This program has no course yet.</p>}
      </section>
    </div>
  );
}
