import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chapters, courseVersions, subChapters, videos } from "../../db/schema";
import { isUuid } from "../../domain/course-access";

/** A video of a course (any version), with what decides whether it is open; undefined when the course has no such video. */
export async function findCourseVideo(db: Db, courseId: string, videoId: string) {
  if (!isUuid(videoId)) return undefined;
  const [row] = await db
    .select({ id: videos.id, isFreePreview: videos.isFreePreview })
    .from(videos)
    .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, and(eq(courseVersions.id, chapters.versionId), eq(courseVersions.courseId, courseId)))
    .where(eq(videos.id, videoId))
    .limit(1);
  return row;
}
