import "server-only";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { studioMediaOf } from "../studio-media";
import { itemBody, locate, openDraft, type Draft } from "./draft";
import { itemMediaIds, loadMedia, mediaIdOf, type MediaRow } from "./item-media";

/** An item's editor fields, from the draft's item in the content files' shape (what the audit compares). */
export function itemFields(item: ContentItem) {
  if (item.scorm) {
    throw new ApiError(
      404,
      "outline_node_not_found",
      `"${item.scorm.slugId}" is a SCORM item: its package is not edited here: delete the item and upload the new package in the outline, or import its course file again (content:import).`,
      {},
      { reason: "scormItem", id: item.scorm.slugId },
    );
  }
  if (item.video) {
    const v = item.video;
    return {
      kind: "video" as const,
      title: v.title,
      provider: v.provider,
      source: v.source,
      durationSeconds: v.durationSeconds,
      captionsUrl: v.captionsUrl ?? null,
      description: v.description,
      pageContent: v.pageContent ?? null,
      freePreview: v.freePreview,
    };
  }
  if (item.mcq) {
    const m = item.mcq;
    return {
      kind: "mcqBlock" as const,
      title: m.title,
      durationInMinutes: m.durationInMinutes,
      passMark: m.passMark ?? null,
      attemptsAllowed: m.attemptsAllowed ?? null,
      questions: m.questions,
    };
  }
  const e = item.essay!;
  return {
    kind: "essayBlock" as const,
    title: e.title,
    question: e.question,
    description: e.description,
    durationInMinutes: e.durationInMinutes,
    passMark: e.passMark ?? null,
    minWords: e.minWords ?? null,
    maxWords: e.maxWords ?? null,
    referenceDocumentUrl: e.referenceDocument ?? null,
    solutionDocumentUrl: e.solutionDocument ?? null,
    criteria: e.criteria.map((k) => ({ name: k.gradingCriteria, description: k.description, marks: k.marks })),
  };
}

/** The draft's item of this id, or 404 outline_node_not_found when the id names no item. */
export function findItem(draft: Draft, id: string): ContentItem {
  const found = locate(draft.chapters, id);
  if (found.kind === "chapter" || found.kind === "subChapter") {
    throw new ApiError(404, "outline_node_not_found", `"${id}" is a ${found.kind}, not an item.`, {}, { reason: "notAnItem", id, kind: found.kind });
  }
  return found.item;
}

/** The editor's view of an item: its fields and the uploads it uses, with where their processing stands. */
export function itemView(item: ContentItem, media: Map<string, MediaRow>) {
  const fields = itemFields(item);
  const record = (keyOrUrl: string | null | undefined) => {
    const row = media.get(mediaIdOf(keyOrUrl) ?? "");
    return row ? studioMediaOf(row) : null;
  };
  if (fields.kind === "video") {
    const upload = fields.provider === "uploadedVideo" ? record(fields.source) : null;
    // An upload's duration is read by processing; the draft may have been saved before it was.
    const durationSeconds = upload?.durationSeconds ?? fields.durationSeconds;
    return { ...fields, durationSeconds, media: upload, captions: record(fields.captionsUrl) };
  }
  if (fields.kind === "essayBlock") {
    return { ...fields, referenceDocument: record(fields.referenceDocumentUrl), solutionDocument: record(fields.solutionDocumentUrl) };
  }
  return fields;
}

export async function itemAnswer(deps: Deps, courseId: string, draft: Draft, item: ContentItem) {
  const media = await loadMedia(deps, itemMediaIds(item));
  return { courseId, revision: draft.revision, id: itemBody(item).slugId, fields: itemView(item, media) };
}

/** An item of the draft with everything its editor shows, the MCQ key included. */
export async function getOutlineItem(deps: Deps, query: { courseId: string; id: string }) {
  const { draft } = await openDraft(deps, query.courseId);
  return itemAnswer(deps, query.courseId, draft, findItem(draft, query.id));
}
