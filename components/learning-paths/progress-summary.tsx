import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { ProgressBar } from "@/components/ui/progress-bar";
import { card, muted } from "./styles";

/** How a program's progress is counted: the one definition the API applies (docs/learning-paths.md). */
export function ProgressRules() {
  return (
    <p className={`text-sm ${muted}`}>
      Your progress is the share of the program’s courses you have completed. A course counts once every video in it is watched to 90% (or marked
      complete) and every quiz and essay in it is submitted. A course you are not enrolled in counts as not done.
    </p>
  );
}

/** A program's progress, with which courses count and which remain. */
export function ProgressSummary({ progress: p }: { progress: ProgramProgress }) {
  const done = p.courses.filter((c) => c.isCompleted);
  const remaining = p.courses.filter((c) => !c.isCompleted);
  return (
    <div className={`${card} space-y-3`} data-testid="path-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-3xl font-bold tabular-nums">{p.progressInPercentage}%</p>
        <p className="text-sm font-medium">
          {p.completedCourses} of {p.totalCourses} courses completed
        </p>
      </div>
      <ProgressBar value={p.progressInPercentage} label={`${p.programName} progress`} />
      <ProgressRules />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Counted ({done.length})</dt>
          <dd className={muted}>{done.length ? done.map((c) => c.courseName).join(", ") : "No course completed yet"}</dd>
        </div>
        <div>
          <dt className="font-semibold">Still to complete ({remaining.length})</dt>
          <dd className={muted}>{remaining.length ? remaining.map((c) => c.courseName).join(", ") : "Nothing: the program is complete"}</dd>
        </div>
      </dl>
    </div>
  );
}
