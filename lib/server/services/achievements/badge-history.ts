import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { badgeAwards, essayAttempts, mcqAttempts, videoProgress, videoWatchTime } from "../../db/schema";
import { essayAttemptPassed, essayAttemptSubmitted, mcqAttemptCompleted, mcqAttemptPassed } from "../../domain/completion";
import { coveredSeconds, mergeRanges, type Range } from "../../domain/watch-ranges";
import type { BadgeHistory, HistoryStep } from "./badge-rules";

/** The learner's records the badges are earned from, and the badges they hold. */
export interface BadgeRecords {
  rows: RecordRow[];
  /** Badges held, by id, with the moment each was earned. */
  held: Map<string, Date>;
}

interface RecordRow {
  kind: "video" | "mcq" | "essay" | "passed" | "slot" | "progress";
  at: Date;
  /** The version (video, mcq, essay, passed), the video (slot, progress). */
  ref: string;
  ranges: Range[] | null;
  seconds: number | null;
}

interface RawRow extends Omit<RecordRow, "kind" | "at"> {
  kind: RecordRow["kind"] | "held";
  at: string | Date;
}

/**
 * Everything the badges read, in one query: videos completed, challenges completed (each block once,
 * at its first completed attempt), challenges passed (completion.ts; each once, at the moment it
 * passed: the first passing attempt, the submission, or the grading that reached the pass mark), the quarter hours
 * of watching with the ranges played in each, each video's really-watched seconds, and the badges held.
 */
export async function loadBadgeRecords(db: Db, userId: string): Promise<BadgeRecords> {
  const result = await db.execute(sql`
    select 'video' as kind, ${videoProgress.completedAt} as at, ${videoProgress.versionId}::text as ref, null::jsonb as ranges, null::float8 as seconds
      from ${videoProgress} where ${videoProgress.userId} = ${userId} and ${videoProgress.completedAt} is not null
    union all
    select 'mcq', min(coalesce(${mcqAttempts.submittedAt}, ${mcqAttempts.deadlineAt})), ${mcqAttempts.versionId}::text, null, null
      from ${mcqAttempts} where ${mcqAttempts.userId} = ${userId} and ${mcqAttemptCompleted} group by ${mcqAttempts.blockId}, ${mcqAttempts.versionId}
    union all
    select 'passed', min(coalesce(${mcqAttempts.submittedAt}, ${mcqAttempts.deadlineAt})), ${mcqAttempts.versionId}::text, null, null
      from ${mcqAttempts} where ${mcqAttempts.userId} = ${userId} and ${mcqAttemptPassed} group by ${mcqAttempts.blockId}, ${mcqAttempts.versionId}
    union all
    select 'passed', case when (select b.pass_mark from essay_blocks b where b.id = ${essayAttempts.blockId}) is null
        then coalesce(${essayAttempts.submittedAt}, ${essayAttempts.deadlineAt})
        else (select e.updated_at from essay_evaluations e where e.attempt_id = ${essayAttempts.id}) end,
      ${essayAttempts.versionId}::text, null, null
      from ${essayAttempts} where ${essayAttempts.userId} = ${userId} and ${essayAttemptPassed}
    union all
    select 'essay', coalesce(${essayAttempts.submittedAt}, ${essayAttempts.deadlineAt}), ${essayAttempts.versionId}::text, null, null
      from ${essayAttempts} where ${essayAttempts.userId} = ${userId} and ${essayAttemptSubmitted}
    union all
    select 'slot', ${videoWatchTime.slotStart}, ${videoWatchTime.videoId}::text, ${videoWatchTime.watchedRanges}, null
      from ${videoWatchTime} where ${videoWatchTime.userId} = ${userId}
    union all
    select 'progress', ${videoProgress.createdAt}, ${videoProgress.videoId}::text, null, ${videoProgress.watchedSeconds}::float8
      from ${videoProgress} where ${videoProgress.userId} = ${userId} and ${videoProgress.watchedSeconds} > 0
    union all
    select 'held', ${badgeAwards.earnedAt}, ${badgeAwards.badgeId}, null, null
      from ${badgeAwards} where ${badgeAwards.userId} = ${userId}`);
  const held = new Map<string, Date>();
  const rows: RecordRow[] = [];
  for (const r of (result as unknown as { rows: RawRow[] }).rows) {
    const at = new Date(r.at);
    if (r.kind === "held") held.set(r.ref, at);
    else rows.push({ ...r, kind: r.kind, at, seconds: r.seconds === null ? null : Number(r.seconds) });
  }
  return { rows, held };
}

/**
 * Seconds really watched, added as they were watched. Each video's quarter hours of watching are
 * merged in time order, so a quarter hour adds only what no earlier one had covered (the merged
 * ranges that make the hours-learned figure); a video's total never goes past its really-watched
 * seconds, and what those hold beyond the quarter hours (watching recorded before they were kept)
 * counts from the moment the learner first opened the video.
 */
function learnedSteps(rows: RecordRow[]): HistoryStep[] {
  const watched = new Map(rows.filter((r) => r.kind === "progress").map((r) => [r.ref, r]));
  const slots = rows.filter((r) => r.kind === "slot").sort((a, b) => a.at.getTime() - b.at.getTime());
  const covered = new Map<string, { ranges: Range[]; seconds: number }>();
  const steps: HistoryStep[] = [];
  for (const slot of slots) {
    const cap = watched.get(slot.ref)?.seconds ?? 0;
    const before = covered.get(slot.ref) ?? { ranges: [], seconds: 0 };
    const ranges = mergeRanges([...before.ranges, ...(slot.ranges ?? [])]);
    const seconds = Math.min(coveredSeconds(ranges), cap);
    covered.set(slot.ref, { ranges, seconds });
    if (seconds > before.seconds) steps.push({ at: slot.at, measure: "secondsLearned", amount: seconds - before.seconds });
  }
  for (const [videoId, progress] of watched) {
    const rest = (progress.seconds ?? 0) - (covered.get(videoId)?.seconds ?? 0);
    if (rest > 0) steps.push({ at: progress.at, measure: "secondsLearned", amount: rest });
  }
  return steps;
}

/**
 * The history the rules read. A course counts completed at the moment its last video was completed
 * or its last challenge passed, for the enrolled courses the completion model finds completed; without them
 * (`completedVersions` undefined) the course badges are left for a later evaluation.
 */
export function badgeHistory(records: BadgeRecords, completedVersions?: string[]): BadgeHistory {
  const steps = learnedSteps(records.rows);
  const done = records.rows.filter((r) => r.kind === "video" || r.kind === "mcq" || r.kind === "essay");
  for (const r of done) steps.push({ at: r.at, measure: r.kind === "video" ? "videosCompleted" : "challengesSubmitted", amount: 1 });
  for (const versionId of completedVersions ?? []) {
    const times = records.rows.filter((r) => (r.kind === "video" || r.kind === "passed") && r.ref === versionId).map((r) => r.at.getTime());
    if (times.length) steps.push({ at: new Date(Math.max(...times)), measure: "coursesCompleted", amount: 1 });
  }
  const learnedAt = records.rows.filter((r) => r.kind === "slot" || r.kind === "mcq" || r.kind === "essay").map((r) => r.at);
  return { steps, learnedAt };
}
