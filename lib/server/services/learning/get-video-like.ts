import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videoLikes } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { findCourseVideo } from "./video-in-course";

/** The learner's own opinion of a video and everyone's counts; one query. */
export async function likeStatusOf(db: Db, userId: string, videoId: string) {
  const [row] = await db
    .select({
      likeCount: sql<number>`count(*) filter (where ${videoLikes.isLiked})::int`,
      dislikeCount: sql<number>`count(*) filter (where not ${videoLikes.isLiked})::int`,
      mine: sql<boolean | null>`bool_or(${videoLikes.isLiked}) filter (where ${videoLikes.userId} = ${userId})`,
    })
    .from(videoLikes)
    .where(eq(videoLikes.videoId, videoId));
  return { videoNodeId: videoId, isLiked: row?.mine ?? null, likeCount: Number(row?.likeCount ?? 0), dislikeCount: Number(row?.dislikeCount ?? 0) };
}

/** Whether the learner liked a video of a course. */
export async function getVideoLike(deps: Deps, user: User, query: { courseId: string; videoNodeId: string }) {
  const learner = await loadLearnerCourse(deps, user, query.courseId);
  const video = await findCourseVideo(deps.db, learner.course.id, query.videoNodeId);
  if (!video) throw notFound("Video not found in this course.");
  return likeStatusOf(deps.db, user.id, video.id);
}

export const likeKey = (userId: string, videoId: string) => and(eq(videoLikes.userId, userId), eq(videoLikes.videoId, videoId));
