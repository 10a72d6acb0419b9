import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { loadActivityOfLearners, progressFigures, toVersionTotals, versionFigures, versionTotalColumns, type ProgressCounts, type ProgressFigures, type VersionActivity } from "../../domain/completion";
import { programProgress } from "../../domain/program-progress";
import { essayAttemptPassed, mcqAttemptPassed } from "../../domain/completion";
import type { Deps } from "../../deps";
import { badRequest } from "../../errors";
import { essayAttempts, mcqAttempts } from "../../db/schema";
import { scopeEnrollments, type ReportOrder, type ReportScope, type ReportSort } from "./report-scope";

export interface ReportCertificate {
  id: string;
  title: string;
  issuedAt: string;
  revoked: boolean;
}

export interface ReportRow {
  userId: string;
  name: string;
  email: string;
  batches: string[];
  enrolledAt: string;
  startedAt: string | null;
  progressPercent: number;
  completedVideos: number;
  totalVideos: number;
  watchedMinutes: number;
  completedAt: string | null;
  certificates: ReportCertificate[];
  mcq: { slugId: string; scorePercent: number | null; attempts: number; passed: boolean }[];
  essays: {
    slugId: string;
    status: "notStarted" | "onProgress" | "awaitingResults" | "resultsReceived";
    obtainedMarks: number | null;
    totalMarks: number | null;
    passed: boolean;
  }[];
}

export interface LearnerRow {
  id: string;
  name: string;
  email: string;
  enrolled_at: string | Date;
  enrolled_key: string;
  batch_keys: string[] | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** A cursor: the last row's sort value and id, with the sort it belongs to. */
export function encodeCursor(sort: ReportSort, order: ReportOrder, value: string, id: string) {
  return Buffer.from(JSON.stringify([sort, order, value, id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string, sort: ReportSort, order: ReportOrder): { value: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 4 && parsed[0] === sort && parsed[1] === order && typeof parsed[2] === "string" && /^[0-9a-f-]{36}$/i.test(String(parsed[3]))) {
      return { value: parsed[2], id: parsed[3] };
    }
  } catch {
    // fall through
  }
  throw badRequest("cursor: not a cursor this report gave for this sort (ask for the first page again)");
}

/**
 * One page of the report's learners (keyset on the sort value and the id, one row more than the page
 * to tell whether more follow): one statement.
 */
export async function loadLearnerPage(deps: Deps, scope: ReportScope, sort: ReportSort, order: ReportOrder, limit: number, cursor?: string) {
  const sortColumn = sort === "name" ? sql`u.name` : sort === "email" ? sql`u.email` : sql`s.enrolled_at`;
  const dir = order === "asc" ? sql`asc` : sql`desc`;
  let after = sql`true`;
  if (cursor) {
    const c = decodeCursor(cursor, sort, order);
    const value = sort === "enrolled" ? sql`${c.value}::timestamptz` : sql`${c.value}`;
    after = order === "asc" ? sql`(${sortColumn}, u.id) > (${value}, ${c.id}::uuid)` : sql`(${sortColumn}, u.id) < (${value}, ${c.id}::uuid)`;
  }
  const batchKeys = sql`array(select (select b.key from batches b where b.id = bm.batch_id) as key from batch_members bm where bm.user_id = u.id order by 1) as batch_keys`;
  // By name or e-mail: people are walked in that order on their index, and each one's first enrollment
  // in scope is looked up by its user id, so a page reads about a page of people, however many there
  // are. By enrollment date the order is the enrollments' own: they are grouped first.
  const result =
    sort === "enrolled"
      ? await deps.db.execute(sql`
    with s as (select e.user_id, min(e.created_at) as enrolled_at from enrollments e where ${scopeEnrollments(scope)} group by e.user_id)
    select u.id, u.name, u.email, s.enrolled_at,
      to_char(s.enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as enrolled_key,
      ${batchKeys}
    from s join users u on u.id = s.user_id
    where ${after}
    order by ${sortColumn} ${dir}, u.id ${dir}
    limit ${limit + 1}`)
      : await deps.db.execute(sql`
    select u.id, u.name, u.email, s.enrolled_at,
      to_char(s.enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as enrolled_key,
      ${batchKeys}
    from users u cross join lateral (select min(e.created_at) as enrolled_at from enrollments e where e.user_id = u.id and ${scopeEnrollments(scope)}) s
    where s.enrolled_at is not null and ${after}
    order by ${sortColumn} ${dir}, u.id ${dir}
    limit ${limit + 1}`);
  const rows = (result as unknown as { rows: LearnerRow[] }).rows;
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = hasMore && last ? encodeCursor(sort, order, sort === "name" ? last.name : sort === "email" ? last.email : last.enrolled_key, last.id) : null;
  return { learners: page, hasMore, nextCursor };
}

export interface EnrollmentRow {
  user_id: string;
  course_id: string;
  version_id: string;
  chapters: unknown;
  videos: unknown;
  videoSeconds: unknown;
  mcqs: unknown;
  essays: unknown;
  scorms: unknown;
}

export interface TimingRow {
  user_id: string;
  version_id: string;
  started_at: string | Date | null;
  done_at: string | Date | null;
}

export interface CertificateRow {
  user_id: string;
  id: string;
  kind: "course" | "program";
  course_id: string | null;
  program_id: string | null;
  title: string;
  issued_at: string | Date;
  revoked_at: string | Date | null;
}

export interface CellRow {
  user_id: string;
  kind: "mcq" | "essay";
  slug_id: string;
  attempts: number;
  best: number | null;
  status: "onProgress" | "awaitingResults" | "resultsReceived" | null;
  obtained: number | null;
  total: number | null;
  passed: boolean;
}

function groupBy<T extends { user_id: string }>(rows: T[]): Map<string, T[]> {
  const byUser = new Map<string, T[]>();
  for (const row of rows) {
    const list = byUser.get(row.user_id);
    if (list) list.push(row);
    else byUser.set(row.user_id, [row]);
  }
  return byUser;
}

/** The counts of several courses added up; a literal object, so the figures built from it stay cheap to read and copy. */
const sumCounts = (list: ProgressFigures[]): ProgressCounts => {
  const sum: ProgressCounts = {
    totalVideos: 0,
    completedVideos: 0,
    totalMcq: 0,
    completedMcq: 0,
    totalEssay: 0,
    completedEssay: 0,
    totalScorm: 0,
    completedScorm: 0,
    totalVideoSeconds: 0,
    watchedVideoSeconds: 0,
    creditedVideoSeconds: 0,
  };
  for (const f of list) {
    sum.totalVideos += f.totalVideos;
    sum.completedVideos += f.completedVideos;
    sum.totalMcq += f.totalMcq;
    sum.completedMcq += f.completedMcq;
    sum.totalEssay += f.totalEssay;
    sum.completedEssay += f.completedEssay;
    sum.totalScorm += f.totalScorm;
    sum.completedScorm += f.completedScorm;
    sum.totalVideoSeconds += f.totalVideoSeconds;
    sum.watchedVideoSeconds += f.watchedVideoSeconds;
    sum.creditedVideoSeconds += f.creditedVideoSeconds;
  }
  return sum;
};

/** Whether a report of this scope has a column per quiz and essay (one course that has some). */
export const hasCells = (scope: ReportScope, cells: boolean) => cells && scope.kind === "course" && scope.mcqBlocks.length + scope.essays.length > 0;

/**
 * The statements that read the figures of the learners `users` names (a subquery of user ids: a page's
 * ids as one array parameter, or every learner of the report), one row per learner and course version,
 * certificate or cell. A page runs each once; the whole report's CSV runs them all inside one statement.
 */
export const figureQueries = {
  // A version's totals are counted once per version, not once per enrollment: materialized, or the
  // planner evaluates the counts on every joined row.
  enrolled: (scope: ReportScope, users: SQL) => {
    const totals = versionTotalColumns(sql`d.version_id`);
    return sql`with m as (select e.user_id, e.course_id, e.version_id from enrollments e where e.user_id in (${users}) and ${scopeEnrollments(scope)}),
          v as materialized (select d.version_id, ${totals.chapters} as chapters, ${totals.videos} as videos,
            ${totals.videoSeconds} as "videoSeconds", ${totals.mcqs} as mcqs, ${totals.essays} as essays, ${totals.scorms} as scorms
            from (select distinct version_id from m) d)
        select m.user_id, m.course_id, m.version_id, v.chapters, v.videos, v."videoSeconds", v.mcqs, v.essays, v.scorms from m join v on v.version_id = m.version_id`;
  },
  // When each learner started a course version (their first watch or attempt) and when they last
  // completed one of its items (a video, a quiz's first passing attempt, an essay passed).
  timing: (users: SQL) => sql`select user_id, version_id, min(started) as started_at, max(done) as done_at from (
          select vp.user_id, vp.version_id, vp.created_at as started, vp.completed_at as done from video_progress vp where vp.user_id in (${users})
          union all
          select ${mcqAttempts.userId}, ${mcqAttempts.versionId}, min(${mcqAttempts.startedAt}),
              min(coalesce(${mcqAttempts.submittedAt}, ${mcqAttempts.deadlineAt})) filter (where ${mcqAttemptPassed})
            from ${mcqAttempts} where ${mcqAttempts.userId} in (${users}) group by 1, 2, ${mcqAttempts.blockId}
          union all
          select ${essayAttempts.userId}, ${essayAttempts.versionId}, ${essayAttempts.startedAt},
              case when ${essayAttemptPassed} then greatest(${essayAttempts.submittedAt},
                (select ev.created_at from essay_evaluations ev join essay_blocks eb on eb.id = ${essayAttempts.blockId}
                  where ev.attempt_id = ${essayAttempts.id} and eb.pass_mark is not null)) end
            from ${essayAttempts} where ${essayAttempts.userId} in (${users})
        ) t group by 1, 2`,
  certificates: (users: SQL) => sql`select user_id, id, kind, course_id, program_id, title, issued_at, revoked_at from certificates
        where user_id in (${users})`,
  cells: (scope: ReportScope, users: SQL) => sql`
            select ${mcqAttempts.userId} as user_id, 'mcq' as kind, b.slug_id, count(*)::int as attempts,
                max(100 * ${mcqAttempts.obtainedScore} / nullif(${mcqAttempts.totalScore}, 0)) filter (where ${mcqAttempts.status} = 'completed')::float8 as best,
                null::text as status, null::float8 as obtained, null::float8 as total, bool_or(${mcqAttemptPassed}) as passed
              from ${mcqAttempts} join mcq_blocks b on b.id = ${mcqAttempts.blockId}
                join enrollments e on e.user_id = ${mcqAttempts.userId} and e.version_id = ${mcqAttempts.versionId} and e.course_id = ${scope.courseId}::uuid
              where ${mcqAttempts.userId} in (${users}) group by 1, 2, 3
            union all
            select ${essayAttempts.userId}, 'essay', b.slug_id, 1, null, ${essayAttempts.status}::text, ev.obtained_score::float8, ev.total_score::float8, ${essayAttemptPassed}
              from ${essayAttempts} join essay_blocks b on b.id = ${essayAttempts.blockId}
                join enrollments e on e.user_id = ${essayAttempts.userId} and e.version_id = ${essayAttempts.versionId} and e.course_id = ${scope.courseId}::uuid
                left join essay_evaluations ev on ev.attempt_id = ${essayAttempts.id}
              where ${essayAttempts.userId} in (${users})`,
};

/** What the report's rows are built from, for some learners: rows that name their learner. */
export interface RowFigures {
  enrolled: EnrollmentRow[];
  activity: Map<string, Map<string, VersionActivity>>;
  timing: TimingRow[];
  /** In issue order (then id). */
  certificates: CertificateRow[];
  cellRows: CellRow[];
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The report's rows for a page of learners, with the learner's own figures: each enrolled course's
 * progress is the one completion model's (`versionFigures` over the learner's activity, as the course
 * cards and the dashboard compute it), a program's is `programProgress`. Four statements, or five
 * when one course's quizzes and essays are columns, whatever the page's size.
 */
export async function buildRows(deps: Deps, scope: ReportScope, learners: LearnerRow[], options: { cells: boolean }): Promise<ReportRow[]> {
  if (!learners.length) return [];
  const ids = learners.map((l) => l.id);
  // One array parameter, not one per learner: a chunk of thousands is sent and planned as one value.
  const users = sql`select unnest(${sql.param(ids)}::uuid[])`;
  const cells = hasCells(scope, options.cells);
  const [enrolled, activity, timing, certificates, cellRows] = await Promise.all([
    deps.db.execute(figureQueries.enrolled(scope, users)).then((r) => rowsOf<EnrollmentRow>(r)),
    loadActivityOfLearners(deps.db, ids),
    deps.db.execute(figureQueries.timing(users)).then((r) => rowsOf<TimingRow>(r)),
    deps.db.execute(sql`${figureQueries.certificates(users)} order by issued_at, id`).then((r) => rowsOf<CertificateRow>(r)),
    cells ? deps.db.execute(figureQueries.cells(scope, users)).then((r) => rowsOf<CellRow>(r)) : Promise.resolve([] as CellRow[]),
  ]);
  return assembleRows(scope, learners, { enrolled, activity, timing, certificates, cellRows }, cells);
}

/** The rows of `learners`, in their order, from their figures; no statement. */
export function assembleRows(scope: ReportScope, learners: LearnerRow[], figures: RowFigures, cells: boolean): ReportRow[] {
  const { enrolled, activity, timing, certificates, cellRows } = figures;
  const timingOf = new Map(timing.map((t) => [`${t.user_id}/${t.version_id}`, t]));
  // Each learner's rows by their id, so a chunk of thousands is not searched once per learner.
  const enrolledOf = groupBy(enrolled);
  const certificatesOf = groupBy(certificates);
  const cellsOf = groupBy(cellRows);
  return learners.map((learner) => {
    const mine = enrolledOf.get(learner.id) ?? [];
    const courses = mine.map((e) => {
      const figures = versionFigures(toVersionTotals(e), activity.get(learner.id)?.get(e.version_id));
      const t = timingOf.get(`${learner.id}/${e.version_id}`);
      return { courseId: e.course_id, figures, startedAt: iso(t?.started_at ?? null), doneAt: iso(t?.done_at ?? null) };
    });
    const summed = progressFigures(sumCounts(courses.map((c) => c.figures)));
    let progressPercent: number;
    let completed: boolean;
    if (scope.kind === "program") {
      const done = new Set(courses.filter((c) => c.figures.isCompleted).map((c) => c.courseId));
      const p = programProgress(scope.programCourseIds, done);
      progressPercent = p.progressInPercentage;
      completed = scope.programCourseIds.length > 0 && p.completedCourses === scope.programCourseIds.length;
    } else {
      progressPercent = scope.kind === "course" ? (courses[0]?.figures.percent ?? 0) : summed.percent;
      completed = courses.length > 0 && courses.every((c) => c.figures.isCompleted);
    }
    const started = courses.map((c) => c.startedAt).filter((s): s is string => s !== null).sort();
    const doneAts = courses.map((c) => c.doneAt).filter((s): s is string => s !== null).sort();
    const courseIds = new Set(courses.map((c) => c.courseId));
    const mineCells = cellsOf.get(learner.id) ?? [];
    return {
      userId: learner.id,
      name: learner.name,
      email: learner.email,
      batches: learner.batch_keys ?? [],
      enrolledAt: iso(learner.enrolled_at)!,
      startedAt: started[0] ?? null,
      progressPercent,
      completedVideos: summed.completedVideos,
      totalVideos: summed.totalVideos,
      watchedMinutes: summed.watchedMinutes,
      completedAt: completed ? (doneAts.at(-1) ?? null) : null,
      certificates: (certificatesOf.get(learner.id) ?? [])
        .filter((c) => (c.kind === "course" ? c.course_id !== null && courseIds.has(c.course_id) : scope.kind !== "course" && c.program_id !== null && c.program_id === scope.programId))
        .map((c) => ({ id: c.id, title: c.title, issuedAt: iso(c.issued_at)!, revoked: c.revoked_at !== null })),
      mcq: cells
        ? scope.mcqBlocks.map((b) => {
            const c = mineCells.find((x) => x.kind === "mcq" && x.slug_id === b.slugId);
            return { slugId: b.slugId, scorePercent: c?.best == null ? null : Math.round(Number(c.best)), attempts: Number(c?.attempts ?? 0), passed: c?.passed === true };
          })
        : [],
      essays: cells
        ? scope.essays.map((b) => {
            const c = mineCells.find((x) => x.kind === "essay" && x.slug_id === b.slugId);
            return {
              slugId: b.slugId,
              status: c?.status ?? "notStarted",
              obtainedMarks: c?.obtained == null ? null : Number(c.obtained),
              totalMarks: c?.total == null ? null : Number(c.total),
              passed: c?.passed === true,
            };
          })
        : [],
    };
  });
}
