import { AppLink } from "@/components/ui/app-link";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import { formatDuration } from "@/lib/format-duration";
import { learningPathPath } from "@/lib/learning-path-address";
import { ProgressBar } from "@/components/ui/progress-bar";
import { card, muted, plural } from "./styles";

/** A program as a card that opens its learning path (the whole card is the link's target). */
export function ProgramCard({ program: p, progress }: { program: BundledProgram; progress?: { completedCourses: number; progressInPercentage: number } }) {
  return (
    <li className={`${card} relative flex flex-col gap-2 focus-within:ring-2 focus-within:ring-brand-600`}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{p.domain ?? "Program"}</span>
        {p.batchId && <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900">Your batch</span>}
      </div>
      <h3 className="text-lg leading-snug font-semibold">
        <AppLink href={learningPathPath(p)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none dark:hover:text-brand-100">
          {p.programName}
        </AppLink>
      </h3>
      {p.description && <p className={`line-clamp-2 text-sm ${muted}`}>{p.description}</p>}
      <p className="text-sm">
        {plural(p.totalCourses, "course")} · {formatDuration(p.totalCourseDurationInMinutes ?? 0)} of video
      </p>
      {progress && (
        <div className="mt-auto flex items-center gap-2 pt-1">
          <ProgressBar value={progress.progressInPercentage} label={`${p.programName} progress`} />
          <span className={`shrink-0 text-xs tabular-nums ${muted}`}>
            {progress.completedCourses} of {p.totalCourses} done
          </span>
        </div>
      )}
    </li>
  );
}
