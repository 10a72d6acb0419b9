import "server-only";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import type { mediaFiles } from "../../db/schema";

/** The address a file-store key is served at (GET /api/files/{key}). */
export const fileUrlOf = (key: string) => `/api/files/${key.split("/").map(encodeURIComponent).join("/")}`;

/** Where an upload's files are kept in the file store: media/{id}/... */
export const mediaKeyOf = (mediaId: string, name: string) => `media/${mediaId}/${name}`;

/** A media row as the studio's calls answer it. */
export function studioMediaOf(row: typeof mediaFiles.$inferSelect): StudioMedia {
  return {
    id: row.id,
    kind: row.kind,
    originalName: row.originalName,
    sizeBytes: row.sizeBytes,
    state: row.state,
    url: fileUrlOf(row.originalKey),
    durationSeconds: row.durationSeconds,
    width: row.width,
    height: row.height,
    posterUrl: row.posterKey ? fileUrlOf(row.posterKey) : null,
    hlsUrl: row.hlsMasterKey ? fileUrlOf(row.hlsMasterKey) : null,
    renditions: row.renditions,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}
