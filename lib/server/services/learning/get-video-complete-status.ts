import "server-only";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { loadVideoRow } from "./video-page";

/** Whether the learner has completed a video, and how much of it they watched. */
export async function getVideoCompleteStatus(deps: Deps, user: User, query: { courseId: string; videoId: string }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const video = await loadVideoRow(deps, user.id, learner.course.id, query.videoId);
  if (!video) throw notFound("Video not found in this course.");
  const completed = !!video.completedAt;
  return {
    videoId: video.id,
    courseId: learner.course.id,
    versionId: video.versionId,
    completed,
    videoCompletionState: completed ? ("completed" as const) : ("notCompleted" as const),
    watchedDurationInSeconds: Math.floor(video.watchedSeconds ?? 0),
  };
}
