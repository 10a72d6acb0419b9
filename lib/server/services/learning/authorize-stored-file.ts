import "server-only";
import { and, eq, like } from "drizzle-orm";
import { chapters, courseVersions, subChapters, videos } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden, unauthorized } from "../../errors";
import { findSession } from "../sign-in";
import { loadLearnerCourse } from "../../domain/course-access";

/**
 * Whether a stored file may be served. The file of an uploaded video is served only to a learner
 * who may watch the video (as /video/data decides), unless it is a free preview; other files
 * (captions, pictures) are served to anyone who has their address. A studio upload's files
 * (media/{id}/: the original, its poster and HLS renditions) follow the video whose source is its original.
 */
export async function authorizeStoredFile(deps: Deps, relativePath: string, token: string | undefined): Promise<void> {
  const mediaFolder = /^media\/[0-9a-f-]{36}\//.exec(relativePath)?.[0];
  const rows = await deps.db
    .select({ courseId: courseVersions.courseId, isFreePreview: videos.isFreePreview })
    .from(videos)
    .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, eq(courseVersions.id, chapters.versionId))
    .where(and(eq(videos.provider, "uploadedVideo"), mediaFolder ? like(videos.source, `${mediaFolder}%`) : eq(videos.source, relativePath)));
  if (!rows.length || rows.some((r) => r.isFreePreview)) return;
  const found = token ? await findSession(deps, token) : undefined;
  if (!found) throw unauthorized("Sign in to watch this video.");
  // Authors and administrators see every upload: the studio's preview plays a published video too.
  if (found.user.role === "author" || found.user.role === "admin") return;
  for (const courseId of new Set(rows.map((r) => r.courseId))) {
    const learner = await loadLearnerCourse(deps, found.user, courseId);
    if (learner.access.open) return;
  }
  throw forbidden("Enroll in the course to watch this video.");
}
