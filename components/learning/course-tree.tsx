"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { learnQueries } from "@/lib/api/learning";
import type { VideoTreeItem } from "@/lib/contract/entities";
import { treeItemPath } from "@/lib/learning-address";
import { formatDuration } from "@/lib/format-duration";
import { LearnLink } from "./learn-link";

const itemIcon: Record<VideoTreeItem["type"], string> = { video: "▶", mcqBlock: "☑", essayBlock: "✎" };
const itemKind: Record<VideoTreeItem["type"], string> = { video: "Video", mcqBlock: "Multiple-choice block", essayBlock: "Essay challenge" };

/** The course's chapters, sub-chapters and items, with completion ticks, the current item and the last one watched. */
export function CourseTree({ courseId, currentItemId }: { courseId: string; currentItemId: string }) {
  const { data: tree } = useSuspenseQuery(learnQueries.tree(courseId));
  return (
    <nav aria-label="Course contents" className="text-sm">
      <div className="mb-3 px-1">
        <p className="font-semibold">{tree.title}</p>
        <div className="mt-2 flex items-center gap-2">
          <div className="h-2 flex-1 overflow-hidden rounded bg-slate-200 dark:bg-slate-700" aria-hidden>
            <div className="h-full bg-brand-600" style={{ width: `${tree.courseProgressInPercentage}%` }} />
          </div>
          <span data-testid="course-progress">{Math.round(tree.courseProgressInPercentage)}%</span>
        </div>
      </div>
      <ol className="space-y-2">
        {tree.chapters.map((chapter) => {
          const open = chapter.subChapters.some((s) => s.items.some((i) => i.id === currentItemId)) || chapter.doesNodeHaveLastVisitedVideo;
          return (
            <li key={chapter.id}>
              <details open={open} className="group rounded-md">
                <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800">
                  <span aria-hidden>{chapter.emoji ?? "📘"}</span>
                  <span className="flex-1">{chapter.title}</span>
                  {chapter.videoCompletionState === "completed" && <span className="text-success" aria-label="Chapter completed">✓</span>}
                </summary>
                <ol className="mt-1 space-y-2 pl-3">
                  {chapter.subChapters.map((sub) => (
                    <li key={sub.id}>
                      <p className="px-2 pt-1 text-xs font-semibold tracking-wide text-ink-muted uppercase dark:text-ink-dark-muted">{sub.title}</p>
                      <ol>
                        {sub.items.map((item) => {
                          const current = item.id === currentItemId;
                          const done = item.completionState === "completed";
                          return (
                            <li key={item.id}>
                              <LearnLink
                                href={treeItemPath(tree.slugId, chapter.slugId, sub.slugId, item)}
                                aria-current={current ? "page" : undefined}
                                data-completed={done ? "true" : "false"}
                                className={`flex items-start gap-2 rounded-md px-2 py-1.5 ${
                                  current ? "bg-brand-50 font-semibold text-brand-900 dark:bg-brand-900 dark:text-brand-50" : "hover:bg-slate-100 dark:hover:bg-slate-800"
                                }`}
                              >
                                <span aria-hidden className="w-4 shrink-0 text-center">
                                  {done ? <span className="text-success">✓</span> : itemIcon[item.type]}
                                </span>
                                <span className="flex-1">
                                  {item.title}
                                  <span className="sr-only">
                                    {" "}
                                    ({itemKind[item.type]}
                                    {done ? ", completed" : ""}
                                    {item.isLocked ? ", locked" : ""})
                                  </span>
                                  {item.isLastVisited && !current && (
                                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Last watched</span>
                                  )}
                                </span>
                                <span className={`shrink-0 text-xs ${current ? "" : "text-ink-muted dark:text-ink-dark-muted"}`}>
                                  {item.isLocked ? "🔒" : formatDuration(item.durationInMinutes)}
                                </span>
                              </LearnLink>
                            </li>
                          );
                        })}
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
