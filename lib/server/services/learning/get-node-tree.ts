import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCourseView } from "./course-view";
import { genericTree, itemMatches, type GenericNodeType } from "./generic-tree";
import { countItems, progressFigures } from "../../domain/completion";

/** The course as a generic tree, keeping only branches with nodes of the chosen type. */
export async function getNodeTree(deps: Deps, user: User, query: { courseId: string; nodeType: GenericNodeType }) {
  const view = await loadCourseView(deps, user, query.courseId);
  const items = view.tree.items.filter((i) => itemMatches(i, query.nodeType));
  return {
    courseId: view.course.id,
    courseName: view.course.name,
    nodeType: query.nodeType,
    progressInPercentage: progressFigures(countItems(items, view.progress, view.challenges)).percent,
    nodes: genericTree(view, query.nodeType),
  };
}
