import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import { learningPathPath } from "@/lib/learning-path-address";
import { useDuration } from "@/components/i18n/use-duration";
import { ProgressBar } from "@/components/ui/progress-bar";
import { card, muted } from "./styles";

/** A program as a card that opens its learning path (the whole card is the link's target). */
export function ProgramCard({ program: p, progress }: { program: BundledProgram; progress?: { completedCourses: number; progressInPercentage: number } }) {
  const t = useTranslations("learningPaths");
  const duration = useDuration();
  return (
    <li className={`${card} relative flex flex-col gap-2 focus-within:ring-2 focus-within:ring-brand-600`}>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-slate-100 px-2 py-0.5 font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">{p.domain ?? t("program")}</span>
        {p.batchId && <span className="rounded bg-brand-50 px-2 py-0.5 font-medium text-brand-900">{t("card.yourBatch")}</span>}
      </div>
      <h3 className="text-lg leading-snug font-semibold">
        <AppLink href={learningPathPath(p)} className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none dark:hover:text-brand-100">
          {p.programName}
        </AppLink>
      </h3>
      {p.description && <p className={`line-clamp-2 text-sm ${muted}`}>{p.description}</p>}
      <p className="text-sm">
        {t("size", { count: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes ?? 0) })}
      </p>
      {progress && (
        <div className="mt-auto flex items-center gap-2 pt-1">
          <ProgressBar value={progress.progressInPercentage} label={t("progress", { name: p.programName })} />
          <span className={`shrink-0 text-xs tabular-nums ${muted}`}>
            {t("card.done", { done: progress.completedCourses, total: p.totalCourses })}
          </span>
        </div>
      )}
    </li>
  );
}
