import "server-only";
import type { VideoCourseTree, VideoTreeItem } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import { contentKey, EncodedJsonStore } from "../../encoded-json";
import { isItemLocked, loadLearnerCourse, type User } from "../../domain/course-access";
import { courseViewOf, type CourseView } from "./course-view";
import { isItemCompleted, lastWatchedVideoId, loadStillNeeded, treeFigures, videoStateOf } from "../../domain/completion";
import type { TreeItem } from "../../domain/version-tree";

// Exact: the tree shows a short video's seconds, which a rounded figure would change (20 s as 18 s).
export const minutesOf = (seconds: number) => seconds / 60;

/**
 * The course as a tree of chapters, sub-chapters and items, with the learner's completion and locks,
 * given as what names its content and how to build it. `inputs` is read by the course's one query:
 * the course (its tree revision fixes the structure), the learner's enrollment, batches and access,
 * and the revision of their state in the version (learner_version_states, raised by the database
 * with every change to their progress or challenges). Two reads with equal inputs give equal trees,
 * so a tree built before is sent again without reading the learner's progress again; `build`
 * reads it and builds the tree.
 */
export async function getVideoTreeSource(deps: Deps, user: User, courseId: string) {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const inputs = {
    userId: user.id,
    course: learner.course,
    enrollment: learner.enrollment,
    batches: learner.batches,
    access: learner.access,
    versionId: learner.versionId,
    stateRevision: learner.stateRevision,
  };
  return { inputs, build: async () => withStillNeeded(deps, user, toVideoCourseTree(await courseViewOf(deps, user, learner))) };
}

/** The tree with what the enrolled learner still has to do to complete the course (one query); unchanged for a visitor. */
export async function withStillNeeded(deps: Deps, user: User, tree: VideoCourseTree): Promise<VideoCourseTree> {
  if (!tree.isEnrolled) return tree;
  const needed = await loadStillNeeded(deps.db, user.id, [tree.versionId]);
  return { ...tree, stillNeeded: needed.get(tree.versionId) ?? [] };
}

// A tree is built, serialized and gzipped once per distinct content: learners read it on every page of a course.
const treeAnswers = new EncodedJsonStore(32 * 1024 * 1024);

/** GET /course/video/tree: the learner's course tree, the one built before while its inputs stand. */
export async function getVideoTree(deps: Deps, user: User, courseId: string) {
  const source = await getVideoTreeSource(deps, user, courseId);
  return treeAnswers.get(contentKey(source.inputs), source.build);
}

export function toVideoCourseTree(view: CourseView): VideoCourseTree {
  const { course, tree, progress, challenges, access } = view;
  const lastVisited = lastWatchedVideoId(progress);
  const node = (items: TreeItem[]) => ({
    videoCompletionState: videoStateOf(items, progress),
    doesNodeHaveLastVisitedVideo: !!lastVisited && items.some((i) => i.id === lastVisited),
    videoIds: items.filter((i) => i.kind === "video").map((i) => i.id),
  });
  const toItem = (item: TreeItem, order: number): VideoTreeItem => ({
    id: item.id,
    type: item.kind,
    title: item.title,
    order,
    slug: item.slug,
    slugId: item.slugId,
    durationInMinutes: minutesOf(item.durationSeconds),
    completionState: isItemCompleted(item, progress, challenges) ? "completed" : "notCompleted",
    isLocked: isItemLocked(access, item),
    isLastVisited: item.id === lastVisited,
  });
  return {
    id: course.id,
    title: course.name,
    order: 0,
    emoji: null,
    slug: course.slug,
    slugId: course.slugId,
    type: "videoCourse",
    courseType: view.enrollment?.courseType ?? view.batches[0]?.courseType ?? course.courseType,
    versionId: tree.versionId,
    isEnrolled: !!view.enrollment,
    courseProgressInPercentage: treeFigures(tree, progress, challenges).percent,
    scormItems: tree.scormItems.map((s) => ({
      id: s.id,
      title: s.title,
      subChapterId: s.subChapterId,
      // Its place among the sub-chapter's other items, which share one order with it.
      itemsBefore: tree.subChapterById.get(s.subChapterId)?.items.filter((i) => i.position < s.position).length ?? 0,
      completionState: challenges.scorm.has(s.id) ? ("completed" as const) : ("notCompleted" as const),
    })),
    ...node(tree.items),
    chapters: tree.chapters.map((chapter, ci) => {
      const chapterItems = chapter.subChapters.flatMap((s) => s.items);
      return {
        id: chapter.id,
        title: chapter.title,
        order: ci,
        emoji: chapter.emoji,
        slug: chapter.slug,
        slugId: chapter.slugId,
        type: "videoCourseChapter" as const,
        ...node(chapterItems),
        subChapters: chapter.subChapters.map((sub, si) => ({
          id: sub.id,
          title: sub.title,
          order: si,
          emoji: sub.emoji,
          slug: sub.slug,
          slugId: sub.slugId,
          type: "videoCourseSubChapter" as const,
          ...node(sub.items),
          items: sub.items.map(toItem),
        })),
      };
    }),
  };
}
