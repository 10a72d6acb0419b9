import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { videoProgress } from "../../db/schema";
import type { Deps } from "../../deps";
import { loadLearnerCourse, type User } from "../../domain/course-access";
import { progressColumns } from "../../domain/completion";

/** Where the learner stopped in each video of a course, most recent first. */
export async function getVideoTimestamps(deps: Deps, user: User, courseId: string) {
  const learner = await loadLearnerCourse(deps, user, courseId);
  const rows = await deps.db
    .select(progressColumns)
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, user.id), eq(videoProgress.courseId, learner.course.id)))
    .orderBy(desc(videoProgress.updatedAt));
  return {
    courseId: learner.course.id,
    videos: rows.map((r) => ({
      videoId: r.videoId,
      versionId: r.versionId,
      lastTimeStamp: r.lastPositionSeconds,
      totalDuration: Math.floor(r.watchedSeconds),
      completed: !!r.completedAt,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}
