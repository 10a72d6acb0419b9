import "server-only";
import type { LearnNodeType } from "@/lib/contract/entities/shared";
import type { VideoPageData } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { itemToContinue, loadChallengeCompletion, loadVersionProgress } from "../../domain/completion";
import { findPlace, itemsOf } from "./tree-place";
import { videoPageData } from "./video-page";
import { loadVersionTree } from "../../domain/version-tree";

/**
 * What the learning page shows for a video. For a course, chapter or sub-chapter, the video to
 * continue with inside it. A locked video comes without its link.
 */
export async function getVideoData(deps: Deps, user: User, query: { id: string; type: LearnNodeType; courseId: string }): Promise<VideoPageData> {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  if (query.type === "mcqBlock" || query.type === "essayBlock") {
    throw notFound("This item is not a video: open it as a multiple-choice block or an essay challenge.");
  }
  let videoId = query.id;
  if (query.type !== "video") {
    const [tree, progress, challenges] = await Promise.all([
      loadVersionTree(deps.db, learner.versionId, learner.course.treeRevision),
      loadVersionProgress(deps.db, user.id, learner.versionId),
      loadChallengeCompletion(deps.db, user.id, learner.versionId),
    ]);
    const videos = itemsOf(tree, findPlace(tree, learner.course.id, query.id, query.type)).filter((i) => i.kind === "video");
    const next = itemToContinue(videos, progress, challenges);
    if (!next) throw notFound("This part of the course has no video yet.");
    videoId = next.id;
  }
  return videoPageData(deps, user, learner, videoId);
}
