import "server-only";
import { sql } from "drizzle-orm";
import { loadActivityByVersion, toVersionTotals, versionFigures, versionTotalColumns } from "../../domain/completion";
import { isUuid } from "../../domain/ids";
import type { Deps } from "../../deps";
import { notFound } from "../../errors";

/** The timeline's length: the latest events of a learner with a long history. */
export const TIMELINE_LIMIT = 500;

type EventKind =
  | "enrolled"
  | "videoStarted"
  | "videoCompleted"
  | "mcqStarted"
  | "mcqCompleted"
  | "essayStarted"
  | "essaySubmitted"
  | "essayGraded"
  | "certificateIssued";

interface EventRow {
  at: string | Date;
  kind: EventKind;
  course_name: string | null;
  title: string;
  detail: string | null;
}

/**
 * GET /studio/reports/learner: one learner's courses with the progress their own pages show, and
 * what they did, oldest first (the latest TIMELINE_LIMIT events). Four statements.
 */
export async function getReportLearner(deps: Deps, query: { id: string }) {
  if (!isUuid(query.id)) throw notFound("No learner has this id.", "person_not_found");
  const id = query.id;
  const totals = versionTotalColumns(sql`e.version_id`);
  const [person, enrolled, activity, events] = await Promise.all([
    deps.db
      .execute(sql`select u.id, u.name, u.email,
          (select array_agg(b.key order by b.key) from batch_members bm join batches b on b.id = bm.batch_id where bm.user_id = u.id) as batch_keys
        from users u where u.id = ${id}::uuid`)
      .then((r) => (r as unknown as { rows: { id: string; name: string; email: string; batch_keys: string[] | null }[] }).rows[0]),
    deps.db
      .execute(sql`select e.course_id, c.name as course_name, e.version_id, e.created_at,
          ${totals.chapters} as chapters, ${totals.videos} as videos, ${totals.videoSeconds} as "videoSeconds", ${totals.mcqs} as mcqs, ${totals.essays} as essays, ${totals.scorms} as scorms
        from enrollments e join courses c on c.id = e.course_id where e.user_id = ${id}::uuid order by e.created_at, c.name`)
      .then((r) => (r as unknown as { rows: (Record<"chapters" | "videos" | "videoSeconds" | "mcqs" | "essays" | "scorms", unknown> & { course_id: string; course_name: string; version_id: string; created_at: string | Date })[] }).rows),
    loadActivityByVersion(deps.db, id),
    deps.db
      .execute(sql`select * from (
          select e.created_at as at, 'enrolled' as kind, c.name as course_name, c.name as title, null as detail
            from enrollments e join courses c on c.id = e.course_id where e.user_id = ${id}::uuid
          union all
          select vp.created_at, 'videoStarted', c.name, v.title, null
            from video_progress vp join videos v on v.id = vp.video_id join courses c on c.id = vp.course_id where vp.user_id = ${id}::uuid
          union all
          -- (completed_at is the server's clock to the millisecond, created_at the database's to the microsecond: never before the start)
          select greatest(vp.completed_at, vp.created_at), 'videoCompleted', c.name, v.title,
              case when vp.completed_by::text = 'watched' or vp.completed_by is null then round(100 * least(vp.watched_seconds / nullif(v.duration_seconds, 0), 1))::int || '% watched' else 'marked complete' end
            from video_progress vp join videos v on v.id = vp.video_id join courses c on c.id = vp.course_id where vp.user_id = ${id}::uuid and vp.completed_at is not null
          union all
          select a.started_at, 'mcqStarted', c.name, b.title, 'attempt ' || a.attempt_number
            from mcq_attempts a join mcq_blocks b on b.id = a.block_id join courses c on c.id = a.course_id where a.user_id = ${id}::uuid
          union all
          select greatest(coalesce(a.submitted_at, a.deadline_at), a.started_at), 'mcqCompleted', c.name, b.title,
              round(100 * coalesce(a.obtained_score, 0) / nullif(a.total_score, 0))::int || '% (attempt ' || a.attempt_number || ')'
            from mcq_attempts a join mcq_blocks b on b.id = a.block_id join courses c on c.id = a.course_id where a.user_id = ${id}::uuid and a.status = 'completed'
          union all
          select a.started_at, 'essayStarted', c.name, b.title, null
            from essay_attempts a join essay_blocks b on b.id = a.block_id join courses c on c.id = a.course_id where a.user_id = ${id}::uuid
          union all
          select a.submitted_at, 'essaySubmitted', c.name, b.title, a.submission_source::text
            from essay_attempts a join essay_blocks b on b.id = a.block_id join courses c on c.id = a.course_id where a.user_id = ${id}::uuid and a.submitted_at is not null
          union all
          select ev.created_at, 'essayGraded', c.name, b.title, ev.obtained_score::float8::text || ' / ' || ev.total_score::float8::text
            from essay_evaluations ev join essay_attempts a on a.id = ev.attempt_id join essay_blocks b on b.id = a.block_id join courses c on c.id = a.course_id
            where a.user_id = ${id}::uuid
          union all
          select ct.issued_at, 'certificateIssued', c.name, ct.title, case when ct.revoked_at is not null then 'revoked' end
            from certificates ct left join courses c on c.id = ct.course_id where ct.user_id = ${id}::uuid
        ) t
        -- Events of one moment in the order they happen (a video is started before it is completed).
        order by at desc, array_position(array['enrolled', 'videoStarted', 'videoCompleted', 'mcqStarted', 'mcqCompleted', 'essayStarted',
          'essaySubmitted', 'essayGraded', 'certificateIssued'], kind) desc
        limit ${TIMELINE_LIMIT + 1}`)
      .then((r) => (r as unknown as { rows: EventRow[] }).rows),
  ]);
  if (!person) throw notFound("No learner has this id.", "person_not_found");
  const truncated = events.length > TIMELINE_LIMIT;
  return {
    learner: { id: person.id, name: person.name, email: person.email, batches: person.batch_keys ?? [] },
    courses: enrolled.map((e) => {
      const figures = versionFigures(toVersionTotals(e), activity.get(e.version_id));
      return {
        courseId: e.course_id,
        courseName: e.course_name,
        enrolledAt: new Date(e.created_at).toISOString(),
        progressPercent: figures.percent,
        completedVideos: figures.completedVideos,
        totalVideos: figures.totalVideos,
        isCompleted: figures.isCompleted,
      };
    }),
    timeline: events
      .slice(0, TIMELINE_LIMIT)
      .reverse()
      .map((e) => ({ at: new Date(e.at).toISOString(), kind: e.kind, courseName: e.course_name, title: e.title, detail: e.detail === null ? null : String(e.detail) })),
    timelineTruncated: truncated,
  };
}
