import "server-only";
import type { VideoCourseTree, VideoPageData, VideoTreeItem } from "@/lib/contract/entities/learning";
import { courseSteps, lastVisitedPath, learnPath, placedItems, type LearnPlace } from "@/lib/learning-address";
import type { Deps } from "../../deps";
import { ApiError, notFound } from "../../errors";
import { courseBatch, type User } from "../../domain/course-access";
import { loadCourseView } from "./course-view";
import { lastVisitedOf } from "./get-last-visited-node";
import { toVideoCourseTree, withStillNeeded } from "./get-video-tree";
import { getManualCompletion } from "./get-manual-completion";
import { likeStatusOf } from "./get-video-like";
import { videoPageData } from "./video-page";

type VideoLikeStatus = Awaited<ReturnType<typeof likeStatusOf>>;
type ManualCompletion = Awaited<ReturnType<typeof getManualCompletion>>;

export interface LearningPageLink {
  title: string;
  path: string;
}

export type LearningPage =
  | { kind: "redirect"; path: string }
  | {
      kind: "page";
      courseId: string;
      /** The course's cover picture, shown in the player's place until the player has loaded. */
      courseImage: string | null;
      /** The batch through which the learner takes the course, for the player's watch records. */
      batchId: string | null;
      /** The course tree, as GET /course/video/tree answers it. */
      tree: VideoCourseTree;
      item: VideoTreeItem;
      chapterTitle: string;
      /** For a video, what GET /course/video/data answers for it; null for a challenge. */
      video: VideoPageData | null;
      /**
       * For a video the learner may play, what the video's panel asks besides its data: the like
       * status (GET /course/video/like/status) and whether the batch allows marking it complete by
       * hand (GET /course/enableManualVideoCompletion, for the page's batch); null otherwise, and
       * each null when its call would refuse, so that the browser asks and shows the refusal.
       */
      videoPanel: { likeStatus: VideoLikeStatus; manualCompletion: ManualCompletion | null } | null;
      prev: LearningPageLink | null;
      next: LearningPageLink | null;
    };

/**
 * Everything one render of the learning page needs, from the course loaded once: the course and the
 * learner's enrollment, its tree with their progress, and the item's data; previous and next come
 * from the same tree. The address of a course resumes where the learner left off; an old or wrong
 * address (a title or place changed) answers with the item's address today. An item the learner's
 * version does not hold is a 404. `courseId` is the course the address names (findCourseForAddress).
 */
export async function loadLearningPage(
  deps: Deps,
  user: User,
  place: LearnPlace | { nodeType: "course"; courseSlugId: string },
  courseId: string,
): Promise<LearningPage> {
  const view = await loadCourseView(deps, user, courseId);

  if (place.nodeType === "course") {
    const path = lastVisitedPath(lastVisitedOf(view));
    if (!path) throw notFound("This course has no content yet.");
    return { kind: "redirect", path };
  }

  const tree = await withStillNeeded(deps, user, toVideoCourseTree(view));
  const items = placedItems(tree);
  const current = items.find((p) => p.item.slugId === place.nodeSlugId);
  if (!current) throw notFound("This page of the course was not found.");
  if (current.path !== learnPath(place)) return { kind: "redirect", path: current.path };

  const { prev, next } = stepsAround(tree, current.item.id);
  const batchId = courseBatch(view)?.batchId ?? null;
  const video = current.item.type === "video" ? await videoPageData(deps, user, view, current.item.id) : null;
  return {
    kind: "page",
    courseId: view.course.id,
    courseImage: view.course.image,
    batchId,
    tree,
    item: current.item,
    chapterTitle: tree.chapters.find((c) => c.slugId === current.chapterSlugId)?.title ?? "",
    video,
    // Asked by the browser, these two answers re-rendered the video's panel while the page was starting.
    videoPanel: video && !video.isClassLocked ? await videoPanelData(deps, user, view.course.id, video.id, batchId) : null,
    prev,
    next,
  };
}

/** The steps before and after one in the course's playing order, SCORM items included. */
export function stepsAround(tree: VideoCourseTree, id: string): { prev: LearningPageLink | null; next: LearningPageLink | null } {
  const steps = courseSteps(tree);
  const at = steps.findIndex((s) => s.id === id);
  const link = (i: number) => {
    const step = at < 0 ? undefined : steps[i];
    return step ? { title: step.title, path: step.path } : null;
  };
  return { prev: link(at - 1), next: link(at + 1) };
}

/**
 * The video panel's two other answers, as their calls give them for this course and batch. The
 * loader has already checked the learner's access to the course and that the video is in it, which
 * is what the like status call checks before its one query.
 */
async function videoPanelData(deps: Deps, user: User, courseId: string, videoId: string, batchId: string | null) {
  const manualCompletion = await getManualCompletion(deps, user, { batchId: batchId ?? undefined, courseId }).catch((err: unknown) => {
    if (err instanceof ApiError) return null;
    throw err;
  });
  return { likeStatus: await likeStatusOf(deps.db, user.id, videoId), manualCompletion };
}
