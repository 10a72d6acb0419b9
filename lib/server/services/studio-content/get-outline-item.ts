import "server-only";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import type { Deps } from "../../deps";
import { ApiError } from "../../errors";
import { itemBody, locate, openDraft, type Draft } from "./draft";

/** An item's editor fields, from the draft's item in the content files' shape. */
export function itemFields(item: ContentItem) {
  if (item.video) {
    const v = item.video;
    return {
      kind: "video" as const,
      title: v.title,
      provider: v.provider,
      source: v.source,
      durationSeconds: v.durationSeconds,
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
    criteria: e.criteria.map((k) => ({ name: k.gradingCriteria, description: k.description, marks: k.marks })),
  };
}

/** The draft's item of this id, or 404 outline_node_not_found when the id names no item. */
export function findItem(draft: Draft, id: string): ContentItem {
  const found = locate(draft.chapters, id);
  if (found.kind === "chapter" || found.kind === "subChapter") throw new ApiError(404, "outline_node_not_found", `"${id}" is a ${found.kind}, not an item.`);
  return found.item;
}

export const itemAnswer = (courseId: string, draft: Draft, item: ContentItem) => ({ courseId, revision: draft.revision, id: itemBody(item).slugId, fields: itemFields(item) });

/** An item of the draft with everything its editor shows, the MCQ key included. */
export async function getOutlineItem(deps: Deps, query: { courseId: string; id: string }) {
  const { draft } = await openDraft(deps, query.courseId);
  return itemAnswer(query.courseId, draft, findItem(draft, query.id));
}
