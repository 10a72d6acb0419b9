import { useDuration } from "@/components/i18n/use-duration";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { EnrolledProgram } from "@/lib/contract/entities/dashboard";
import { learningPathPath } from "@/lib/learning-path-address";

import { ProgressBar, cardClass } from "./section";

export function EnrolledPrograms({ programs }: { programs: EnrolledProgram[] }) {
  const t = useTranslations("dashboard.programs");
  const duration = useDuration();
  if (!programs.length) return <p className={`${cardClass} text-sm text-ink-muted dark:text-ink-dark-muted`}>{t("empty")}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3">
      {programs.map((p) => (
        <li key={p.programId} className={cardClass}>
          <h3 className="font-semibold">
            <AppLink href={learningPathPath(p)} className="hover:text-brand-700 hover:underline dark:hover:text-brand-100">
              {p.programName}
            </AppLink>
          </h3>
          <p className="mt-0.5 text-sm text-ink-muted dark:text-ink-dark-muted">
            {t("detail", { completed: p.completedCourses, total: p.totalCourses, duration: duration(p.totalCourseDurationInMinutes) })}
          </p>
          <div className="mt-2 flex items-center gap-2">
            <ProgressBar value={p.progressInPercentage} label={t("progress", { program: p.programName })} />
            <span className="shrink-0 text-xs tabular-nums text-ink-muted dark:text-ink-dark-muted">{p.progressInPercentage}%</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
