import "server-only";
import type { z } from "zod";
import type { studioItemFields } from "@/lib/contract/calls/studio-content";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { itemBody, itemKind, saveDraft } from "./draft";
import { findItem, itemAnswer, itemFields } from "./get-outline-item";

type Fields = z.output<typeof studioItemFields>;

/** The item with the editor's fields, keeping what the editor does not show (cover, captions, uploaded files, tools). */
function applyFields(item: ContentItem, fields: Fields): ContentItem {
  const slugId = itemBody(item).slugId;
  if (fields.kind === "video") {
    const { title, provider, source, durationSeconds, description, pageContent, freePreview } = fields;
    return { video: { ...item.video!, title, provider, source, durationSeconds, description, pageContent, freePreview, slugId } };
  }
  if (fields.kind === "mcqBlock") {
    const { title, durationInMinutes, questions, passMark, attemptsAllowed } = fields;
    return { mcq: { ...item.mcq!, title, durationInMinutes, questions, slugId, passMark: passMark ?? undefined, attemptsAllowed: attemptsAllowed ?? undefined } };
  }
  const { title, question, description, durationInMinutes, criteria, passMark, minWords, maxWords } = fields;
  return {
    essay: {
      ...item.essay!,
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
  let saved: ContentItem | undefined;
  const { draft } = await saveDraft(deps, user, input, (d) => {
    const item = findItem(d, input.id);
    if (itemKind(item) !== input.fields.kind)
      throw new ApiError(400, "bad_outline_place", `fields.kind: "${input.id}" is a ${itemKind(item)}, not a ${input.fields.kind}.`);
    const before = itemFields(item);
    saved = applyFields(item, input.fields);
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
  return itemAnswer(input.courseId, draft, saved!);
}
