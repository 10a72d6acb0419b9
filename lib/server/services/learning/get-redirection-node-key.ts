import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCourseView } from "./course-view";
import { itemMatches, type GenericNodeType } from "./generic-tree";
import { itemToContinue } from "../../domain/completion";

/** The node to open for a node type: where the learner left off among nodes of that type, else the first of them. */
export async function getRedirectionNodeKey(deps: Deps, user: User, body: { courseId: string; nodeType: GenericNodeType }) {
  const view = await loadCourseView(deps, user, body.courseId);
  const items = view.tree.items.filter((i) => itemMatches(i, body.nodeType));
  return { redirectionNodeKey: itemToContinue(items, view.progress, view.challenges)?.id ?? null };
}
