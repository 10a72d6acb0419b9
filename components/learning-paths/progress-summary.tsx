import { useTranslations } from "next-intl";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import { ProgressBar } from "@/components/ui/progress-bar";
import { card, muted } from "./styles";

/** How a program's progress is counted: the one definition the API applies (docs/learning-paths.md). */
export function ProgressRules() {
  const t = useTranslations("learningPaths.summary");
  return <p className={`text-sm ${muted}`}>{t("rules")}</p>;
}

/** A program's progress, with which courses count and which remain. */
export function ProgressSummary({ progress: p }: { progress: ProgramProgress }) {
  const t = useTranslations("learningPaths");
  const done = p.courses.filter((c) => c.isCompleted);
  const remaining = p.courses.filter((c) => !c.isCompleted);
  return (
    <div className={`${card} space-y-3`} data-testid="path-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-3xl font-bold tabular-nums">{p.progressInPercentage}%</p>
        <p className="text-sm font-medium">
          {t("summary.completed", { done: p.completedCourses, total: p.totalCourses })}
        </p>
      </div>
      <ProgressBar value={p.progressInPercentage} label={t("progress", { name: p.programName })} />
      <ProgressRules />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">{t("summary.counted", { count: done.length })}</dt>
          <dd className={muted}>{done.length ? done.map((c) => c.courseName).join(", ") : t("summary.noneCompleted")}</dd>
        </div>
        <div>
          <dt className="font-semibold">{t("summary.remaining", { count: remaining.length })}</dt>
          <dd className={muted}>{remaining.length ? remaining.map((c) => c.courseName).join(", ") : t("summary.nothingRemaining")}</dd>
        </div>
      </dl>
    </div>
  );
}
