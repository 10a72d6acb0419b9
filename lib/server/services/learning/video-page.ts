import "server-only";
import { enrollmentStateOf } from "../../domain/decide-enrollment";
import { and, eq, sql } from "drizzle-orm";
import type { VideoPageData } from "@/lib/contract/entities/learning";
import { preparedPerDatabase } from "../../db/prepared";
import { chapters, courseVersions, mediaFiles, subChapters, videoProgress, videos } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { vdocipherPlayback } from "../../video/vdocipher";
import { isItemLocked, isUuid, type LearnerCourse, type User } from "../../domain/course-access";
import { resumeAt } from "../../domain/completion";
import { loadVersionTree } from "../../domain/version-tree";

type Provider = (typeof videos.$inferSelect)["provider"];

/** What the player is given for a video it may play. */
export function videoLinkOf(provider: Provider, source: string): string {
  if (provider === "youtube") return `https://www.youtube.com/watch?v=${encodeURIComponent(source)}`;
  if (provider === "uploadedVideo") return `/api/files/${source.split("/").map(encodeURIComponent).join("/")}`;
  return source;
}

/** One video of a course with everything its page needs, and the learner's progress in it: one prepared query. */
const videoRowQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      id: videos.id,
      title: videos.title,
      slugId: videos.slugId,
      description: videos.description,
      provider: videos.provider,
      source: videos.source,
      durationSeconds: videos.durationSeconds,
      coverImage: videos.coverImage,
      captionsUrl: videos.captionsUrl,
      hlsMasterKey: mediaFiles.hlsMasterKey,
      pageContent: videos.pageContent,
      toolsCovered: videos.toolsCovered,
      isFreePreview: videos.isFreePreview,
      subChapterId: subChapters.id,
      subChapterTitle: subChapters.title,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      versionId: chapters.versionId,
      progressVideoId: videoProgress.videoId,
      watchedSeconds: videoProgress.watchedSeconds,
      lastPositionSeconds: videoProgress.lastPositionSeconds,
      completedAt: videoProgress.completedAt,
      updatedAt: videoProgress.updatedAt,
    })
    .from(videos)
    .innerJoin(subChapters, eq(subChapters.id, videos.subChapterId))
    .innerJoin(chapters, eq(chapters.id, subChapters.chapterId))
    .innerJoin(courseVersions, and(eq(courseVersions.id, chapters.versionId), eq(courseVersions.courseId, sql.placeholder("courseId"))))
    .leftJoin(videoProgress, and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, userId)))
    // A studio upload's HLS renditions, once processed (media/{id}/original.* is the video's source).
    .leftJoin(mediaFiles, and(eq(mediaFiles.originalKey, videos.source), eq(videos.provider, "uploadedVideo"), eq(mediaFiles.state, "ready")))
    .where(eq(videos.id, sql.placeholder("videoId")))
    .limit(1)
    .prepare("video_row");
});

/** One video of a course with everything its page needs, in one query (and the learner's progress in it). */
export async function loadVideoRow(deps: Deps, userId: string, courseId: string, videoId: string) {
  if (!isUuid(videoId)) return undefined;
  const [row] = await videoRowQuery(deps.db).execute({ userId, courseId, videoId });
  return row;
}

/**
 * The page of one video. A locked video (see courseAccess) comes without its link, captions,
 * reading content or playback credentials; lockedReason says why.
 */
export async function videoPageData(deps: Deps, user: User, learner: LearnerCourse, videoId: string): Promise<VideoPageData> {
  const courseTree = (versionId: string) => loadVersionTree(deps.db, versionId, learner.course.treeRevision);
  const [row, learnerTree] = await Promise.all([loadVideoRow(deps, user.id, learner.course.id, videoId), courseTree(learner.versionId)]);
  if (!row) throw notFound("Video not found in this course.");
  const tree = row.versionId === learnerTree.versionId ? learnerTree : await courseTree(row.versionId);
  const locked = isItemLocked(learner.access, { kind: "video", isFreePreview: row.isFreePreview });
  const progress = row.progressVideoId
    ? {
        videoId: row.id,
        versionId: row.versionId,
        watchedSeconds: row.watchedSeconds ?? 0,
        lastPositionSeconds: row.lastPositionSeconds ?? 0,
        completedAt: row.completedAt,
        updatedAt: row.updatedAt ?? new Date(0),
      }
    : undefined;

  let vdocipher: VideoPageData["vdocipher"] = null;
  let videoUnavailableReason: string | null = null;
  if (!locked && row.provider === "vdocipher") {
    const playback = await vdocipherPlayback(deps.env.VDOCIPHER_API_SECRET, row.source, user);
    if (playback.ok) vdocipher = { otp: playback.otp, playbackInfo: playback.playbackInfo, embedUrl: playback.embedUrl };
    else videoUnavailableReason = playback.reason;
  }

  return {
    id: row.id,
    type: "video",
    courseId: learner.course.id,
    versionId: row.versionId,
    chapterId: row.chapterId,
    subChapterId: row.subChapterId,
    courseName: learner.course.name,
    courseDomain: learner.course.domain as VideoPageData["courseDomain"],
    courseDurationInMinutes: Math.round(tree.items.reduce((sum, i) => sum + (i.kind === "video" ? i.durationSeconds : 0), 0) / 60),
    parentTitle: row.subChapterTitle,
    title: row.title,
    description: row.description,
    pageId: row.pageContent ? row.id : null,
    pageData: { data: locked ? null : row.pageContent, isPageContentAvailable: !!row.pageContent },
    isPageLocked: locked,
    isClassLocked: locked,
    toolsCovered: row.toolsCovered,
    isCoverVideoAvailable: !!row.coverImage,
    coverImage: row.coverImage,
    videoProvider: row.provider,
    videoLink: locked ? null : videoLinkOf(row.provider, row.source),
    videoDurationInSeconds: row.durationSeconds,
    hlsUrl: locked || !row.hlsMasterKey ? null : videoLinkOf("uploadedVideo", row.hlsMasterKey),
    captionsUrl: locked ? null : row.captionsUrl,
    videoCompletionState: progress?.completedAt ? "completed" : "notCompleted",
    resumeAtSeconds: locked ? 0 : resumeAt(progress, row.durationSeconds),
    lockedReason: locked ? learner.access.reason : null,
    lockedMessage: locked ? learner.access.message : null,
    enrollmentState: enrollmentStateOf(learner.decision),
    vdocipher,
    videoUnavailableReason,
  };
}
