import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videoWatchTime } from "../../db/schema";
import { coveredSeconds, mergeRanges, roundTenth, type Range } from "../../domain/watch-ranges";

/** The length of a watch-time slot: every time zone's offset from UTC is a whole number of quarter hours. */
export const WATCH_SLOT_MS = 15 * 60_000;

/** The start of the quarter hour (UTC) an instant falls in. */
export const watchSlotOf = (at: Date) => new Date(Math.floor(at.getTime() / WATCH_SLOT_MS) * WATCH_SLOT_MS);

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Adds the ranges one watch record proved played to the learner's watch time of its quarter hour.
 * Ranges already stored for the same video and quarter hour are merged with them, so a resent record
 * adds nothing. Runs inside the watch record's transaction, which holds the learner's row of the
 * video locked: two records of one video never interleave here. Returns the quarter hour's start
 * when this record opened it (the first watching of the video in it), else null.
 */
export async function addWatchTime(
  tx: Tx,
  input: { userId: string; videoId: string; courseId: string; at: Date; ranges: Range[] },
): Promise<Date | null> {
  if (!input.ranges.length) return null;
  const slotStart = watchSlotOf(input.at);
  const [stored] = await tx
    .select({ watchedRanges: videoWatchTime.watchedRanges })
    .from(videoWatchTime)
    .where(and(eq(videoWatchTime.userId, input.userId), eq(videoWatchTime.videoId, input.videoId), eq(videoWatchTime.slotStart, slotStart)));
  const ranges: Range[] = mergeRanges([...(stored?.watchedRanges ?? []), ...input.ranges]).map(([a, b]) => [roundTenth(a), roundTenth(b)]);
  const watchedSeconds = roundTenth(coveredSeconds(ranges));
  await tx
    .insert(videoWatchTime)
    .values({ userId: input.userId, videoId: input.videoId, courseId: input.courseId, slotStart, watchedRanges: ranges, watchedSeconds })
    .onConflictDoUpdate({
      target: [videoWatchTime.userId, videoWatchTime.videoId, videoWatchTime.slotStart],
      set: { watchedRanges: ranges, watchedSeconds },
    });
  return stored ? null : slotStart;
}
