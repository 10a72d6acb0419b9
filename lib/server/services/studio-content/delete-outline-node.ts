import "server-only";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { User } from "../../domain/user";
import { ApiError } from "../../errors";
import { itemIdsUnder, locate, openDraft, outlineAnswer, saveDraft, titleOf } from "./draft";

/** How many learners have progress (a watched video, an MCQ attempt, an essay attempt) on these items, in any version of the course. */
export async function learnersWithProgress(deps: Deps, courseId: string, itemIds: string[]): Promise<number> {
  if (!itemIds.length) return 0;
  const ids = sql.join(
    itemIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await deps.db.execute(sql`
    select count(distinct user_id)::int as n from (
      select p.user_id from video_progress p join videos v on v.id = p.video_id where p.course_id = ${courseId} and v.slug_id in (${ids})
      union all
      select a.user_id from mcq_attempts a join mcq_blocks b on b.id = a.block_id where a.course_id = ${courseId} and b.slug_id in (${ids})
      union all
      select a.user_id from essay_attempts a join essay_blocks b on b.id = a.block_id where a.course_id = ${courseId} and b.slug_id in (${ids})
    ) x`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * Deletes a node of the draft and all it holds. When learners have progress on what it holds, it is
 * refused until sent again with `confirm`. Published versions are never changed, so the progress
 * stays where it was made; the next version simply does not have the item.
 */
export async function deleteOutlineNode(deps: Deps, user: User, input: { courseId: string; revision: number; id: string; confirm: boolean }) {
  const { draft: seen } = await openDraft(deps, input.courseId);
  const learners = seen.revision === input.revision ? await learnersWithProgress(deps, input.courseId, itemIdsUnder(locate(seen.chapters, input.id))) : 0;
  if (learners > 0 && !input.confirm) {
    throw new ApiError(
      409,
      "delete_needs_confirmation",
      `${learners} learner${learners === 1 ? " has" : "s have"} progress on this. Send it again with confirm to delete it from the draft.`,
      {},
      { learnersWithProgress: learners },
    );
  }
  const { draft } = await saveDraft(deps, user, input, ({ chapters }) => {
    const found = locate(chapters, input.id);
    found.list.splice(found.index, 1);
    return {
      action: "outline.delete",
      summary: `Deleted ${found.kind} "${titleOf(found)}"${learners ? ` (${learners} learners had progress)` : ""}`,
      before: { id: input.id, kind: found.kind, title: titleOf(found), parentId: found.kind === "chapter" ? null : found.parent.slugId, index: found.index },
      after: null,
    };
  });
  return { ...(await outlineAnswer(deps, input.courseId, draft)), id: input.id, learnersWithProgress: learners };
}
