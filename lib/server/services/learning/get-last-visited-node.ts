import "server-only";
import type { LastVisitedNode } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCourseView, type CourseView } from "./course-view";
import { lastWatchedVideoId, resumeAt } from "../../domain/completion";

/** Where the learner left off in a course (the video watched last), or its first item on a first visit. */
export async function getLastVisitedNode(deps: Deps, user: User, courseId: string): Promise<LastVisitedNode> {
  return lastVisitedOf(await loadCourseView(deps, user, courseId));
}

/** Where the learner left off, from a course view already loaded. */
export function lastVisitedOf(view: CourseView): LastVisitedNode {
  const lastId = lastWatchedVideoId(view.progress);
  const item = (lastId ? view.tree.itemById.get(lastId) : undefined) ?? view.tree.items[0];
  const chapter = item ? view.tree.chapterById.get(item.chapterId) : undefined;
  const sub = item ? view.tree.subChapterById.get(item.subChapterId) : undefined;
  const progress = lastId ? view.progress.get(lastId) : undefined;
  return {
    courseId: view.course.id,
    versionId: view.versionId,
    courseSlug: view.course.slug,
    courseSlugId: view.course.slugId,
    isFirstVisit: !progress,
    chapterId: chapter?.id ?? null,
    chapterTitle: chapter?.title ?? null,
    chapterSlugId: chapter?.slugId ?? null,
    subChapterId: sub?.id ?? null,
    subChapterSlugId: sub?.slugId ?? null,
    nodeId: item?.id ?? null,
    nodeType: item?.kind ?? null,
    nodeTitle: item?.title ?? null,
    nodeSlugId: item?.slugId ?? null,
    resumeAtSeconds: item?.kind === "video" ? resumeAt(progress, item.durationSeconds) : null,
    lastVisitedAt: progress ? progress.updatedAt.toISOString() : null,
  };
}
