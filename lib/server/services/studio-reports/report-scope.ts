import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { ApiError, badRequest } from "../../errors";

/** The filters of every report call; they combine. */
export interface ReportFilter {
  program?: string;
  batch?: string;
  course?: string;
}

export type ReportSort = "name" | "email" | "enrolled";
export type ReportOrder = "asc" | "desc";

/**
 * What a report is of, resolved from its filters in one statement: which enrollments count (the
 * course, the program's courses, or all), which learners (a batch's members), what progress means
 * (the course's, the program's, or over the enrolled courses the filters keep) and, for one course,
 * its quizzes and essays (of its current version, by their stable slug ids) as columns.
 */
export interface ReportScope {
  kind: "course" | "program" | "enrollments";
  courseId: string | null;
  programId: string | null;
  /** The program's courses (kind program). */
  programCourseIds: string[];
  batchId: string | null;
  mcqBlocks: { slugId: string; title: string }[];
  essays: { slugId: string; title: string }[];
}

interface ScopeRow {
  program_ok: boolean;
  course_ok: boolean;
  batch_id: string | null;
  batch_program_id: string | null;
  program_courses: string[] | null;
  blocks: { kind: "mcq" | "essay"; slug_id: string; title: string }[] | null;
}

export async function resolveScope(deps: Deps, filter: ReportFilter): Promise<ReportScope> {
  const program = filter.program ?? null;
  const course = filter.course ?? null;
  const batch = filter.batch ?? null;
  const result = await deps.db.execute(sql`
    with b as (select id, program_id from batches where key = ${batch}),
      p as (select coalesce(${program}::uuid, case when ${course}::uuid is null then (select program_id from b) end) as id)
    select
      (${program}::uuid is null or exists (select 1 from programs where id = ${program}::uuid)) as program_ok,
      (${course}::uuid is null or exists (select 1 from courses where id = ${course}::uuid)) as course_ok,
      (select id from b) as batch_id,
      (select program_id from b) as batch_program_id,
      (select array_agg(pc.course_id::text order by pc.position) from program_courses pc where pc.program_id = (select id from p)) as program_courses,
      (select json_agg(json_build_object('kind', x.kind, 'slug_id', x.slug_id, 'title', x.title) order by x.cp, x.sp, x.ip, x.kind)
        from (
          select 'mcq' as kind, m.slug_id, m.title, c.position as cp, s.position as sp, m.position as ip from mcq_blocks m
            join sub_chapters s on s.id = m.sub_chapter_id join chapters c on c.id = s.chapter_id
            join course_versions v on v.id = c.version_id and v.course_id = ${course}::uuid and v.is_current
          union all
          select 'essay', e.slug_id, e.title, c.position, s.position, e.position from essay_blocks e
            join sub_chapters s on s.id = e.sub_chapter_id join chapters c on c.id = s.chapter_id
            join course_versions v on v.id = c.version_id and v.course_id = ${course}::uuid and v.is_current
        ) x) as blocks`);
  const row = (result as unknown as { rows: ScopeRow[] }).rows[0]!;
  if (!row.program_ok) throw badRequest(`program: no program has the id ${program}.`, "unknown_program");
  if (!row.course_ok) throw new ApiError(400, "unknown_course", `course: no course has the id ${course}.`, {}, { reason: "report", course: course ?? "" });
  if (batch !== null && row.batch_id === null) throw new ApiError(400, "unknown_batch", `batch: no batch has the key "${batch}".`, {}, { field: "batch", keys: `"${batch}"`, count: 1 });
  const programId = program ?? (course === null ? row.batch_program_id : null);
  const blocks = row.blocks ?? [];
  return {
    kind: course !== null ? "course" : programId !== null ? "program" : "enrollments",
    courseId: course,
    programId,
    programCourseIds: row.program_courses ?? [],
    batchId: row.batch_id,
    mcqBlocks: blocks.filter((b) => b.kind === "mcq").map((b) => ({ slugId: b.slug_id, title: b.title })),
    essays: blocks.filter((b) => b.kind === "essay").map((b) => ({ slugId: b.slug_id, title: b.title })),
  };
}

const uuidList = (ids: string[]) => (ids.length ? sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `) : sql`null`);

/** The enrollments (alias `e`) a report counts: of its course or its program's courses, and of its batch's members. */
export function scopeEnrollments(scope: ReportScope): SQL {
  const where: SQL[] = [sql`true`];
  if (scope.courseId) where.push(sql`e.course_id = ${scope.courseId}::uuid`);
  if (scope.programId) where.push(sql`e.course_id in (${uuidList(scope.programCourseIds)})`);
  if (scope.batchId) where.push(sql`exists (select 1 from batch_members bm where bm.user_id = e.user_id and bm.batch_id = ${scope.batchId}::uuid)`);
  return sql.join(where, sql` and `);
}

export { uuidList };
