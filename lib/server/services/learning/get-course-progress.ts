import "server-only";
import type { CourseProgress } from "@/lib/contract/entities/learning";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { loadCourseView } from "./course-view";
import { treeFigures } from "../../domain/completion";

/** The learner's progress in a course (the version they take), from the same figures as the tree and the cards. */
export async function getCourseProgress(deps: Deps, user: User, courseId: string): Promise<CourseProgress> {
  const view = await loadCourseView(deps, user, courseId);
  const f = treeFigures(view.tree, view.progress, view.challenges);
  return {
    courseId: view.course.id,
    versionId: view.versionId,
    courseProgressInPercentage: f.percent,
    videoWatchedDurationInMinutes: f.watchedMinutes,
    videoTotalDurationInMinutes: f.totalMinutes,
    completedVideosCount: f.completedVideos,
    totalVideosCount: f.totalVideos,
    completedMcqCount: f.completedMcq,
    totalMcqCount: f.totalMcq,
    completedSubjectiveCount: f.completedEssay,
    totalSubjectiveCount: f.totalEssay,
    isCourseCompleted: f.isCompleted,
  };
}
