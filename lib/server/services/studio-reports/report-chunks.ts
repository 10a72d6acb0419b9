import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { ReservedConnection } from "../../db/client";
import { activityQuery, toActivity, type ActivityRow, type VersionActivity } from "../../domain/completion";
import type { Deps } from "../../deps";
import { assembleRows, buildRows, figureQueries, hasCells, loadLearnerPage, type CellRow, type CertificateRow, type EnrollmentRow, type LearnerRow, type ReportRow, type TimingRow } from "./report-rows";
import { scopeEnrollments, type ReportOrder, type ReportScope, type ReportSort } from "./report-scope";

/** Learners per chunk when a whole report is read (the summary, the CSV): a keyset page and its figures, or one fetch from the CSV's cursor. */
export const REPORT_CHUNK = 2000;

/**
 * Every row of a report, a chunk at a time. `wholeReport` (the CSV) on PostgreSQL: one statement for
 * the whole report, read through a server-side cursor (see cursorChunks). Otherwise (the summary, and
 * the CSV on PGlite, whose one connection a held cursor would keep from every other call) a keyset page
 * at a time: while one chunk is being written, the next is already read (its learners, then their
 * figures), so the database's work overlaps the writing. At most two chunks are held at once.
 */
export async function* reportChunks(
  deps: Deps,
  scope: ReportScope,
  sort: ReportSort,
  order: ReportOrder,
  cells: boolean,
  options: { wholeReport?: boolean } = {},
): AsyncGenerator<ReportRow[]> {
  if (options.wholeReport && deps.database.reserve) {
    yield* cursorChunks(deps.database.reserve, scope, sort, order, cells);
    return;
  }
  const read = async (cursor: string | undefined) => {
    const page = await loadLearnerPage(deps, scope, sort, order, REPORT_CHUNK, cursor);
    return { rows: await buildRows(deps, scope, page.learners, { cells }), nextCursor: page.nextCursor };
  };
  // A read ahead that fails before it is awaited is not an unhandled rejection: awaiting it still throws.
  const ahead = (cursor: string | undefined) => {
    const reading = read(cursor);
    reading.catch(() => undefined);
    return reading;
  };
  let next: ReturnType<typeof read> | null = ahead(undefined);
  try {
    while (next) {
      const chunk: Awaited<ReturnType<typeof read>> = await next;
      next = chunk.nextCursor ? ahead(chunk.nextCursor) : null;
      if (chunk.rows.length) yield chunk.rows;
    }
  } finally {
    // Stopped early (the download was cancelled): the chunk read ahead is dropped.
    next = null;
  }
}

/**
 * A row of the whole-report statement: a learner and one of their enrolled course versions, with its
 * totals, their activity and their start and end times in it (the page statements' columns); the
 * learner's certificates and cells, few or none, as JSON arrays of those statements' rows.
 */
interface WholeRow {
  id: string;
  name: string;
  email: string;
  enrolled_at: string | Date;
  batch_keys: string[] | null;
  course_id: string | null;
  version_id: string | null;
  chapters: unknown;
  videos: unknown;
  videoSeconds: unknown;
  mcqs: unknown;
  essays: unknown;
  scorms: unknown;
  activity_version_id: string | null;
  completed_videos: number;
  watched_seconds: number;
  credited_seconds: number;
  completed_mcq: number;
  completed_essay: number;
  completed_scorm: number;
  submitted_challenges: number;
  last_activity_at: string | Date | null;
  started_at: string | Date | null;
  done_at: string | Date | null;
  certificates: CertificateRow[] | null;
  cells: CellRow[] | null;
}

/**
 * The whole report in one statement, in the report's order: a row per learner in scope and enrolled
 * course version, joined to what the page statements read (figureQueries, the activity query), each
 * computed once over every learner of the report (hashed and grouped in one pass) rather than looked
 * up learner by learner, a chunk at a time. A learner's rows come one after the other.
 */
export function wholeReportQuery(scope: ReportScope, sort: ReportSort, order: ReportOrder, cells: boolean): SQL {
  // The report's learners for each part, from the enrollments themselves rather than the grouped
  // \`s\`: the planner then knows how many there are (all of them: one hashed pass over each table;
  // a small course's: looked up by learner).
  const users = sql`select e.user_id from enrollments e where ${scopeEnrollments(scope)}`;
  const sortColumn = sort === "name" ? sql`u.name` : sort === "email" ? sql`u.email` : sql`s.enrolled_at`;
  const dir = order === "asc" ? sql`asc` : sql`desc`;
  const byLearner = (name: string, rows: SQL, orderBy?: SQL) =>
    sql`${sql.raw(name)} as (select x.user_id, json_agg(row_to_json(x)${orderBy ? sql` order by ${orderBy}` : sql``}) as j from (${rows}) x group by x.user_id)`;
  return sql`with s as (select e.user_id, min(e.created_at) as enrolled_at from enrollments e where ${scopeEnrollments(scope)} group by e.user_id),
    en as (${figureQueries.enrolled(scope, users)}),
    ac as (${activityQuery(users)}),
    ti as (${figureQueries.timing(users)}),
    ${byLearner("ce", figureQueries.certificates(users), sql`x.issued_at, x.id`)},
    ${byLearner("cl", cells ? figureQueries.cells(scope, users) : sql`select null::uuid as user_id where false`)},
    bk as (select bm.user_id, array_agg(b.key order by b.key) as keys from batch_members bm join batches b on b.id = bm.batch_id
      where bm.user_id in (${users}) group by bm.user_id)
    select u.id, u.name, u.email, s.enrolled_at, bk.keys as batch_keys,
      en.course_id, en.version_id, en.chapters, en.videos, en."videoSeconds", en.mcqs, en.essays, en.scorms,
      ac.version_id as activity_version_id, ac.completed_videos, ac.watched_seconds, ac.credited_seconds, ac.completed_mcq, ac.completed_essay, ac.completed_scorm,
      ac.submitted_challenges, ac.last_activity_at, ti.started_at, ti.done_at, ce.j as certificates, cl.j as cells
    from s join users u on u.id = s.user_id
      left join en on en.user_id = u.id
      left join ac on ac.user_id = en.user_id and ac.version_id = en.version_id
      left join ti on ti.user_id = en.user_id and ti.version_id = en.version_id
      left join bk on bk.user_id = u.id left join ce on ce.user_id = u.id left join cl on cl.user_id = u.id
    order by ${sortColumn} ${dir}, u.id ${dir}, en.course_id`;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Learners' rows of the whole-report statement (each learner's rows together) as report rows, built as a page's are. */
function wholeRowsToReport(scope: ReportScope, rows: WholeRow[], cells: boolean): ReportRow[] {
  const learners: LearnerRow[] = [];
  const enrolled: EnrollmentRow[] = [];
  const activity = new Map<string, Map<string, VersionActivity>>();
  const timing: TimingRow[] = [];
  const certificates: CertificateRow[] = [];
  const cellRows: CellRow[] = [];
  let mine: Map<string, VersionActivity> | undefined;
  for (const r of rows) {
    if (learners.at(-1)?.id !== r.id) {
      learners.push({ id: r.id, name: r.name, email: r.email, enrolled_at: r.enrolled_at, enrolled_key: "", batch_keys: r.batch_keys });
      activity.set(r.id, (mine = new Map()));
      if (r.certificates) certificates.push(...r.certificates);
      if (r.cells) cellRows.push(...r.cells);
    }
    if (r.version_id === null || r.course_id === null) continue;
    enrolled.push({ user_id: r.id, course_id: r.course_id, version_id: r.version_id, chapters: r.chapters, videos: r.videos, videoSeconds: r.videoSeconds, mcqs: r.mcqs, essays: r.essays, scorms: r.scorms });
    if (r.activity_version_id !== null) {
      const a: ActivityRow = {
        user_id: r.id,
        version_id: r.version_id,
        completed_videos: r.completed_videos,
        watched_seconds: r.watched_seconds,
        credited_seconds: r.credited_seconds,
        completed_mcq: r.completed_mcq,
        completed_essay: r.completed_essay,
        completed_scorm: r.completed_scorm,
        submitted_challenges: r.submitted_challenges,
        last_activity_at: r.last_activity_at,
      };
      mine!.set(r.version_id, toActivity(a));
    }
    timing.push({ user_id: r.id, version_id: r.version_id, started_at: r.started_at, done_at: r.done_at });
  }
  return assembleRows(scope, learners, { enrolled, activity, timing, certificates, cellRows }, hasCells(scope, cells));
}

/**
 * The whole report through a server-side cursor on a connection held for the download: BEGIN (read
 * only, one snapshot), DECLARE over wholeReportQuery, then FETCH a chunk at a time, the next fetched
 * while one is written, so the server holds at most two chunks; the database keeps the rest. The
 * cursor is planned for all its rows (cursor_tuple_fraction 1: hash joins over the report's learners,
 * not a fast first row learner by learner), with room to sort them in memory, without the JIT. A
 * cancelled download rolls back and gives the connection back. Statements: four, and a FETCH per
 * 2000 rows (a learner's enrolled course versions).
 */
async function* cursorChunks(reserve: () => Promise<ReservedConnection>, scope: ReportScope, sort: ReportSort, order: ReportOrder, cells: boolean): AsyncGenerator<ReportRow[]> {
  const conn = await reserve();
  let broken: Error | undefined;
  let open = false;
  let next: Promise<WholeRow[]> | null = null;
  try {
    await conn.db.execute(sql`begin transaction isolation level repeatable read, read only`);
    open = true;
    // For this transaction only: planned for every row, sorted in memory, and not compiled by the JIT
    // (the estimates of the grouped parts are high enough to start it, and compiling costs seconds).
    await conn.db.execute(
      sql`select set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '128MB', true), set_config('jit', 'off', true)`,
    );
    await conn.db.execute(sql`declare report_rows no scroll cursor for ${wholeReportQuery(scope, sort, order, hasCells(scope, cells))}`);
    const fetch = () => {
      const reading = conn.db.execute(sql.raw(`fetch forward ${REPORT_CHUNK} from report_rows`)).then((r) => rowsOf<WholeRow>(r));
      // A read ahead that fails before it is awaited is not an unhandled rejection: awaiting it still throws.
      reading.catch(() => undefined);
      return reading;
    };
    next = fetch();
    // A fetch may end inside a learner's rows: those are kept back for the next one.
    let carried: WholeRow[] = [];
    while (next) {
      const fetched: WholeRow[] = await next;
      const more = fetched.length === REPORT_CHUNK;
      next = more ? fetch() : null;
      let rows = carried.length ? carried.concat(fetched) : fetched;
      carried = [];
      if (more && rows.length) {
        const lastId = rows.at(-1)!.id;
        let cut = rows.length;
        while (cut > 0 && rows[cut - 1]!.id === lastId) cut--;
        carried = rows.slice(cut);
        rows = rows.slice(0, cut);
      }
      if (rows.length) yield wholeRowsToReport(scope, rows, cells);
    }
    await conn.db.execute(sql`commit`);
    open = false;
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Stopped early (a cancelled download) or failed: a fetch read ahead is left to finish (the
    // connection runs its statements in order), then the transaction is rolled back.
    if (open) {
      await conn.db.execute(sql`rollback`).catch((error: unknown) => {
        broken ??= error instanceof Error ? error : new Error(String(error));
      });
    }
    conn.release(broken);
  }
}
