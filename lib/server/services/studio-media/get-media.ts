import "server-only";
import { eq } from "drizzle-orm";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import { mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";
import { studioMediaOf } from "./media-record";

/** One uploaded file and where its processing stands. */
export async function getMedia(deps: Deps, query: { mediaId: string }): Promise<StudioMedia> {
  const [row] = await deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, query.mediaId));
  if (!row) throw notFound("No upload has this id.");
  return studioMediaOf(row);
}
