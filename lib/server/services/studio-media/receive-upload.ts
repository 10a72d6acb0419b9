import "server-only";
import { open, readFile } from "node:fs/promises";
import type { StudioMedia } from "@/lib/contract/calls/studio-media";
import { extensionOf, MEDIA_LIMITS, mediaRefusal, type MediaKind } from "@/lib/contract/media-limits";
import { checkWebVtt } from "@/lib/webvtt";
import { mediaFiles } from "../../db/schema";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { fileStoreFromEnv } from "../../storage/file-store";
import { contentTypeOf } from "../../storage/local-files";
import { getMedia } from "./get-media";
import { mediaKeyOf, studioMediaOf } from "./media-record";

/** What an upload says it is, from its tus metadata, checked before a byte is stored. */
export function checkUploadRequest(metadata: Record<string, string | null | undefined>, size: number | undefined): { kind: MediaKind; fileName: string } {
  const kind = metadata.kind ?? "";
  const fileName = metadata.filename ?? "";
  const refusal = mediaRefusal(kind, fileName, size);
  if (refusal?.reason === "type") throw new ApiError(415, "unsupported_file_type", refusal.message);
  if (refusal?.reason === "size") throw new ApiError(413, "file_too_large", refusal.message);
  if (refusal?.reason === "empty") throw new ApiError(400, "empty_file", refusal.message);
  if (refusal) throw new ApiError(400, "bad_request", refusal.message);
  return { kind: kind as MediaKind, fileName };
}

/** The first bytes each accepted type starts with, so a renamed file is refused for what it is. */
function contentMatches(ext: string, head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  switch (ext) {
    case "mp4":
    case "mov":
      return ["ftyp", "moov", "mdat", "free", "wide", "skip"].includes(ascii(4, 8));
    case "webm":
      return head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    case "pdf":
      return ascii(0, 5) === "%PDF-";
    case "docx":
      return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    case "png":
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "jpg":
    case "jpeg":
      return head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
    case "webp":
      return ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
    case "vtt":
      return true; // checked whole below
    default:
      return false;
  }
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await handle.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Takes a finished upload from where the tus server assembled it (a file of this machine): checks
 * its content is what its name says (captions: valid WebVTT, naming the wrong line), stores it in the
 * file store as media/{id}/original.{ext}, records it, and queues a video's processing.
 */
export async function receiveUpload(
  deps: Deps,
  upload: { id: string; file: string; size: number; metadata: Record<string, string | null | undefined> },
  uploadedBy: string | null,
): Promise<StudioMedia> {
  const { kind, fileName } = checkUploadRequest(upload.metadata, upload.size);
  const ext = extensionOf(fileName);
  if (!contentMatches(ext, await firstBytes(upload.file, 16))) {
    throw new ApiError(415, "unsupported_file_type", `"${fileName}" does not hold what a .${ext} file holds: its content is of another type (allowed: ${MEDIA_LIMITS[kind].label}).`);
  }
  if (kind === "captions") {
    const checked = checkWebVtt(await readFile(upload.file, "utf8"));
    if (!checked.ok) throw new ApiError(400, "bad_request", `"${fileName}" is not valid WebVTT. ${checked.message}`);
  }
  const originalKey = mediaKeyOf(upload.id, `original.${ext}`);
  await fileStoreFromEnv(deps.env).putFile(originalKey, upload.file);
  const [row] = await deps.db
    .insert(mediaFiles)
    .values({
      id: upload.id,
      kind,
      originalName: fileName,
      contentType: contentTypeOf(originalKey),
      sizeBytes: upload.size,
      originalKey,
      state: kind === "video" ? "uploaded" : "ready",
      uploadedBy,
    })
    .onConflictDoNothing()
    .returning();
  // A finish sent twice (the client retried) finds the row already there.
  const media = row ? studioMediaOf(row) : await getMedia(deps, { mediaId: upload.id });
  if (kind === "video") await deps.jobs.send("process-media", `media:${upload.id}`, { mediaId: upload.id });
  return media;
}
