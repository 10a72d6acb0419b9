import "server-only";
import { videoLikes } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { isItemLocked, loadLearnerCourse, type User } from "../../domain/course-access";
import { findCourseVideo } from "./video-in-course";
import { likeKey, likeStatusOf } from "./get-video-like";

/**
 * Records the learner's like (true) or dislike (false) of a video they may watch, or takes it back
 * (null). Sending the same opinion again changes nothing.
 */
export async function setVideoLike(deps: Deps, user: User, body: { courseId: string; videoNodeId: string; isLiked: boolean | null }) {
  const learner = await loadLearnerCourse(deps, user, body.courseId);
  const video = await findCourseVideo(deps.db, learner.course.id, body.videoNodeId);
  if (!video) throw notFound("Video not found in this course.");
  if (isItemLocked(learner.access, { kind: "video", isFreePreview: video.isFreePreview })) {
    throw forbidden(learner.access.message ?? "Enroll in this course to rate its videos.");
  }
  if (body.isLiked === null) {
    await deps.db.delete(videoLikes).where(likeKey(user.id, video.id));
  } else {
    await deps.db
      .insert(videoLikes)
      .values({ userId: user.id, videoId: video.id, isLiked: body.isLiked, updatedAt: deps.now() })
      .onConflictDoUpdate({ target: [videoLikes.userId, videoLikes.videoId], set: { isLiked: body.isLiked, updatedAt: deps.now() } });
  }
  return likeStatusOf(deps.db, user.id, video.id);
}
