import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import type { Deps } from "../../deps";
import { isItemLocked, loadLearnerCourse, type User } from "../../domain/course-access";
import { findPlace, itemsOf, type Place } from "./tree-place";
import { loadVersionTree, type TreeItem, type VersionTree } from "../../domain/version-tree";

type Direction = "prev" | "next";

/**
 * The item before or after a place among all items of the course in playing order, so that the
 * next of a chapter's last item is the next chapter's first. For a course part, next is its first
 * item and prev the item just before it. null at either end.
 */
export function neighbour(items: TreeItem[], tree: VersionTree, place: Place, direction: Direction): TreeItem | null {
  if (place.kind === "item") {
    const index = items.findIndex((i) => i.id === place.item.id);
    if (index < 0) return null;
    return items[direction === "next" ? index + 1 : index - 1] ?? null;
  }
  const inside = itemsOf(tree, place).filter((i) => items.includes(i));
  const first = inside[0];
  if (direction === "next") return first ?? null;
  if (!first) return null;
  return items[items.indexOf(first) - 1] ?? null;
}

/** The item before or after the current one in the course, across sub-chapter and chapter ends. */
export async function navigateVideo(deps: Deps, user: User, query: { courseId: string; id: string; type: LearnNodeType; direction: Direction }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const tree = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);
  const place = findPlace(tree, learner.course.id, query.id, query.type);
  const target = neighbour(tree.items, tree, place, query.direction);
  if (!target) return { direction: query.direction, target: null };
  const chapter = tree.chapterById.get(target.chapterId)!;
  const subChapter = tree.subChapterById.get(target.subChapterId)!;
  return {
    direction: query.direction,
    target: {
      id: target.id,
      type: target.kind,
      title: target.title,
      slug: target.slug,
      slugId: target.slugId,
      courseId: learner.course.id,
      chapterId: chapter.id,
      subChapterId: subChapter.id,
      chapterSlugId: chapter.slugId,
      subChapterSlugId: subChapter.slugId,
      isLocked: isItemLocked(learner.access, target),
    },
  };
}
