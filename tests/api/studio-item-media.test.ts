import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as calls from "@/lib/contract/calls/studio-content";
import { courseVersions, essayBlocks, mediaFiles, videos } from "@/lib/server/db/schema";
import { createTestApi, type TestApi } from "../support/api";

// Items that use the studio's uploads: an uploaded video (its duration read by processing), its
// captions, an essay's reference and solution documents.

let t: TestApi;
let author: string;

beforeAll(async () => {
  t = await createTestApi();
  await t.createUser({ email: "author@example.com", role: "author" });
  author = await t.signIn("author@example.com");
});
afterAll(() => t.close());

async function media(kind: "video" | "captions" | "document" | "image", name: string, extra: Partial<typeof mediaFiles.$inferInsert> = {}) {
  const id = randomUUID();
  const ext = name.split(".").pop();
  await t.db.insert(mediaFiles).values({ id, kind, originalName: name, contentType: "application/octet-stream", sizeBytes: 100, originalKey: `media/${id}/original.${ext}`, state: "uploaded", ...extra });
  return id;
}

async function course(slugId: string) {
  const made = await t.call(calls.createCourse, { token: author, body: { slugId, name: `Course ${slugId}`, description: "", domain: "Civil", courseType: "nonMandatory", price: null, isPremium: false } });
  const add = async (revision: number, kind: string, title: string, parentId?: string) => {
    const res = await t.call(calls.addOutlineNode, { token: author, body: { courseId: made.body.courseId, revision, kind, title, parentId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; revision: number };
  };
  const chapter = await add(made.body.revision, "chapter", "Basics");
  const sub = await add(chapter.revision, "subChapter", "Steps", chapter.id);
  const video = await add(sub.revision, "video", "Clip", sub.id);
  const essay = await add(video.revision, "essayBlock", "Write", sub.id);
  return { courseId: made.body.courseId as string, revision: essay.revision, videoId: video.id, essayId: essay.id };
}

const save = (courseId: string, revision: number, id: string, fields: Record<string, unknown>) => t.call(calls.updateOutlineItem, { token: author, body: { courseId, revision, id, fields } });
const uploadVideo = (mediaId: string, extra: Record<string, unknown> = {}) => ({ kind: "video", title: "Clip", provider: "upload", mediaId, ...extra });
const essayFields = (extra: Record<string, unknown>) => ({ kind: "essayBlock", title: "Write", question: "Explain.", durationInMinutes: 30, criteria: [{ name: "Clarity", marks: 5 }], ...extra });

describe("an uploaded video", () => {
  it("is saved as the upload's original file with the duration processing read, and read back with its record", async () => {
    const c = await course("upload-ready");
    const clip = await media("video", "clip.mp4", { state: "ready", durationSeconds: 42, hlsMasterKey: "x/hls/master.m3u8" });
    const captions = await media("captions", "en.vtt");
    const saved = await save(c.courseId, c.revision, c.videoId, uploadVideo(clip, { captionsMediaId: captions, durationSeconds: 999 }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.fields).toMatchObject({
      provider: "uploadedVideo",
      source: `media/${clip}/original.mp4`,
      durationSeconds: 42,
      captionsUrl: `/api/files/media/${captions}/original.vtt`,
      media: { id: clip, state: "ready", durationSeconds: 42 },
      captions: { id: captions, kind: "captions" },
    });
    const read = await t.call(calls.getOutlineItem, { token: author, query: { courseId: c.courseId, id: c.videoId } });
    expect(read.body.fields).toEqual(saved.body.fields);

    // Saving its other fields keeps the captions; null removes them.
    const kept = await save(c.courseId, saved.body.revision, c.videoId, uploadVideo(clip, { title: "Clip 2" }));
    expect(kept.body.fields).toMatchObject({ title: "Clip 2", captions: { id: captions } });
    const removed = await save(c.courseId, kept.body.revision, c.videoId, uploadVideo(clip, { captionsMediaId: null }));
    expect(removed.body.fields).toMatchObject({ captionsUrl: null, captions: null });
  });

  it("takes its duration from the upload once processed, and publishes so that the learning page finds its HLS", async () => {
    const c = await course("upload-later");
    const clip = await media("video", "clip.mp4");
    const captions = await media("captions", "en.vtt");
    const saved = await save(c.courseId, c.revision, c.videoId, uploadVideo(clip, { captionsMediaId: captions }));
    expect(saved.body.fields).toMatchObject({ durationSeconds: 0, media: { state: "uploaded", durationSeconds: null } });

    await t.db.update(mediaFiles).set({ state: "ready", durationSeconds: 7, hlsMasterKey: `media/${clip}/hls/master.m3u8` }).where(eq(mediaFiles.id, clip));
    const read = await t.call(calls.getOutlineItem, { token: author, query: { courseId: c.courseId, id: c.videoId } });
    expect(read.body.fields).toMatchObject({ durationSeconds: 7, media: { state: "ready", hlsUrl: `/api/files/media/${clip}/hls/master.m3u8` } });

    const essay = await save(c.courseId, saved.body.revision, c.essayId, essayFields({}));
    const published = await t.call(calls.publishCourse, { token: author, body: { courseId: c.courseId, revision: essay.body.revision, versionName: "v1" } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const [version] = await t.db.select().from(courseVersions).where(eq(courseVersions.id, published.body.versionId));
    expect(version).toBeDefined();
    const [row] = await t.db.select().from(videos).where(eq(videos.slugId, c.videoId));
    // The learning page joins media_files on the video's source to find hlsUrl.
    expect(row).toMatchObject({ provider: "uploadedVideo", source: `media/${clip}/original.mp4`, durationSeconds: 7, captionsUrl: `/api/files/media/${captions}/original.vtt` });
  });

  it("refuses an upload of another kind or an unknown id, naming the field", async () => {
    const c = await course("upload-bad");
    const doc = await media("document", "notes.pdf");
    const wrong = await save(c.courseId, c.revision, c.videoId, uploadVideo(doc));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain("fields.mediaId");
    expect(wrong.body.message).toContain('"notes.pdf" is a document, not a video');
    const unknown = await save(c.courseId, c.revision, c.videoId, uploadVideo(randomUUID()));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/fields\.mediaId: no upload has the id/);
    const clip = await media("video", "clip.mp4");
    const badCaptions = await save(c.courseId, c.revision, c.videoId, uploadVideo(clip, { captionsMediaId: clip }));
    expect(badCaptions.status).toBe(400);
    expect(badCaptions.body.message).toContain("fields.captionsMediaId");
    const none = await save(c.courseId, c.revision, c.videoId, { kind: "video", title: "Clip", provider: "upload" });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("mediaId");
    const noLength = await save(c.courseId, c.revision, c.videoId, { kind: "video", title: "Clip", provider: "youtube", source: "dQw4w9WgXcQ" });
    expect(noLength.status).toBe(400);
    expect(noLength.body.message).toContain("durationSeconds");
  });
});

describe("an essay's documents", () => {
  it("are saved, read back with their records, kept when left out and removed with null", async () => {
    const c = await course("essay-docs");
    const reference = await media("document", "brief.pdf");
    const solution = await media("document", "answer.docx");
    const saved = await save(c.courseId, c.revision, c.essayId, essayFields({ referenceDocumentMediaId: reference, solutionDocumentMediaId: solution }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.fields).toMatchObject({
      referenceDocumentUrl: `/api/files/media/${reference}/original.pdf`,
      referenceDocument: { id: reference, originalName: "brief.pdf" },
      solutionDocumentUrl: `/api/files/media/${solution}/original.docx`,
      solutionDocument: { id: solution, originalName: "answer.docx" },
    });
    const read = await t.call(calls.getOutlineItem, { token: author, query: { courseId: c.courseId, id: c.essayId } });
    expect(read.body.fields).toEqual(saved.body.fields);
    const kept = await save(c.courseId, saved.body.revision, c.essayId, essayFields({ title: "Write more", solutionDocumentMediaId: null }));
    expect(kept.body.fields).toMatchObject({ referenceDocument: { id: reference }, solutionDocumentUrl: null, solutionDocument: null });

    const image = await media("image", "cover.png");
    const wrong = await save(c.courseId, kept.body.revision, c.essayId, essayFields({ referenceDocumentMediaId: image }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('fields.referenceDocumentMediaId: "cover.png" is an image, not a document');
    const unknown = await save(c.courseId, kept.body.revision, c.essayId, essayFields({ solutionDocumentMediaId: randomUUID() }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("fields.solutionDocumentMediaId");

    // Published, the essay's documents are what the learner's essay page links to.
    const video = await save(c.courseId, kept.body.revision, c.videoId, { kind: "video", title: "Clip", provider: "youtube", source: "dQw4w9WgXcQ", durationSeconds: 60 });
    const published = await t.call(calls.publishCourse, { token: author, body: { courseId: c.courseId, revision: video.body.revision, versionName: "v1" } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const [row] = await t.db.select().from(essayBlocks).where(eq(essayBlocks.slugId, c.essayId));
    expect(row).toMatchObject({ referenceDocument: `/api/files/media/${reference}/original.pdf`, solutionDocument: null });
  });
});
