import "server-only";
import type { z } from "zod";
import type { studioItemFields } from "@/lib/contract/calls/studio-content";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { itemBody, itemKind, saveDraft } from "./draft";
import { findItem, itemFields, itemView } from "./get-outline-item";
import { itemMediaIds, loadMedia, mediaUrlOf, requireMedia, type MediaRow } from "./item-media";

type Fields = z.output<typeof studioItemFields>;

/** An upload field's new address: left out keeps the old one, null removes it. */
const urlField = (found: Map<string, MediaRow>, field: string, id: string | null | undefined, kind: "captions" | "document", old: string | null | undefined) =>
  id === undefined ? (old ?? null) : id === null ? null : mediaUrlOf(requireMedia(found, field, id, kind));

/**
 * The item with the editor's fields, keeping what the editor does not show (cover, tools). An uploaded
 * video's source is its upload's original file and its duration is the one processing read (0 until
 * then; publishing takes it from the upload).
 */
function applyFields(item: ContentItem, fields: Fields, found: Map<string, MediaRow>): ContentItem {
  const slugId = itemBody(item).slugId;
  if (fields.kind === "video") {
    const { title, description, pageContent, freePreview } = fields;
    const captionsUrl = urlField(found, "fields.captionsMediaId", fields.captionsMediaId, "captions", item.video!.captionsUrl);
    const source =
      fields.provider === "upload"
        ? (() => {
            const media = requireMedia(found, "fields.mediaId", fields.mediaId!, "video");
            return { provider: "uploadedVideo" as const, source: media.originalKey, durationSeconds: media.durationSeconds ?? 0 };
          })()
        : { provider: fields.provider, source: fields.source, durationSeconds: fields.durationSeconds! };
    return { video: { ...item.video!, title, ...source, description, pageContent, freePreview, captionsUrl, slugId } };
  }
  if (fields.kind === "mcqBlock") {
    const { title, durationInMinutes, questions, passMark, attemptsAllowed } = fields;
    return { mcq: { ...item.mcq!, title, durationInMinutes, questions, slugId, passMark: passMark ?? undefined, attemptsAllowed: attemptsAllowed ?? undefined } };
  }
  const { title, question, description, durationInMinutes, criteria, passMark, minWords, maxWords } = fields;
  return {
    essay: {
      ...item.essay!,
      referenceDocument: urlField(found, "fields.referenceDocumentMediaId", fields.referenceDocumentMediaId, "document", item.essay!.referenceDocument),
      solutionDocument: urlField(found, "fields.solutionDocumentMediaId", fields.solutionDocumentMediaId, "document", item.essay!.solutionDocument),
      title,
      question,
      description,
      durationInMinutes,
      passMark: passMark ?? undefined,
      minWords: minWords ?? undefined,
      maxWords: maxWords ?? undefined,
      slugId,
      criteria: criteria.map((k) => ({ gradingCriteria: k.name, description: k.description, marks: k.marks })),
    },
  };
}

/** Saves an item's editor fields to the draft; their kind must be the item's. */
export async function updateOutlineItem(deps: Deps, user: User, input: { courseId: string; revision: number; id: string; fields: Fields }) {
  const f = input.fields;
  const named = f.kind === "video" ? [f.mediaId, f.captionsMediaId] : f.kind === "essayBlock" ? [f.referenceDocumentMediaId, f.solutionDocumentMediaId] : [];
  const found = await loadMedia(deps, named.map((id) => id?.toLowerCase()));
  let saved: ContentItem | undefined;
  const { draft } = await saveDraft(deps, user, input, (d) => {
    const item = findItem(d, input.id);
    if (itemKind(item) !== input.fields.kind)
      throw new ApiError(400, "bad_outline_place", `fields.kind: "${input.id}" is a ${itemKind(item)}, not a ${input.fields.kind}.`);
    const before = itemFields(item);
    saved = applyFields(item, input.fields, found);
    Object.assign(item, { video: undefined, mcq: undefined, essay: undefined }, saved);
    for (const k of ["video", "mcq", "essay"] as const) if (item[k] === undefined) delete item[k];
    const after = itemFields(item);
    const changed = Object.keys(after).filter((k) => JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(after[k as keyof typeof after]));
    return {
      action: "item.update",
      summary: `Edited ${itemKind(item)} "${after.title}"${changed.length ? `: ${changed.join(", ")}` : " (no change)"}`,
      before: Object.fromEntries(changed.map((k) => [k, before[k as keyof typeof before]])),
      after: Object.fromEntries(changed.map((k) => [k, after[k as keyof typeof after]])),
    };
  });
  const more = await loadMedia(deps, itemMediaIds(saved!).filter((id) => !found.has(id)));
  return { courseId: input.courseId, revision: draft.revision, id: itemBody(saved!).slugId, fields: itemView(saved!, new Map([...found, ...more])) };
}
