import "server-only";
import type { TreeNode, TreeNodeSummary } from "@/lib/contract/entities/learning";
import { isItemLocked } from "../../domain/course-access";
import type { CourseView } from "./course-view";
import { challengeStateOf, countItems, isItemCompleted, progressFigures, videoStateOf } from "../../domain/completion";
import type { Place } from "./tree-place";
import type { TreeItem } from "../../domain/version-tree";

export type GenericNodeType = "all" | "video" | "challenge" | "document";

/** Whether an item is of a generic node type. There are no reading documents yet: that type matches nothing. */
export function itemMatches(item: TreeItem, nodeType: GenericNodeType): boolean {
  if (nodeType === "all") return true;
  if (nodeType === "video") return item.kind === "video";
  if (nodeType === "challenge") return item.kind === "mcqBlock" || item.kind === "essayBlock";
  return false;
}

/** The node of the generic tree for a place, without children; figures count the matching items below it. */
export function summaryOf(view: CourseView, place: Place, order: number, nodeType: GenericNodeType): TreeNodeSummary {
  const { course, tree, progress, challenges, access } = view;
  const below = (place.kind === "course"
    ? tree.items
    : place.kind === "chapter"
      ? place.chapter.subChapters.flatMap((s) => s.items)
      : place.kind === "subChapter"
        ? place.subChapter.items
        : [place.item]
  ).filter((i) => itemMatches(i, nodeType));
  const base = {
    courseId: course.id,
    order,
    isLocked: below.length > 0 ? below.every((i) => isItemLocked(access, i)) : !access.open,
    videoCompletionState: videoStateOf(below, progress),
    challengeCompletionState: challengeStateOf(below, challenges),
    progressInPercentage: progressFigures(countItems(below, progress, challenges)).percent,
  };
  if (place.kind === "course") {
    return { ...base, nodeId: course.id, nodeTitle: course.name, nodeSlug: course.slug, sourceType: "videoCourse", sourceId: course.id, nodeType: "all", chapterId: null, subChapterId: null };
  }
  if (place.kind === "chapter") {
    const c = place.chapter;
    return { ...base, nodeId: c.id, nodeTitle: c.title, nodeSlug: c.slug, sourceType: "videoCourseChapter", sourceId: c.id, nodeType: "all", chapterId: c.id, subChapterId: null };
  }
  if (place.kind === "subChapter") {
    const s = place.subChapter;
    return { ...base, nodeId: s.id, nodeTitle: s.title, nodeSlug: s.slug, sourceType: "videoCourseSubChapter", sourceId: s.id, nodeType: "all", chapterId: s.chapterId, subChapterId: s.id };
  }
  const i = place.item;
  return {
    ...base,
    nodeId: i.id,
    nodeTitle: i.title,
    nodeSlug: i.slug,
    sourceType: i.kind,
    sourceId: i.id,
    nodeType: i.kind === "video" ? "video" : "challenge",
    chapterId: i.chapterId,
    subChapterId: i.subChapterId,
    progressInPercentage: isItemCompleted(i, progress, challenges) ? 100 : 0,
  };
}

/** The generic tree: chapters, sub-chapters, items; only branches holding items of the chosen type. */
export function genericTree(view: CourseView, nodeType: GenericNodeType): TreeNode[] {
  const out: TreeNode[] = [];
  for (const chapter of view.tree.chapters) {
    const subs: TreeNode[] = [];
    for (const subChapter of chapter.subChapters) {
      const items = subChapter.items
        .filter((i) => itemMatches(i, nodeType))
        .map((item, order): TreeNode => ({ ...summaryOf(view, { kind: "item", chapter, subChapter, item }, order, nodeType), children: [] }));
      if (!items.length) continue;
      subs.push({ ...summaryOf(view, { kind: "subChapter", chapter, subChapter }, subs.length, nodeType), children: items });
    }
    if (!subs.length) continue;
    out.push({ ...summaryOf(view, { kind: "chapter", chapter }, out.length, nodeType), children: subs });
  }
  return out;
}
