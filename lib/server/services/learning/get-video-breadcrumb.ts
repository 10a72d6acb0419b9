import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { findPlace } from "./tree-place";
import { loadVersionTree } from "../../domain/version-tree";

type Crumb = { id: string; type: LearnNodeType; title: string; slug: string; slugId: string };

/** The path from the course down to a node of the video tree. */
export async function getVideoBreadcrumb(deps: Deps, user: User, query: { courseId: string; id: string; type: LearnNodeType }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const tree = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);
  const place = findPlace(tree, learner.course.id, query.id, query.type);
  const { course } = learner;
  const items: Crumb[] = [{ id: course.id, type: "videoCourse", title: course.name, slug: course.slug, slugId: course.slugId }];
  if (place.kind !== "course") {
    const c = place.chapter;
    items.push({ id: c.id, type: "videoCourseChapter", title: c.title, slug: c.slug, slugId: c.slugId });
  }
  if (place.kind === "subChapter" || place.kind === "item") {
    const s = place.subChapter;
    items.push({ id: s.id, type: "videoCourseSubChapter", title: s.title, slug: s.slug, slugId: s.slugId });
  }
  if (place.kind === "item") {
    const i = place.item;
    items.push({ id: i.id, type: i.kind, title: i.title, slug: i.slug, slugId: i.slugId });
  }
  return { items };
}
