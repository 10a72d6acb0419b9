import "server-only";
import type { ContentItem } from "@/lib/server/content/readers/course-tree";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { locate, newSlugId, outlineAnswer, saveDraft } from "./draft";

type NodeKind = "chapter" | "subChapter" | "video" | "mcqBlock" | "essayBlock";

/** A new item, empty until its editor fills it in: publishing refuses it until then. */
function emptyItem(kind: "video" | "mcqBlock" | "essayBlock", slugId: string, title: string): ContentItem {
  if (kind === "video") return { video: { slugId, title, description: "", provider: "youtube", source: "", durationSeconds: 0, toolsCovered: [], freePreview: false } };
  if (kind === "mcqBlock") return { mcq: { slugId, title, durationInMinutes: 10, questions: [] } };
  return { essay: { slugId, title, question: "", description: "", durationInMinutes: 60, criteria: [] } };
}

/** A refusal of the place named, with the rule broken as `details.reason`. */
const badPlace = (message: string, reason: string) => new ApiError(400, "bad_outline_place", message, {}, { reason });

/** Adds a chapter, a sub-chapter under a chapter, or an item under a sub-chapter, at `index` (default: the end). */
export async function addOutlineNode(
  deps: Deps,
  user: User,
  input: { courseId: string; revision: number; kind: NodeKind; parentId?: string; index?: number; title: string },
) {
  const id = newSlugId(input.title);
  const { draft } = await saveDraft(deps, user, input, ({ chapters }) => {
    const at = <T>(list: T[]) => Math.min(input.index ?? list.length, list.length);
    let where = "the course";
    if (input.kind === "chapter") {
      if (input.parentId) throw badPlace("parentId: a chapter has no parent.", "chapterHasNoParent");
      chapters.splice(at(chapters), 0, { slugId: id, title: input.title, subChapters: [] });
    } else {
      if (!input.parentId) throw badPlace(`parentId: a ${input.kind === "subChapter" ? "sub-chapter needs a chapter" : "item needs a sub-chapter"} to go in.`, input.kind === "subChapter" ? "subChapterNeedsChapter" : "itemNeedsSubChapter");
      const parent = locate(chapters, input.parentId);
      if (input.kind === "subChapter") {
        if (parent.kind !== "chapter") throw badPlace("parentId: a sub-chapter goes in a chapter.", "subChapterInChapter");
        parent.chapter.subChapters.splice(at(parent.chapter.subChapters), 0, { slugId: id, title: input.title, items: [] });
        where = `"${parent.chapter.title}"`;
      } else {
        if (parent.kind !== "subChapter") throw badPlace("parentId: an item goes in a sub-chapter.", "itemInSubChapter");
        parent.sub.items.splice(at(parent.sub.items), 0, emptyItem(input.kind, id, input.title));
        where = `"${parent.sub.title}"`;
      }
    }
    return { action: "outline.add", summary: `Added ${input.kind} "${input.title}" to ${where}`, before: null, after: { id, kind: input.kind, title: input.title, parentId: input.parentId ?? null } };
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), id };
}
