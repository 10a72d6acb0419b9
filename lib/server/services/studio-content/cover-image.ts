import "server-only";
import { and, eq } from "drizzle-orm";
import { mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { badRequest, type ApiError } from "../../errors";

/** The address a studio upload's original is served at: /api/files/media/{id}/original.{ext}. */
const uploadedOriginal = /^\/api\/files\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(original\.[a-z0-9]+)$/;

/**
 * Why a course's cover may not be stored in `courses.image` (what the catalogue shows as the course's
 * picture), or null when it may: null (no cover) or the address of an image uploaded in the studio.
 * The cover a course already has is also kept (an imported course's picture stays when its other
 * settings are saved): the caller compares with it.
 */
export async function coverImageRefusal(deps: Deps, cover: string | null): Promise<ApiError | null> {
  if (cover === null) return null;
  const refusal = badRequest(
    `coverImage must be null or the address of an image uploaded in the studio (/api/files/media/{id}/original.png); "${cover.slice(0, 200)}" is not one.`,
  );
  const match = uploadedOriginal.exec(cover);
  if (!match) return refusal;
  const [, id, name] = match;
  const [media] = await deps.db
    .select({ kind: mediaFiles.kind })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, id!), eq(mediaFiles.originalKey, `media/${id}/${name}`)));
  if (!media) return refusal;
  if (media.kind !== "image") return badRequest(`coverImage must be an image upload; this upload is a ${media.kind}.`);
  return null;
}
