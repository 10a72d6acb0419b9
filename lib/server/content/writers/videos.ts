import "server-only";
import * as t from "@/lib/server/db/schema";
import { slugify } from "@/lib/slug";
import type * as s from "../schema";
import { upsertRow, type ItemPlace, type Tx } from "./rows";

export type VideoRow = typeof t.videos.$inferSelect;

/** A video's row at its place. */
export function videoRow(place: ItemPlace, video: s.VideoInput) {
  return {
    subChapterId: place.subChapterId,
    position: place.position,
    title: video.title,
    slug: slugify(video.title),
    slugId: video.slugId,
    description: video.description,
    provider: video.provider,
    source: video.source,
    durationSeconds: video.durationSeconds,
    coverImage: video.coverImage ?? null,
    captionsUrl: video.captionsUrl ?? null,
    pageContent: video.pageContent ?? null,
    toolsCovered: video.toolsCovered,
    isFreePreview: video.freePreview,
  };
}

/** A video at its place, updating `matched` (the row of the same slugId) in place or inserting it; returns its id. */
export async function writeVideo(tx: Tx, place: ItemPlace, video: s.VideoInput, matched: VideoRow | undefined): Promise<string> {
  return upsertRow(tx, t.videos, matched, videoRow(place, video));
}
