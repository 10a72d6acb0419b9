import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { locate, outlineAnswer, saveDraft, titleOf, type Located } from "./draft";

/** A refusal of the place named, with the rule broken as `details.reason`. */
const badPlace = (message: string, reason: string) => new ApiError(400, "bad_outline_place", message, {}, { reason });

const parentIdOf = (found: Located) => (found.kind === "chapter" ? null : found.parent.slugId);

/**
 * Moves a node to `index` under `parentId`: a chapter among the chapters (no parent), a sub-chapter
 * into any chapter, an item into any sub-chapter. The index counts in the list as it is after the
 * node is taken out; a larger index puts it last.
 */
export async function moveOutlineNode(deps: Deps, user: User, input: { courseId: string; revision: number; id: string; parentId?: string; index: number }) {
  const { draft } = await saveDraft(deps, user, input, ({ chapters }) => {
    const found = locate(chapters, input.id);
    const before = { parentId: parentIdOf(found), index: found.index };
    let target: unknown[];
    let targetTitle = "the course";
    if (found.kind === "chapter") {
      if (input.parentId) throw badPlace("parentId: a chapter has no parent.", "chapterHasNoParent");
      target = chapters;
    } else {
      if (!input.parentId) throw badPlace(`parentId: name the ${found.kind === "subChapter" ? "chapter" : "sub-chapter"} to move it to.`, found.kind === "subChapter" ? "moveToChapter" : "moveToSubChapter");
      const parent = locate(chapters, input.parentId);
      if (found.kind === "subChapter") {
        if (parent.kind !== "chapter") throw badPlace("parentId: a sub-chapter goes in a chapter.", "subChapterInChapter");
        target = parent.chapter.subChapters;
      } else {
        if (parent.kind !== "subChapter") throw badPlace("parentId: an item goes in a sub-chapter.", "itemInSubChapter");
        target = parent.sub.items;
      }
      targetTitle = `"${titleOf(parent)}"`;
    }
    const [node] = found.list.splice(found.index, 1);
    const index = Math.min(input.index, target.length);
    target.splice(index, 0, node);
    return {
      action: "outline.move",
      summary: `Moved "${titleOf(found)}" to ${targetTitle}, position ${index + 1}`,
      before,
      after: { parentId: input.parentId ?? null, index },
    };
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), id: input.id };
}
