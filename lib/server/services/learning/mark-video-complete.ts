import "server-only";
import { sql } from "drizzle-orm";
import { videoProgress } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { awardAfterAction } from "../achievements";
import { issueAfterCompletion } from "../certificates";
import { recordLearningEvent } from "../xapi";
import { courseBatch, isItemLocked, loadLearnerCourse, type User } from "../../domain/course-access";
import { loadChallengeCompletion, loadVersionProgress, treeFigures } from "../../domain/completion";
import { loadVideoRow } from "./video-page";
import { loadVersionTree } from "../../domain/version-tree";

export const MANUAL_COMPLETION_REFUSED =
  "Your batch does not allow marking videos as complete by hand: a video completes once you have watched at least 90% of it.";

/** Marks a video completed without watching it, only where the learner's batch for the course allows it. */
export async function markVideoComplete(deps: Deps, user: User, body: { courseId: string; videoId: string }) {
  const learner = await loadLearnerCourse(deps, user, body.courseId);
  const video = await loadVideoRow(deps, user.id, learner.course.id, body.videoId);
  if (!video) throw notFound("Video not found in this course.");
  if (isItemLocked(learner.access, { kind: "video", isFreePreview: video.isFreePreview }) || !learner.enrollment) {
    throw forbidden(learner.access.message ?? "Enroll in this course to mark its videos as complete.");
  }
  if (!courseBatch(learner)?.allowManualVideoCompletion) throw forbidden(MANUAL_COMPLETION_REFUSED);

  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(videoProgress)
      .values({ userId: user.id, videoId: video.id, courseId: learner.course.id, versionId: video.versionId, completedAt: now, completedBy: "manual", updatedAt: now })
      .onConflictDoUpdate({
        target: [videoProgress.userId, videoProgress.videoId],
        set: {
          completedAt: sql`coalesce(${videoProgress.completedAt}, excluded.completed_at)`,
          completedBy: sql`coalesce(${videoProgress.completedBy}, excluded.completed_by)`,
          updatedAt: now,
        },
      })
      .returning({ completedAt: videoProgress.completedAt });
    // Completed by this mark (not before): its xAPI statement is written with it.
    if (saved?.completedAt?.getTime() === now.getTime()) {
      await recordLearningEvent(tx, deps.siteUrl, { kind: "video-completed", userId: user.id, videoId: video.id, courseId: learner.course.id, at: now });
    }
  });
  const [tree, progress, challenges] = await Promise.all([
    loadVersionTree(deps.db, video.versionId, learner.course.treeRevision),
    loadVersionProgress(deps.db, user.id, video.versionId),
    loadChallengeCompletion(deps.db, user.id, video.versionId),
  ]);
  const figures = treeFigures(tree, progress, challenges);
  // The last video of a course marked complete completes the course: its certificate is issued now.
  const enrolled = !video.completedAt && figures.isCompleted ? await issueAfterCompletion(deps, user) : undefined;
  // A video completed may earn a badge (the first video, the first course).
  const newBadges = video.completedAt ? [] : await awardAfterAction(deps, user, { enrolled });
  return {
    isSuccess: true,
    message: video.completedAt ? "This video was already completed." : "Video marked as complete.",
    videoCompletionState: "completed" as const,
    courseProgressInPercentage: figures.percent,
    ...(newBadges.length ? { newBadges } : {}),
  };
}
