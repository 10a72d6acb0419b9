import "server-only";
import type { TreeNodeSummary } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import type { User } from "../../domain/user";
import { loadCourseView } from "./course-view";
import { itemMatches, summaryOf, type GenericNodeType } from "./generic-tree";
import { findPlaceById } from "./tree-place";
import { neighbour } from "./navigate-video";

/** The node before or after the current one in the generic tree, among items of the chosen type. */
export async function navigateNode(
  deps: Deps,
  user: User,
  query: { courseId: string; nodeId: string; nodeType: GenericNodeType; direction: "prev" | "next" },
): Promise<{ direction: "prev" | "next"; target: TreeNodeSummary | null }> {
  const view = await loadCourseView(deps, user, query.courseId);
  const place = findPlaceById(view.tree, view.course.id, query.nodeId);
  if (!place) throw notFound("Node not found in this course.");
  const items = view.tree.items.filter((i) => itemMatches(i, query.nodeType));
  let target;
  if (place.kind === "item" && !itemMatches(place.item, query.nodeType)) {
    // The current item is of another type: move from its position in the whole course.
    const all = view.tree.items;
    const at = all.indexOf(place.item);
    const after = all.slice(at + 1).find((i) => itemMatches(i, query.nodeType));
    const before = all.slice(0, at).reverse().find((i) => itemMatches(i, query.nodeType));
    target = (query.direction === "next" ? after : before) ?? null;
  } else {
    target = neighbour(items, view.tree, place, query.direction);
  }
  if (!target) return { direction: query.direction, target: null };
  const chapter = view.tree.chapterById.get(target.chapterId)!;
  const subChapter = view.tree.subChapterById.get(target.subChapterId)!;
  return {
    direction: query.direction,
    target: summaryOf(view, { kind: "item", chapter, subChapter, item: target }, subChapter.items.filter((i) => itemMatches(i, query.nodeType)).indexOf(target), query.nodeType),
  };
}
