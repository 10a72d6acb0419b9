import "server-only";
import { eq } from "drizzle-orm";
import type { VideoCourseTree } from "@/lib/contract/entities/learning";
import type { Db } from "../../db/client";
import { chapters, courseVersions, scormItems, subChapters } from "../../db/schema";
import type { Deps } from "../../deps";
import type { User } from "../../domain/course-access";
import { isUuid } from "../../domain/ids";
import { notFound } from "../../errors";
import { loadCourseView } from "./course-view";
import { toVideoCourseTree, withStillNeeded } from "./get-video-tree";
import { stepsAround, type LearningPageLink } from "./load-learning-page";

export interface ScormLessonPage {
  courseId: string;
  /** The course tree, as GET /course/video/tree answers it, with the lesson among its sub-chapter's items. */
  tree: VideoCourseTree;
  title: string;
  chapterTitle: string;
  prev: LearningPageLink | null;
  next: LearningPageLink | null;
}

/** The course a SCORM item belongs to (in any of its versions); null when there is no such item. */
async function courseOfScormItem(db: Db, itemId: string): Promise<string | null> {
  if (!isUuid(itemId)) return null;
  const [row] = await db
    .select({ courseId: courseVersions.courseId })
    .from(scormItems)
    .innerJoin(subChapters, eq(subChapters.id, scormItems.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .where(eq(scormItems.id, itemId));
  return row?.courseId ?? null;
}

/**
 * The page of a SCORM item: its course's tree as the learner sees it, and the steps before and after
 * it in the course. The package itself is opened by the browser (openScormItem), which checks the
 * learner's access to it. An item the learner's version of the course does not hold is a 404.
 */
export async function loadScormLessonPage(deps: Deps, user: User, itemId: string): Promise<ScormLessonPage> {
  const courseId = await courseOfScormItem(deps.db, itemId);
  if (!courseId) throw notFound("This lesson was not found.");
  const view = await loadCourseView(deps, user, courseId);
  const tree = await withStillNeeded(deps, user, toVideoCourseTree(view));
  const item = tree.scormItems.find((s) => s.id === itemId);
  if (!item) throw notFound("This lesson is not in your version of the course.");
  const chapter = tree.chapters.find((c) => c.subChapters.some((s) => s.id === item.subChapterId));
  return { courseId: view.course.id, tree, title: item.title, chapterTitle: chapter?.title ?? "", ...stepsAround(tree, itemId) };
}
