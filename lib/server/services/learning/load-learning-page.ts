import "server-only";
import type { VideoCourseTree, VideoPageData, VideoTreeItem } from "@/lib/contract/entities/learning";
import { lastVisitedPath, learnPath, placedItems, type LearnPlace } from "@/lib/learning-address";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { courseBatch, type User } from "../../domain/course-access";
import { loadCourseView } from "./course-view";
import { lastVisitedOf } from "./get-last-visited-node";
import { toVideoCourseTree, withStillNeeded } from "./get-video-tree";
import { videoPageData } from "./video-page";

export interface LearningPageLink {
  title: string;
  path: string;
}

export type LearningPage =
  | { kind: "redirect"; path: string }
  | {
      kind: "page";
      courseId: string;
      /** The course's cover picture, shown in the player's place until the player has loaded. */
      courseImage: string | null;
      /** The batch through which the learner takes the course, for the player's watch records. */
      batchId: string | null;
      /** The course tree, as GET /course/video/tree answers it. */
      tree: VideoCourseTree;
      item: VideoTreeItem;
      chapterTitle: string;
      /** For a video, what GET /course/video/data answers for it; null for a challenge. */
      video: VideoPageData | null;
      prev: LearningPageLink | null;
      next: LearningPageLink | null;
    };

/**
 * Everything one render of the learning page needs, from the course loaded once: the course and the
 * learner's enrollment, its tree with their progress, and the item's data; previous and next come
 * from the same tree. The address of a course resumes where the learner left off; an old or wrong
 * address (a title or place changed) answers with the item's address today. An item the learner's
 * version does not hold is a 404. `courseId` is the course the address names (findCourseForAddress).
 */
export async function loadLearningPage(
  deps: Deps,
  user: User,
  place: LearnPlace | { nodeType: "course"; courseSlugId: string },
  courseId: string,
): Promise<LearningPage> {
  const view = await loadCourseView(deps, user, courseId);

  if (place.nodeType === "course") {
    const path = lastVisitedPath(lastVisitedOf(view));
    if (!path) throw notFound("This course has no content yet.");
    return { kind: "redirect", path };
  }

  const tree = await withStillNeeded(deps, user, toVideoCourseTree(view));
  const items = placedItems(tree);
  const index = items.findIndex((p) => p.item.slugId === place.nodeSlugId);
  const current = items[index];
  if (!current) throw notFound("This page of the course was not found.");
  if (current.path !== learnPath(place)) return { kind: "redirect", path: current.path };

  const link = (i: number) => {
    const placed = items[i];
    return placed ? { title: placed.item.title, path: placed.path } : null;
  };
  return {
    kind: "page",
    courseId: view.course.id,
    courseImage: view.course.image,
    batchId: courseBatch(view)?.batchId ?? null,
    tree,
    item: current.item,
    chapterTitle: tree.chapters.find((c) => c.slugId === current.chapterSlugId)?.title ?? "",
    video: current.item.type === "video" ? await videoPageData(deps, user, view, current.item.id) : null,
    prev: link(index - 1),
    next: link(index + 1),
  };
}
