import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { CourseCard } from "@/lib/contract/entities/catalogue";
import type { LastVisitedNode } from "@/lib/contract/entities/learning";
import { courseEntryPath, isLearnNodeType, learnPath } from "@/lib/learning-address";
import { ProgressBar, cardClass } from "./section";
import { LearnLink } from "@/components/learning/learn-link";

type Item = CourseCard & { lastVisited: LastVisitedNode };

/** The exact place to go back to: the item watched last, else the course's resume address. */
export function resumeHref(v: LastVisitedNode): string {
  if (v.nodeType && isLearnNodeType(v.nodeType) && v.chapterSlugId && v.subChapterSlugId && v.nodeSlugId) {
    return learnPath({ nodeType: v.nodeType, courseSlugId: v.courseSlugId, chapterSlugId: v.chapterSlugId, subChapterSlugId: v.subChapterSlugId, nodeSlugId: v.nodeSlugId });
  }
  return courseEntryPath(v.courseSlugId);
}

const at = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

export function ContinueLearning({ items }: { items: Item[] }) {
  const t = useTranslations("dashboard.continue");
  if (!items.length) {
    return (
      <p className={`${cardClass} text-ink-muted dark:text-ink-dark-muted`}>
        {t.rich("empty", {
          link: (chunks) => (
            <AppLink href="/courses" className="font-semibold text-brand-700 underline dark:text-brand-100">
              {chunks}
            </AppLink>
          ),
        })}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3">
      {items.map((c) => {
        const v = c.lastVisited;
        return (
          <li key={c.courseId} className={`${cardClass} flex flex-wrap items-center gap-4`}>
            <div className="min-w-0 flex-1 basis-64">
              <h3 className="font-semibold">{c.courseName}</h3>
              <p className="mt-0.5 truncate text-sm text-ink-muted dark:text-ink-dark-muted">
                {v.nodeTitle ?? t("start")}
                {v.chapterTitle ? ` · ${v.chapterTitle}` : ""}
                {v.resumeAtSeconds ? ` · ${t("resumeAt", { time: at(v.resumeAtSeconds) })}` : ""}
              </p>
              <div className="mt-2 flex items-center gap-2">
                <ProgressBar value={c.courseProgressInPercentage} label={t("progress", { course: c.courseName })} />
                <span className="shrink-0 text-xs tabular-nums text-ink-muted dark:text-ink-dark-muted">{Math.round(c.courseProgressInPercentage)}%</span>
              </div>
            </div>
            <LearnLink
              href={resumeHref(v)}
              aria-label={v.nodeTitle ? t("continueItem", { course: c.courseName, item: v.nodeTitle }) : t("continueCourse", { course: c.courseName })}
              className="shrink-0 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 max-mobile:w-full max-mobile:text-center"
            >
              {t("continue")}
            </LearnLink>
          </li>
        );
      })}
    </ul>
  );
}
