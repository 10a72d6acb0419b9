import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a learner did in other versions of a course, carried to the items of the same stable id
 * (slugId) in `toVersionId`, in the transaction that moves them there (changeCourseVersion). Two
 * statements whatever the course's size:
 *
 * - watched videos: the progress row is copied to the new version's video (ranges, position and
 *   completion); the old row stays with the old version, and a row the learner already has in the new
 *   version is left as it is;
 * - multiple-choice attempts move to the new version's block, with their score and status, and their
 *   answers follow the questions and options by position; an attempt is never moved onto a block the
 *   learner has an attempt at already.
 *
 * Essays are moved by migrateEssayAttempts. Running it again changes nothing.
 */
export async function carryProgress(tx: Tx, input: { userId: string; courseId: string; toVersionId: string }): Promise<void> {
  const { userId, courseId, toVersionId } = input;
  await tx.execute(sql`
    insert into video_progress (user_id, video_id, course_id, version_id, watched_ranges, watched_seconds, last_position_seconds,
      position_recorded_at, completed_at, completed_by, created_at, updated_at)
    select distinct on (nv.id) p.user_id, nv.id, p.course_id, ${toVersionId}, p.watched_ranges, p.watched_seconds, p.last_position_seconds,
      p.position_recorded_at, p.completed_at, p.completed_by, p.created_at, p.updated_at
    from video_progress p
      join videos ov on ov.id = p.video_id
      join videos nv on nv.slug_id = ov.slug_id
      join sub_chapters ns on ns.id = nv.sub_chapter_id
      join chapters nc on nc.id = ns.chapter_id and nc.version_id = ${toVersionId}
    where p.user_id = ${userId} and p.course_id = ${courseId} and p.version_id <> ${toVersionId}
    order by nv.id, p.completed_at nulls last, p.watched_seconds desc
    on conflict (user_id, video_id) do nothing`);
  await tx.execute(sql`
    with moved as (
      update mcq_attempts a set block_id = nb.id, version_id = ${toVersionId}
      from mcq_blocks ob, mcq_blocks nb, sub_chapters ns, chapters nc
      where a.user_id = ${userId} and a.course_id = ${courseId} and a.version_id <> ${toVersionId}
        and ob.id = a.block_id and nb.slug_id = ob.slug_id and ns.id = nb.sub_chapter_id and nc.id = ns.chapter_id and nc.version_id = ${toVersionId}
        and not exists (select 1 from mcq_attempts x where x.user_id = ${userId} and x.block_id = nb.id)
      returning a.id, a.block_id
    )
    update mcq_answers ans set
      question_id = nq.id,
      selected_option_ids = coalesce((
        select jsonb_agg(no.id order by oo.position)
        from jsonb_array_elements_text(ans.selected_option_ids) s(option_id)
          join mcq_options oo on oo.id::text = s.option_id
          join mcq_options no on no.question_id = nq.id and no.position = oo.position), '[]'::jsonb)
    from moved m, mcq_questions oq, mcq_questions nq
    where ans.attempt_id = m.id and oq.id = ans.question_id and nq.block_id = m.block_id and nq.position = oq.position`);
}
