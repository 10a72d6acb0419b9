import "server-only";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { courseBatch, findCourseIdBySlugId, loadLearnerCourse, type User } from "../../domain/course-access";
import { loadVersionTree } from "../../domain/version-tree";

/**
 * Turns the slug ids of a learning-page address into ids, in the learner's version of the course.
 * Slug ids are stable when titles change; an item found by its slug id gives its real chapter and
 * sub-chapter, so an address with an old or wrong part resolves and the client redirects to the
 * item's address today. A slug id that names nothing is a 404.
 */
export async function resolveCourseSlugs(
  deps: Deps,
  user: User,
  query: { videoCourseSlugId: string; chapterSlugId?: string; subChapterSlugId?: string; nodeSlugId?: string; batchId?: string },
) {
  const courseId = await findCourseIdBySlugId(deps.db, query.videoCourseSlugId);
  if (!courseId) throw notFound("Course not found.");
  const learner = await loadLearnerCourse(deps, user, courseId);
  const tree = await loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision);

  let chapterId: string | null = null;
  let subChapterId: string | null = null;
  let nodeId: string | null = null;
  let nodeType: "video" | "mcqBlock" | "essayBlock" | null = null;
  if (query.nodeSlugId) {
    const item = tree.items.find((i) => i.slugId === query.nodeSlugId);
    if (!item) throw notFound("This page of the course was not found.");
    nodeId = item.id;
    nodeType = item.kind;
    chapterId = item.chapterId;
    subChapterId = item.subChapterId;
  } else if (query.subChapterSlugId) {
    const sub = [...tree.subChapterById.values()].find((s) => s.slugId === query.subChapterSlugId);
    if (!sub) throw notFound("This part of the course was not found.");
    subChapterId = sub.id;
    chapterId = sub.chapterId;
  } else if (query.chapterSlugId) {
    const chapter = tree.chapters.find((c) => c.slugId === query.chapterSlugId);
    if (!chapter) throw notFound("This chapter of the course was not found.");
    chapterId = chapter.id;
  }

  const asked = query.batchId ? learner.batches.find((b) => b.batchId === query.batchId) : undefined;
  return {
    courseId: learner.course.id,
    versionId: learner.versionId,
    courseSlug: learner.course.slug,
    chapterId,
    subChapterId,
    nodeId,
    nodeType,
    batchId: asked?.batchId ?? courseBatch(learner)?.batchId ?? null,
    isEnrolled: !!learner.enrollment,
  };
}
