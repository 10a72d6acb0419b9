import "server-only";
import type { NodeSourceType } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { findPlaceById } from "./tree-place";
import { loadVersionTree } from "../../domain/version-tree";

/** The path from the course down to a node of the generic tree. */
export async function getNodeBreadcrumbs(deps: Deps, user: User, query: { courseId: string; nodeId: string }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const tree = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);
  const place = findPlaceById(tree, learner.course.id, query.nodeId);
  if (!place) throw notFound("Node not found in this course.");
  const { course } = learner;
  const items: { nodeId: string; nodeTitle: string; nodeSlug: string; sourceType: NodeSourceType }[] = [
    { nodeId: course.id, nodeTitle: course.name, nodeSlug: course.slug, sourceType: "videoCourse" },
  ];
  if (place.kind !== "course") items.push({ nodeId: place.chapter.id, nodeTitle: place.chapter.title, nodeSlug: place.chapter.slug, sourceType: "videoCourseChapter" });
  if (place.kind === "subChapter" || place.kind === "item")
    items.push({ nodeId: place.subChapter.id, nodeTitle: place.subChapter.title, nodeSlug: place.subChapter.slug, sourceType: "videoCourseSubChapter" });
  if (place.kind === "item") items.push({ nodeId: place.item.id, nodeTitle: place.item.title, nodeSlug: place.item.slug, sourceType: place.item.kind });
  return { items };
}
