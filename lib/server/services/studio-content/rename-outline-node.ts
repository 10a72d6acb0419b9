import "server-only";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { itemBody, locate, outlineAnswer, saveDraft, titleOf } from "./draft";

/** Renames a chapter, sub-chapter or item; its stable id stays. */
export async function renameOutlineNode(deps: Deps, user: User, input: { courseId: string; revision: number; id: string; title: string }) {
  const { draft } = await saveDraft(deps, user, input, ({ chapters }) => {
    const found = locate(chapters, input.id);
    const before = titleOf(found);
    if (found.kind === "chapter") found.chapter.title = input.title;
    else if (found.kind === "subChapter") found.sub.title = input.title;
    else itemBody(found.item).title = input.title;
    return { action: "outline.rename", summary: `Renamed "${before}" to "${input.title}"`, before: { title: before }, after: { title: input.title } };
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), id: input.id };
}
