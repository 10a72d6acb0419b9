import { z } from "zod";
import { defineCall, type Access } from "../call";
import { MEDIA_KINDS } from "../media-limits";

// Files uploaded in the studio (videos, captions, documents, images) and what processing made of
// them. The upload itself goes through the tus endpoint /api/studio/uploads (docs/media.md), which
// is not a JSON call; these calls read what it stored.

/** Who may use the studio's media, uploads and these calls alike: authors and administrators. */
export const STUDIO_ACCESS: Access = "author";

export const mediaStates = ["uploaded", "processing", "ready", "failed"] as const;

export const studioMedia = z
  .object({
    id: z.string().describe("The upload's id (also the last part of its tus upload address)"),
    kind: z.enum(MEDIA_KINDS).describe("What the file is: video, captions (WebVTT), document (PDF, DOCX) or image (PNG, JPEG, WebP)"),
    originalName: z.string().describe("The file's name as the author's computer had it"),
    sizeBytes: z.number().int().describe("The file's size in bytes"),
    state: z
      .enum(mediaStates)
      .describe("uploaded: stored, waiting to be processed; processing: at work; ready: done; failed: processing did not finish (see error), the original still plays"),
    url: z.string().describe("Address of the original file (what a video plays when it has no HLS rendition)"),
    durationSeconds: z.number().int().nullable().describe("A video's duration, read by ffprobe; null until processed"),
    width: z.number().int().nullable().describe("A video's width in pixels; null until processed"),
    height: z.number().int().nullable().describe("A video's height in pixels; null until processed"),
    posterUrl: z.string().nullable().describe("A frame of the video as a JPEG; null until processed"),
    hlsUrl: z.string().nullable().describe("The HLS master playlist of the video's renditions; null until processed"),
    renditions: z.array(z.number().int()).describe("Heights of the HLS renditions made, e.g. [360, 720]"),
    error: z.string().nullable().describe("Why processing failed or was skipped (e.g. ffmpeg is not installed), in words for the author"),
    createdAt: z.string().describe("When the upload finished (ISO 8601)"),
  })
  .meta({ id: "StudioMedia" });
export type StudioMedia = z.infer<typeof studioMedia>;

export const getMedia = defineCall({
  method: "GET",
  group: "",
  path: "/studio/media",
  summary: "One uploaded file and its processing state: a video's duration, poster and HLS renditions, or why processing failed.",
  access: STUDIO_ACCESS,
  query: z.object({ mediaId: z.uuid({ error: "mediaId must be a UUID" }).describe("The upload's id") }),
  response: studioMedia,
  errors: ["not_found"],
});
