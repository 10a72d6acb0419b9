import "server-only";
import { inArray } from "drizzle-orm";
import type { MediaKind } from "@/lib/contract/media-limits";
import type { ContentChapter, ContentItem } from "@/lib/server/content/readers/course-tree";
import { mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { fileUrlOf } from "../studio-media";

// Uploads an item uses: an uploaded video's file (the video's source is the upload's original key,
// media/{id}/original.{ext}), its captions and an essay's documents (their addresses, /api/files/media/{id}/...).

export type MediaRow = typeof mediaFiles.$inferSelect;

const uuidPart = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const keyPattern = new RegExp(`^media/${uuidPart}/`, "i");
const urlPattern = new RegExp(`^/api/files/media/${uuidPart}/`, "i");

/** The upload a file-store key (media/{id}/...) or a served address (/api/files/media/{id}/...) belongs to. */
export function mediaIdOf(keyOrUrl: string | null | undefined): string | null {
  if (!keyOrUrl) return null;
  return (keyPattern.exec(keyOrUrl) ?? urlPattern.exec(keyOrUrl))?.[1]?.toLowerCase() ?? null;
}

/** The uploads an item of the draft refers to. */
export function itemMediaIds(item: ContentItem): string[] {
  const v = item.video;
  const e = item.essay;
  const ids = v
    ? [v.provider === "uploadedVideo" ? mediaIdOf(v.source) : null, mediaIdOf(v.captionsUrl)]
    : e
      ? [mediaIdOf(e.referenceDocument), mediaIdOf(e.solutionDocument)]
      : [];
  return ids.filter((id): id is string => id !== null);
}

/** The media rows of these ids, by id (one statement, none when there is no id). */
export async function loadMedia(deps: Deps, ids: (string | null | undefined)[]): Promise<Map<string, MediaRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await deps.db.select().from(mediaFiles).where(inArray(mediaFiles.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

const kindInWords = (kind: MediaKind) => (kind === "captions" ? "captions" : kind === "image" ? "an image" : `a ${kind}`);

/** The upload a field names, refused with 400 (naming the field) when it is unknown or of another kind. */
export function requireMedia(found: Map<string, MediaRow>, field: string, id: string, kind: MediaKind): MediaRow {
  const row = found.get(id.toLowerCase());
  if (!row) throw new ApiError(400, "bad_request", `${field}: no upload has the id "${id}".`);
  if (row.kind !== kind) throw new ApiError(400, "bad_request", `${field}: "${row.originalName}" is ${kindInWords(row.kind)}, not ${kindInWords(kind)}.`);
  return row;
}

/** Where an upload is served: its original file. */
export const mediaUrlOf = (row: MediaRow) => fileUrlOf(row.originalKey);

/**
 * The draft's chapters with each uploaded video's duration as processing read it: a video uploaded
 * before it was processed is saved with no duration, and publishing takes it from the upload.
 */
export async function withUploadedDurations(deps: Deps, chapters: ContentChapter[]): Promise<ContentChapter[]> {
  const uploaded = chapters.flatMap((c) => c.subChapters.flatMap((s) => s.items)).filter((i) => i.video?.provider === "uploadedVideo");
  const found = await loadMedia(deps, uploaded.map((i) => mediaIdOf(i.video!.source)));
  if (found.size === 0) return chapters;
  const durationOf = (item: ContentItem) => {
    const row = item.video?.provider === "uploadedVideo" ? found.get(mediaIdOf(item.video.source) ?? "") : undefined;
    return row?.durationSeconds ?? null;
  };
  return chapters.map((c) => ({
    ...c,
    subChapters: c.subChapters.map((s) => ({
      ...s,
      items: s.items.map((i) => {
        const d = durationOf(i);
        return d !== null && i.video ? { video: { ...i.video, durationSeconds: d } } : i;
      }),
    })),
  }));
}
