import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videoProgress } from "../../db/schema";
import type { TreeItem, VersionTree } from "./version-tree";

/**
 * The one place progress is computed. The tree, the course cards, /video/progress,
 * /course/video/complete/status and /getVideoTimestamp all read the same rows (video_progress) and
 * go through these functions, so they always agree.
 */

export interface VideoProgressRow {
  videoId: string;
  versionId: string;
  watchedSeconds: number;
  lastPositionSeconds: number;
  completedAt: Date | null;
  updatedAt: Date;
}

export const progressColumns = {
  videoId: videoProgress.videoId,
  versionId: videoProgress.versionId,
  watchedSeconds: videoProgress.watchedSeconds,
  lastPositionSeconds: videoProgress.lastPositionSeconds,
  completedAt: videoProgress.completedAt,
  updatedAt: videoProgress.updatedAt,
};

/** The learner's progress in every video of a course version they have watched; one query. */
export async function loadVersionProgress(db: Db, userId: string, versionId: string): Promise<Map<string, VideoProgressRow>> {
  const rows = await db
    .select(progressColumns)
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.versionId, versionId)));
  return new Map(rows.map((r) => [r.videoId, r]));
}

/** Challenges (multiple-choice blocks, essays) the learner has completed in a version. */
export interface ChallengeCompletion {
  mcq: Set<string>;
  essay: Set<string>;
}

/**
 * The challenges of a version the learner has completed. No attempt is recorded yet, so none is:
 * this is the one place the course figures will read attempts from once they are.
 */
export async function loadChallengeCompletion(db: Db, userId: string, versionId: string): Promise<ChallengeCompletion> {
  void [db, userId, versionId];
  return { mcq: new Set(), essay: new Set() };
}

export const isVideoCompleted = (p: VideoProgressRow | undefined) => !!p?.completedAt;

export function isItemCompleted(item: Pick<TreeItem, "id" | "kind">, progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion) {
  if (item.kind === "video") return isVideoCompleted(progress.get(item.id));
  if (item.kind === "mcqBlock") return challenges.mcq.has(item.id);
  return challenges.essay.has(item.id);
}

/** completed when every video among the items is completed; notApplicable when there is none. */
export function videoStateOf(items: TreeItem[], progress: Map<string, VideoProgressRow>): "completed" | "notCompleted" | "notApplicable" {
  const vids = items.filter((i) => i.kind === "video");
  if (!vids.length) return "notApplicable";
  return vids.every((v) => isVideoCompleted(progress.get(v.id))) ? "completed" : "notCompleted";
}

export function challengeStateOf(items: TreeItem[], challenges: ChallengeCompletion): "completed" | "notCompleted" | "notApplicable" {
  const blocks = items.filter((i) => i.kind !== "video");
  if (!blocks.length) return "notApplicable";
  return blocks.every((b) => (b.kind === "mcqBlock" ? challenges.mcq : challenges.essay).has(b.id)) ? "completed" : "notCompleted";
}

/** The video the learner watched last among the version's rows, or null. */
export function lastWatchedVideoId(progress: Map<string, VideoProgressRow>): string | null {
  let best: VideoProgressRow | null = null;
  for (const p of progress.values()) if (!best || p.updatedAt > best.updatedAt) best = p;
  return best?.videoId ?? null;
}

export interface ProgressCounts {
  totalVideos: number;
  completedVideos: number;
  totalMcq: number;
  completedMcq: number;
  totalEssay: number;
  completedEssay: number;
  totalVideoSeconds: number;
  watchedVideoSeconds: number;
}

export interface ProgressFigures extends ProgressCounts {
  percent: number;
  totalMinutes: number;
  watchedMinutes: number;
  isCompleted: boolean;
}

/** Progress in percent: completed videos and challenges over all of them, rounded down, so 100 means all done. */
export function progressFigures(c: ProgressCounts): ProgressFigures {
  const units = c.totalVideos + c.totalMcq + c.totalEssay;
  const done = Math.min(c.completedVideos, c.totalVideos) + Math.min(c.completedMcq, c.totalMcq) + Math.min(c.completedEssay, c.totalEssay);
  const watched = Math.min(c.watchedVideoSeconds, c.totalVideoSeconds);
  return {
    ...c,
    percent: units ? Math.floor((100 * done) / units) : 0,
    totalMinutes: Math.round(c.totalVideoSeconds / 60),
    watchedMinutes: Math.round(watched / 60),
    isCompleted: units > 0 && done === units,
  };
}

/** Counts over a list of items (a whole version, or the items below one node). */
export function countItems(items: TreeItem[], progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion): ProgressCounts {
  const c: ProgressCounts = {
    totalVideos: 0,
    completedVideos: 0,
    totalMcq: 0,
    completedMcq: 0,
    totalEssay: 0,
    completedEssay: 0,
    totalVideoSeconds: 0,
    watchedVideoSeconds: 0,
  };
  for (const item of items) {
    if (item.kind === "video") {
      const p = progress.get(item.id);
      c.totalVideos++;
      c.totalVideoSeconds += item.durationSeconds;
      c.watchedVideoSeconds += Math.min(p?.watchedSeconds ?? 0, item.durationSeconds);
      if (isVideoCompleted(p)) c.completedVideos++;
    } else if (item.kind === "mcqBlock") {
      c.totalMcq++;
      if (challenges.mcq.has(item.id)) c.completedMcq++;
    } else {
      c.totalEssay++;
      if (challenges.essay.has(item.id)) c.completedEssay++;
    }
  }
  return c;
}

export const treeFigures = (tree: VersionTree, progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion) =>
  progressFigures(countItems(tree.items, progress, challenges));

/** Where to resume a video: the last position, or the start when the learner had reached its very end. */
export function resumeAt(p: VideoProgressRow | undefined, durationSeconds: number): number {
  const pos = p?.lastPositionSeconds ?? 0;
  return pos >= durationSeconds - 3 ? 0 : Math.max(0, pos);
}

/**
 * The item to continue with among some items: the video watched last if it is not completed yet,
 * else the first item not completed, else the item watched last, else the first.
 */
export function itemToContinue(
  items: TreeItem[],
  progress: Map<string, VideoProgressRow>,
  challenges: ChallengeCompletion,
): TreeItem | undefined {
  let last: TreeItem | undefined;
  let lastAt = 0;
  for (const item of items) {
    const at = progress.get(item.id)?.updatedAt.getTime();
    if (at !== undefined && at > lastAt) {
      last = item;
      lastAt = at;
    }
  }
  if (last && !isItemCompleted(last, progress, challenges)) return last;
  return items.find((i) => !isItemCompleted(i, progress, challenges)) ?? last ?? items[0];
}
