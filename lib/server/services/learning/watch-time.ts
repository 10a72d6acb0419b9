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
 * What one watch record adds to the learner's watch time of its quarter hour: the ranges it proved
 * played, merged with those stored for the same video and quarter hour, so a resent record adds
 * nothing. Reads the slot inside the watch record's transaction, which holds the learner's row of the
 * video locked: two records of one video never interleave here. `opened` is the quarter hour's start
 * when this record opens it (the first watching of the video in it), else null. Null when the record
 * played nothing; the slot is written with the record's own update (recordVideoWatch).
 */
export async function watchTimeOf(
  tx: Tx,
  input: { userId: string; videoId: string; courseId: string; at: Date; ranges: Range[] },
): Promise<{ slot: typeof videoWatchTime.$inferInsert; opened: Date | null } | null> {
  if (!input.ranges.length) return null;
  const slotStart = watchSlotOf(input.at);
  const [stored] = await tx
    .select({ watchedRanges: videoWatchTime.watchedRanges })
    .from(videoWatchTime)
    .where(and(eq(videoWatchTime.userId, input.userId), eq(videoWatchTime.videoId, input.videoId), eq(videoWatchTime.slotStart, slotStart)));
  const ranges: Range[] = mergeRanges([...(stored?.watchedRanges ?? []), ...input.ranges]).map(([a, b]) => [roundTenth(a), roundTenth(b)]);
  return {
    slot: { userId: input.userId, videoId: input.videoId, courseId: input.courseId, slotStart, watchedRanges: ranges, watchedSeconds: roundTenth(coveredSeconds(ranges)) },
    opened: stored ? null : slotStart,
  };
}

/** Stores a quarter hour's watch time (see watchTimeOf): a statement to run on its own or as part of another. */
export const storeWatchTime = (tx: Tx, slot: typeof videoWatchTime.$inferInsert) =>
  tx
    .insert(videoWatchTime)
    .values(slot)
    .onConflictDoUpdate({
      target: [videoWatchTime.userId, videoWatchTime.videoId, videoWatchTime.slotStart],
      set: { watchedRanges: slot.watchedRanges, watchedSeconds: slot.watchedSeconds },
    });
