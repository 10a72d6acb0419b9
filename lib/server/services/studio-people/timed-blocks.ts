import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { essayAttempts, mcqAttempts, timedBlockGrants } from "../../db/schema";
import { badRequest } from "../../errors";

/** One timed block of a person's courses as the studio shows it (docs/timed-attempts.md). */
export interface TimedBlockView {
  blockId: string;
  kind: "mcqBlock" | "essayBlock";
  title: string;
  courseId: string;
  courseName: string;
  chapterTitle: string;
  /** The block's own time per attempt. */
  durationInMinutes: number;
  /** Minutes granted to this person on top, for each attempt they start. */
  extraMinutes: number;
  /** The block's own attempts (an essay: 1); null: unlimited. */
  attemptsAllowed: number | null;
  extraAttempts: number;
  attemptsUsed: number;
  /** The running attempt's deadline (ISO 8601), null when none runs. */
  runningDeadlineAt: string | null;
}

interface Row {
  block_id: string;
  kind: "mcqBlock" | "essayBlock";
  title: string;
  course_id: string;
  course_name: string;
  chapter_title: string;
  cp: number;
  sp: number;
  ip: number;
  duration: number;
  attempts_allowed: number | null;
  extra_attempts: number;
  extra_minutes: number;
  used: number;
  running_id: string | null;
  running_deadline: string | Date | null;
}

export type TimedBlockKey = [courseName: string, courseId: string, cp: number, sp: number, ip: number, kind: string, blockId: string];

export const encodeTimedBlockCursor = (key: TimedBlockKey) => Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
export function decodeTimedBlockCursor(cursor: string): TimedBlockKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(key) && key.length === 7 && key.every((k) => typeof k === "string" || typeof k === "number")) return key as TimedBlockKey;
  } catch {
    // answered below
  }
  throw badRequest("cursor: not a cursor this list gave (ask for the first page again)");
}

/**
 * The timed blocks (multiple-choice blocks and essays) of the course versions a person is enrolled in,
 * in course order (course name, chapter, sub-chapter, place), with their grants, attempts used and the
 * running attempt; `after` continues a page (keyset), `blockId` picks one block. One statement.
 */
export async function loadTimedBlocks(db: Db, userId: string, options: { after?: TimedBlockKey; blockId?: string; limit: number }) {
  const place = (table: string) =>
    sql.raw(
      `enrollments e join courses co on co.id = e.course_id join chapters c on c.version_id = e.version_id join sub_chapters s on s.chapter_id = c.id join ${table} x on x.sub_chapter_id = s.id`,
    );
  const grants = (column: string) =>
    sql`(select coalesce(sum(${sql.raw(column)}), 0)::int from ${timedBlockGrants} g where g.user_id = ${userId} and g.block_id = x.id)`;
  const filters: SQL[] = [];
  if (options.blockId) filters.push(sql`block_id = ${options.blockId}::uuid`);
  if (options.after) {
    const [name, courseId, cp, sp, ip, kind, blockId] = options.after;
    filters.push(sql`(course_name, course_id, cp, sp, ip, kind, block_id) > (${name}, ${courseId}::uuid, ${cp}::int, ${sp}::int, ${ip}::int, ${kind}, ${blockId}::uuid)`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const result = await db.execute(sql`
    select * from (
      select x.id as block_id, 'mcqBlock'::text as kind, x.title, co.id as course_id, co.name as course_name, c.title as chapter_title,
          c.position as cp, s.position as sp, x.position as ip, x.duration_in_minutes as duration, x.attempts_allowed,
          ${grants("extra_attempts")} as extra_attempts, ${grants("extra_minutes")} as extra_minutes,
          (select count(*)::int from ${mcqAttempts} a where a.user_id = e.user_id and a.block_id = x.id) as used,
          r.id as running_id, r.deadline_at as running_deadline
        from ${place("mcq_blocks")}
        left join ${mcqAttempts} r on r.user_id = e.user_id and r.block_id = x.id and r.status = 'onProgress'
        where e.user_id = ${userId}
      union all
      select x.id, 'essayBlock', x.title, co.id, co.name, c.title, c.position, s.position, x.position, x.duration_in_minutes, 1,
          0, ${grants("extra_minutes")},
          (select count(*)::int from ${essayAttempts} a where a.user_id = e.user_id and a.block_id = x.id),
          r.id, r.deadline_at
        from ${place("essay_blocks")}
        left join ${essayAttempts} r on r.user_id = e.user_id and r.block_id = x.id and r.status = 'onProgress'
        where e.user_id = ${userId}
    ) blocks
    ${where}
    order by course_name, course_id, cp, sp, ip, kind, block_id
    limit ${options.limit}`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    key: [r.course_name, r.course_id, Number(r.cp), Number(r.sp), Number(r.ip), r.kind, r.block_id] as TimedBlockKey,
    runningId: r.running_id,
    view: {
      blockId: r.block_id,
      kind: r.kind,
      title: r.title,
      courseId: r.course_id,
      courseName: r.course_name,
      chapterTitle: r.chapter_title,
      durationInMinutes: Number(r.duration),
      extraMinutes: Number(r.extra_minutes),
      attemptsAllowed: r.attempts_allowed === null ? null : Number(r.attempts_allowed),
      extraAttempts: Number(r.extra_attempts),
      attemptsUsed: Number(r.used),
      runningDeadlineAt: r.running_deadline === null ? null : new Date(r.running_deadline).toISOString(),
    } satisfies TimedBlockView,
  }));
}
