import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { VideoWatchRecord } from "@/lib/contract/entities/learning";
import type { NewBadges } from "@/lib/contract/entities/achievements";
import { videoProgress, videoWatchTime, watchRecordKeys } from "../../db/schema";
import type { Deps } from "../../deps";
import { forbidden, notFound } from "../../errors";
import { awardAfterAction, watchMayEarnBadge } from "../achievements";
import { issueAfterCompletion } from "../certificates";
import { recordLearningEvent } from "../xapi";
import { isItemLocked, isUuid, loadLearnerCourse, type User } from "../../domain/course-access";
import { resumeAt } from "../../domain/completion";
import { loadVideoRow } from "./video-page";
import { coveredSeconds, isWatchedEnough, mergeRanges, roundTenth, samplesToRanges, type Range } from "../../domain/watch-ranges";
import { storeWatchTime, watchTimeOf } from "./watch-time";

export interface WatchRecordInput {
  courseId: string;
  versionId: string;
  videoId: string;
  watchDuration: { timeStamp: number[]; totalDuration: number };
  idempotencyKey?: string;
  recordedAt?: string;
}

type ProgressRow = typeof videoProgress.$inferSelect;

function toRecord(row: ProgressRow, durationSeconds: number): VideoWatchRecord {
  return {
    id: row.id,
    courseId: row.courseId,
    versionId: row.versionId,
    videoId: row.videoId,
    completed: !!row.completedAt,
    watchDuration: { timeStamp: [roundTenth(row.lastPositionSeconds)], totalDuration: Math.floor(row.watchedSeconds) },
    updatedAt: row.updatedAt.toISOString(),
    watchedRanges: row.watchedRanges,
    resumeAtSeconds: resumeAt({ ...row, completedAt: row.completedAt }, durationSeconds),
  };
}

/**
 * Records what the learner watched of a video. Only forward progress is kept: the positions sent
 * become watched ranges (a seek does not count, see watch-ranges) merged with those stored, so an
 * overlap, a duplicate or a late record never counts twice; a record whose idempotency key was
 * seen before changes nothing. The video is complete once the merged ranges cover 90 % of it, and
 * stays complete. The last position is kept for resuming, unless a newer record already moved it.
 * Open only to learners who may watch the video (enrolled, or a free preview).
 */
export async function recordVideoWatch(deps: Deps, user: User, input: WatchRecordInput): Promise<VideoWatchRecord & NewBadges> {
  if (!isUuid(input.courseId) || !isUuid(input.videoId)) throw notFound("Video not found in this course.");
  const learner = await loadLearnerCourse(deps, user, input.courseId);
  const video = await loadVideoRow(deps, user.id, learner.course.id, input.videoId);
  if (!video) throw notFound("Video not found in this course.");
  if (isItemLocked(learner.access, { kind: "video", isFreePreview: video.isFreePreview })) {
    throw forbidden(learner.access.message ?? "Enroll in this course to record your progress in this video.");
  }
  const duration = video.durationSeconds;
  const now = deps.now();

  let completedNow = false;
  let watchedMore = false;
  let newSlot: Date | null = null;
  const key = input.idempotencyKey;
  const record = await deps.db.transaction(async (tx) => {
    // The learner's row of the video, locked until the record commits, and whether this record's
    // key was applied already: one query.
    const lockProgress = () =>
      tx
        .select({
          progress: videoProgress,
          seen: key
            ? sql<boolean>`exists (select 1 from watch_record_keys k where k.user_id = ${user.id} and k.idempotency_key = ${key})`
            : sql<boolean>`false`,
        })
        .from(videoProgress)
        .where(and(eq(videoProgress.userId, user.id), eq(videoProgress.videoId, video.id)))
        .for("update");
    let [found] = await lockProgress();
    if (found?.seen) return toRecord(found.progress, duration);
    if (!found) {
      // The video's first record: its row is made, then locked.
      await tx
        .insert(videoProgress)
        .values({ userId: user.id, videoId: video.id, courseId: learner.course.id, versionId: video.versionId })
        .onConflictDoNothing();
      [found] = await lockProgress();
    }
    const current = found!.progress;
    const samples = input.watchDuration.timeStamp;
    if (!samples.length) return toRecord(current, duration);

    const played = samplesToRanges(samples, duration);
    const ranges: Range[] = mergeRanges([...current.watchedRanges, ...played]).map(([a, b]) => [roundTenth(a), roundTenth(b)]);
    const watched = roundTenth(coveredSeconds(ranges));
    // The client's clock orders records; a time ahead of the server's is taken as now.
    const recordedAt = input.recordedAt ? new Date(Math.min(Date.parse(input.recordedAt), now.getTime())) : now;
    // The learning-time chart counts what was played, rewatching included, in the quarter hour it was played.
    const time = await watchTimeOf(tx, { userId: user.id, videoId: video.id, courseId: learner.course.id, at: recordedAt, ranges: played });
    newSlot = time?.opened ?? null;
    watchedMore = watched > current.watchedSeconds;
    const moves = !current.positionRecordedAt || recordedAt >= current.positionRecordedAt;
    const completes = !current.completedAt && isWatchedEnough(watched, duration);
    completedNow = completes;
    // The record's key and the quarter hour's watch time are written with the row's update, in one
    // statement: each statement is a round trip to the database.
    const alongside = [
      ...(key
        ? [tx.$with("applied_key").as(tx.insert(watchRecordKeys).values({ userId: user.id, idempotencyKey: key, videoId: video.id }).onConflictDoNothing().returning({ key: watchRecordKeys.idempotencyKey }))]
        : []),
      ...(time ? [tx.$with("watch_time").as(storeWatchTime(tx, time.slot).returning({ slotStart: videoWatchTime.slotStart }))] : []),
    ];
    const [updated] = await (alongside.length ? tx.with(...alongside) : tx)
      .update(videoProgress)
      .set({
        watchedRanges: ranges,
        watchedSeconds: Math.max(watched, current.watchedSeconds),
        ...(moves ? { lastPositionSeconds: roundTenth(Math.min(Math.max(samples[samples.length - 1]!, 0), duration)), positionRecordedAt: recordedAt } : {}),
        ...(completes ? { completedAt: now, completedBy: "watched" as const } : {}),
        updatedAt: now,
      })
      .where(eq(videoProgress.id, current.id))
      .returning();
    if (completes) await recordLearningEvent(tx, deps.siteUrl, { kind: "video-completed", userId: user.id, videoId: video.id, courseId: learner.course.id, at: now });
    return toRecord(updated!, duration);
  });
  // A video just completed may complete its course: its certificate is issued now.
  const enrolled = completedNow ? await issueAfterCompletion(deps, user) : undefined;
  // Badges are looked for when this record may have earned one: a completion, more watched, a new quarter hour.
  const newBadges = completedNow
    ? await awardAfterAction(deps, user, { enrolled })
    : watchedMore || newSlot
      ? await awardAfterAction(deps, user, { ifDue: (db) => watchMayEarnBadge(db, user, newSlot) })
      : [];
  return newBadges.length ? { ...record, newBadges } : record;
}
