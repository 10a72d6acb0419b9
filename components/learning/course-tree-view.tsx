import { useStillNeededText } from "@/components/i18n/use-still-needed-text";
import { BookOpen, Check, CirclePlay, ListChecks, Lock, MonitorPlay, PenLine, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { StillNeededItem } from "@/lib/contract/entities/shared";
import { scormItemPath, subChapterEntries, treeItemPath } from "@/lib/learning-address";
import { useDuration } from "@/components/i18n/use-duration";
import { LinkPending } from "@/components/ui/link-pending";
import { LearnLink } from "./learn-link";

const itemIcon: Record<VideoTreeItem["type"], LucideIcon> = { video: CirclePlay, mcqBlock: ListChecks, essayBlock: PenLine };

/**
 * The course's chapters, sub-chapters and items, with completion ticks, the current item and the last
 * one watched. Drawn by the server with the page, and by the browser once the tree has changed (course-tree.tsx).
 */
export function CourseTreeView({ tree, currentItemId }: { tree: VideoCourseTree; currentItemId: string }) {
  const t = useTranslations("learn.tree");
  return (
    <nav aria-label={t("label")} className="text-sm">
      <div className="mb-3 px-1">
        <p className="font-semibold">{tree.title}</p>
        <div className="mt-2 flex items-center gap-2">
          <div className="h-2 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full bg-brand-600" style={{ width: `${tree.courseProgressInPercentage}%` }} />
          </div>
          <span data-testid="course-progress">{Math.round(tree.courseProgressInPercentage)}%</span>
        </div>
        {tree.stillNeeded && tree.stillNeeded.length > 0 && <StillNeededList items={tree.stillNeeded} />}
      </div>
      <ol className="space-y-2">
        {tree.chapters.map((chapter) => {
          const open =
            chapter.subChapters.some((s) => s.items.some((i) => i.id === currentItemId)) ||
            tree.scormItems.some((s) => s.id === currentItemId && chapter.subChapters.some((sub) => sub.id === s.subChapterId)) ||
            chapter.doesNodeHaveLastVisitedVideo;
          return (
            <li key={chapter.id}>
              <details open={open} className="group rounded-md">
                <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
                  <BookOpen aria-hidden className="h-4 w-4 shrink-0" />
                  <span className="flex-1">{chapter.title}</span>
                  {chapter.videoCompletionState === "completed" && <Check role="img" aria-label={t("chapterCompleted")} className="h-4 w-4 shrink-0 text-success dark:text-emerald-300" />}
                </summary>
                <ol className="mt-1 space-y-2 pl-3">
                  {chapter.subChapters.map((sub) => (
                    <li key={sub.id}>
                      <p className="px-2 pt-1 text-xs font-semibold tracking-wide text-ink-muted uppercase dark:text-ink-dark-muted">{sub.title}</p>
                      <ol>
                        {subChapterEntries(sub, tree.scormItems).map((entry) =>
                          entry.kind === "item" ? (
                            <TreeItemLink key={entry.item.id} item={entry.item} href={treeItemPath(tree.slugId, chapter.slugId, sub.slugId, entry.item)} current={entry.item.id === currentItemId} />
                          ) : (
                            <ScormItemLink key={entry.scorm.id} item={entry.scorm} current={entry.scorm.id === currentItemId} />
                          ),
                        )}
                      </ol>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const linkClass = (current: boolean) =>
  `flex items-start gap-2 rounded-md px-2 py-1.5 ${current ? "bg-brand-50 font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-50" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`;

/** An item of the learning page: its kind, completion, lock and length. */
function TreeItemLink({ item, href, current }: { item: VideoTreeItem; href: string; current: boolean }) {
  const t = useTranslations("learn.tree");
  const duration = useDuration();
  const done = item.completionState === "completed";
  const Icon = done ? Check : itemIcon[item.type];
  return (
    <li>
      <LearnLink href={href} aria-current={current ? "page" : undefined} data-completed={done ? "true" : "false"} className={linkClass(current)}>
        <Icon aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${done ? "text-success dark:text-emerald-300" : ""}`} />
        <span className="flex-1">
          {item.title}
          <span className="sr-only">
            {" "}
            {t("itemState", { kind: t(`kind.${item.type}`), done: done ? "yes" : "no", locked: item.isLocked ? "yes" : "no" })}
          </span>
          {item.isLastVisited && !current && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{t("lastWatched")}</span>}
        </span>
        <LinkPending className="mt-0.5" />
        <span className={`shrink-0 text-xs ${current ? "" : "text-ink-muted dark:text-ink-dark-muted"}`}>
          {item.isLocked ? <Lock aria-hidden className="h-3.5 w-3.5" /> : duration(item.durationInMinutes)}
        </span>
      </LearnLink>
    </li>
  );
}

/** A SCORM lesson: played on its own page, beside this tree. */
function ScormItemLink({ item, current }: { item: VideoCourseTree["scormItems"][number]; current: boolean }) {
  const t = useTranslations("learn.tree");
  const done = item.completionState === "completed";
  const Icon = done ? Check : MonitorPlay;
  return (
    <li>
      <LearnLink href={scormItemPath(item.id)} aria-current={current ? "page" : undefined} data-completed={done ? "true" : "false"} className={linkClass(current)}>
        <Icon aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${done ? "text-success dark:text-emerald-300" : ""}`} />
        <span className="flex-1">
          {item.title}
          <span className="sr-only"> {t("scormState", { done: done ? "yes" : "no" })}</span>
        </span>
        <LinkPending className="mt-0.5" />
      </LearnLink>
    </li>
  );
}

/** How many things still needed show before the rest is folded away. */
const SHOWN_NEEDED = 4;

/** What the learner still has to do to complete the course (docs/completion.md), the challenges first. */
function StillNeededList({ items }: { items: StillNeededItem[] }) {
  const t = useTranslations("learn.tree");
  const neededText = useStillNeededText();
  const ordered = [...items.filter((i) => i.kind !== "video"), ...items.filter((i) => i.kind === "video")];
  const shown = ordered.slice(0, SHOWN_NEEDED);
  const rest = ordered.length - shown.length;
  return (
    <details className="mt-2 rounded-md bg-slate-50 px-2 py-1.5 text-xs dark:bg-slate-800" data-testid="still-needed" open={items.some((i) => i.kind !== "video")}>
      <summary className="cursor-pointer font-semibold">{t("stillNeeded", { count: items.length })}</summary>
      <ul className="mt-1 list-disc space-y-1 pl-4">
        {shown.map((i) => (
          <li key={i.id}>{neededText(i)}</li>
        ))}
        {rest > 0 && <li>{t("andMore", { rest })}</li>}
      </ul>
    </details>
  );
}
