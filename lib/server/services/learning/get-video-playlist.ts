import "server-only";
import type { Deps } from "../../deps";
import { isItemLocked, type User } from "../../domain/course-access";
import { loadCourseView } from "./course-view";
import { isVideoCompleted } from "../../domain/completion";

/** The videos of a course in playing order, with the learner's completion and locks. */
export async function getVideoPlaylist(deps: Deps, user: User, courseId: string) {
  const view = await loadCourseView(deps, user, courseId);
  return {
    courseId: view.course.id,
    courseName: view.course.name,
    videos: view.tree.items
      .filter((i) => i.kind === "video")
      .map((v) => ({
        id: v.id,
        title: v.title,
        slug: v.slug,
        slugId: v.slugId,
        chapterId: v.chapterId,
        subChapterId: v.subChapterId,
        durationInSeconds: v.durationSeconds,
        coverImage: v.coverImage,
        videoCompletionState: isVideoCompleted(view.progress.get(v.id)) ? ("completed" as const) : ("notCompleted" as const),
        isLocked: isItemLocked(view.access, v),
      })),
  };
}
