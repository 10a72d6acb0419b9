import "server-only";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { isItemLocked, type User } from "../../domain/course-access";
import { essayBlockBeforeAttempt, mcqBlockBeforeAttempt } from "../challenges";
import { loadCourseView } from "./course-view";
import { itemMatches, summaryOf, type GenericNodeType } from "./generic-tree";
import { itemToContinue } from "../../domain/completion";
import { findPlaceById, itemsOf } from "./tree-place";
import { videoPageData } from "./video-page";

/**
 * What the learning page shows for a node of the generic tree; a course part opens the item to
 * continue with inside it (among items of nodeType when given). Challenges are shown as before an
 * attempt: no questions, answers or model answer here.
 */
export async function getNodeData(deps: Deps, user: User, query: { courseId: string; nodeId: string; nodeType?: GenericNodeType }) {
  const view = await loadCourseView(deps, user, query.courseId);
  const place = findPlaceById(view.tree, view.course.id, query.nodeId);
  if (!place) throw notFound("Node not found in this course.");
  const nodeType = query.nodeType ?? "all";
  const item =
    place.kind === "item"
      ? place.item
      : itemToContinue(
          itemsOf(view.tree, place).filter((i) => itemMatches(i, nodeType)),
          view.progress,
          view.challenges,
        );
  if (!item) throw notFound("This part of the course has nothing to open yet.");
  const chapter = view.tree.chapterById.get(item.chapterId)!;
  const subChapter = view.tree.subChapterById.get(item.subChapterId)!;
  const node = summaryOf(view, { kind: "item", chapter, subChapter, item }, subChapter.items.indexOf(item), "all");
  const locked = isItemLocked(view.access, item);
  if (item.kind === "video") return { sourceType: "video" as const, node, data: await videoPageData(deps, user, view, item.id) };
  if (item.kind === "mcqBlock") return { sourceType: "mcqBlock" as const, node, data: await mcqBlockBeforeAttempt(deps.db, user.id, item, chapter, locked) };
  return { sourceType: "essayBlock" as const, node, data: await essayBlockBeforeAttempt(deps.db, item, locked) };
}
