import "server-only";
import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { courses, domains, enrollments, essayAttempts, mcqAttempts, scormAttempts, timedBlockGrants, videoProgress, videos } from "../db/schema";
import type { TreeItem, VersionTree } from "./version-tree";

/**
 * The one place a learner's completion is computed (docs/completion.md). A video is complete when 90%
 * of it was really watched (or it was marked complete where the batch allows). A multiple-choice block
 * is passed when one of the learner's completed attempts (submitted, or closed by the server at the
 * deadline) scored at least its pass mark: the best attempt counts; without a pass mark any completed
 * attempt passes. An essay challenge without a pass mark is passed once submitted; with one, once
 * graded at or above it. A course is complete when every video is complete and every challenge passed.
 * The tree, the course cards, /video/progress, /course/video/complete/status, /getVideoTimestamp, the
 * dashboard, learning paths, badges and certificates read these functions, so they always agree.
 */

export interface VideoProgressRow {
  videoId: string;
  versionId: string;
  watchedSeconds: number;
  lastPositionSeconds: number;
  completedAt: Date | null;
  updatedAt: Date;
}

export const progressColumns = {
  videoId: videoProgress.videoId,
  versionId: videoProgress.versionId,
  watchedSeconds: videoProgress.watchedSeconds,
  lastPositionSeconds: videoProgress.lastPositionSeconds,
  completedAt: videoProgress.completedAt,
  updatedAt: videoProgress.updatedAt,
};

/** The learner's progress in every video of a course version they have watched; one query. */
export async function loadVersionProgress(db: Db, userId: string, versionId: string): Promise<Map<string, VideoProgressRow>> {
  const rows = await db
    .select(progressColumns)
    .from(videoProgress)
    .where(and(eq(videoProgress.userId, userId), eq(videoProgress.versionId, versionId)));
  return new Map(rows.map((r) => [r.videoId, r]));
}

/** A multiple-choice attempt is completed once submitted by the learner or closed by the server at its deadline. */
export const mcqAttemptCompleted = sql`${mcqAttempts.status} = 'completed'`;
/** An essay attempt is submitted (awaiting results or graded), whatever its source: manual, timeOut, migrated. */
export const essayAttemptSubmitted = sql`${essayAttempts.status} <> 'onProgress'`;

/** Whether `obtained` of `total` marks reach a pass mark in percent (null: no pass mark, always reached). */
export function reachesPassMark(obtained: number | null, total: number, passMark: number | null): boolean {
  if (passMark === null) return true;
  if (obtained === null) return false;
  return 100 * obtained >= passMark * total;
}

/**
 * A multiple-choice attempt that passes its block: completed, and scoring at least the block's pass
 * mark when it has one. A block is passed when any of the learner's attempts passes (the best counts).
 */
export const mcqAttemptPassed = sql`(${mcqAttempts.status} = 'completed' and coalesce(
  (select b.pass_mark from mcq_blocks b where b.id = ${mcqAttempts.blockId}) * ${mcqAttempts.totalScore} <= 100 * ${mcqAttempts.obtainedScore}, true))`;

/**
 * An essay attempt that passes its essay: submitted when the essay has no pass mark; otherwise graded
 * (results received) with a score at or above it.
 */
export const essayAttemptPassed = sql`(${essayAttempts.status} <> 'onProgress' and coalesce(
  (select case when ${essayAttempts.status} <> 'resultsReceived' then false
      else exists (select 1 from essay_evaluations e where e.attempt_id = ${essayAttempts.id} and 100 * e.obtained_score >= b.pass_mark * e.total_score) end
    from essay_blocks b where b.id = ${essayAttempts.blockId} and b.pass_mark is not null), true))`;

/**
 * A learner's attempt at a SCORM item that counts (docs/scorm-xapi.md): with a pass mark (the
 * author's, else the package's mastery score) and a score, the score reaches it once the package says
 * completed or passed; with a pass mark and no score, the package says passed; without a pass mark,
 * the package says passed, or completed and not failed. SCORM 1.2's lesson_status passed and failed
 * are completed with that success (scorm-attempt.ts).
 */
export const scormAttemptPassed = sql`(select case
    when coalesce(si.pass_mark::real, sp.mastery_percent) is not null and ${scormAttempts.scoreScaled} is not null
      then (${scormAttempts.completionStatus} = 'completed' or ${scormAttempts.successStatus} = 'passed')
        and 100 * ${scormAttempts.scoreScaled} >= coalesce(si.pass_mark::real, sp.mastery_percent) - 0.0001
    when coalesce(si.pass_mark::real, sp.mastery_percent) is not null then ${scormAttempts.successStatus} = 'passed'
    else ${scormAttempts.successStatus} = 'passed' or (${scormAttempts.completionStatus} = 'completed' and ${scormAttempts.successStatus} <> 'failed') end
  from scorm_items si join scorm_packages sp on sp.id = si.package_id where si.id = ${scormAttempts.itemId})`;

/**
 * Whether the learner has completed a course, as a SQL condition (for a column of a larger query):
 * enrolled, and in the enrolled version every video complete and every multiple-choice block and
 * essay passed, with at least one of them; the rule progressFigures' isCompleted applies to counts.
 */
export function courseCompletedCondition(userId: SQL | Placeholder, courseId: SQL | Placeholder) {
  const items = (table: string) =>
    sql.raw(`${table} x join sub_chapters s on s.id = x.sub_chapter_id join chapters c on c.id = s.chapter_id where c.version_id = ce.version_id`);
  return sql`exists (select 1 from enrollments ce where ce.user_id = ${userId} and ce.course_id = ${courseId}
    and (exists (select 1 from ${items("videos")}) or exists (select 1 from ${items("mcq_blocks")}) or exists (select 1 from ${items("essay_blocks")}) or exists (select 1 from ${items("scorm_items")}))
    and not exists (select 1 from ${items("videos")} and not exists (select 1 from video_progress vp
      where vp.user_id = ce.user_id and vp.version_id = ce.version_id and vp.video_id = x.id and vp.completed_at is not null))
    and not exists (select 1 from ${items("mcq_blocks")} and not exists (select 1 from ${mcqAttempts}
      where ${mcqAttempts.userId} = ce.user_id and ${mcqAttempts.versionId} = ce.version_id and ${mcqAttempts.blockId} = x.id and ${mcqAttemptPassed}))
    and not exists (select 1 from ${items("essay_blocks")} and not exists (select 1 from ${essayAttempts}
      where ${essayAttempts.userId} = ce.user_id and ${essayAttempts.versionId} = ce.version_id and ${essayAttempts.blockId} = x.id and ${essayAttemptPassed}))
    and not exists (select 1 from ${items("scorm_items")} and not exists (select 1 from ${scormAttempts}
      where ${scormAttempts.userId} = ce.user_id and ${scormAttempts.itemId} = x.id and ${scormAttemptPassed})))`;
}

/** Challenges (multiple-choice blocks, essays) and SCORM items the learner has passed in a version. */
export interface ChallengeCompletion {
  mcq: Set<string>;
  essay: Set<string>;
  scorm: Set<string>;
}

/** The learner's SCORM attempts that count, among the items of a version (scorm items belong to one version). */
const scormPassedInVersion = (userId: string, versionId: string) => sql`
    select 'scorm' as kind, ${scormAttempts.itemId} as id from ${scormAttempts}
      join scorm_items si2 on si2.id = ${scormAttempts.itemId} join sub_chapters s2 on s2.id = si2.sub_chapter_id join chapters c2 on c2.id = s2.chapter_id
      where ${scormAttempts.userId} = ${userId} and c2.version_id = ${versionId} and ${scormAttemptPassed}`;

/** The challenges of a version the learner has passed; one query. */
export async function loadChallengeCompletion(db: Db, userId: string, versionId: string): Promise<ChallengeCompletion> {
  const result = await db.execute(sql`
    select 'mcq' as kind, ${mcqAttempts.blockId} as block_id from ${mcqAttempts}
      where ${mcqAttempts.userId} = ${userId} and ${mcqAttempts.versionId} = ${versionId} and ${mcqAttemptPassed}
    union all
    select 'essay', ${essayAttempts.blockId} from ${essayAttempts}
      where ${essayAttempts.userId} = ${userId} and ${essayAttempts.versionId} = ${versionId} and ${essayAttemptPassed}
    union all
    select kind, id from (${scormPassedInVersion(userId, versionId)}) scorm`);
  const done: ChallengeCompletion = { mcq: new Set(), essay: new Set(), scorm: new Set() };
  for (const row of (result as unknown as { rows: { kind: "mcq" | "essay" | "scorm"; block_id: string }[] }).rows) done[row.kind].add(row.block_id);
  return done;
}

/**
 * The learner's progress and completed challenges in a version, in one statement rather than the two
 * of loadVersionProgress and loadChallengeCompletion: every tree the learner opens reads both.
 */
export async function loadVersionState(db: Db, userId: string, versionId: string): Promise<{ progress: Map<string, VideoProgressRow>; challenges: ChallengeCompletion }> {
  const ms = (column: PgColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const result = await db.execute(sql`
    select 'video' as kind, ${videoProgress.videoId} as id, ${videoProgress.watchedSeconds}::float8 as watched, ${videoProgress.lastPositionSeconds}::float8 as position,
        ${ms(videoProgress.completedAt)} as completed_ms, ${ms(videoProgress.updatedAt)} as updated_ms
      from ${videoProgress} where ${videoProgress.userId} = ${userId} and ${videoProgress.versionId} = ${versionId}
    union all
    select 'mcq', ${mcqAttempts.blockId}, null, null, null, null from ${mcqAttempts}
      where ${mcqAttempts.userId} = ${userId} and ${mcqAttempts.versionId} = ${versionId} and ${mcqAttemptPassed}
    union all
    select 'essay', ${essayAttempts.blockId}, null, null, null, null from ${essayAttempts}
      where ${essayAttempts.userId} = ${userId} and ${essayAttempts.versionId} = ${versionId} and ${essayAttemptPassed}
    union all
    select kind, id, null, null, null, null from (${scormPassedInVersion(userId, versionId)}) scorm`);
  type Row = { kind: "video" | "mcq" | "essay" | "scorm"; id: string; watched: number | null; position: number | null; completed_ms: number | null; updated_ms: number | null };
  const progress = new Map<string, VideoProgressRow>();
  const challenges: ChallengeCompletion = { mcq: new Set(), essay: new Set(), scorm: new Set() };
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    if (row.kind !== "video") {
      challenges[row.kind].add(row.id);
      continue;
    }
    progress.set(row.id, {
      videoId: row.id,
      versionId,
      watchedSeconds: Number(row.watched),
      lastPositionSeconds: Number(row.position),
      completedAt: row.completed_ms === null ? null : new Date(Number(row.completed_ms)),
      updatedAt: new Date(Number(row.updated_ms)),
    });
  }
  return { progress, challenges };
}

/** What a learner has done in one course version, summed: the course cards and the dashboard read it. */
export interface VersionActivity {
  completedVideos: number;
  watchedSeconds: number;
  /** Seconds of video credited to progress: a completed video's whole length, else what was watched of it. */
  creditedSeconds: number;
  /** Multiple-choice blocks passed (each once, however many attempts passed). */
  completedMcq: number;
  /** Essays passed. */
  completedEssay: number;
  /** SCORM items that count as complete. */
  completedScorm: number;
  /** Challenges submitted, passed or not (a multiple-choice block once, however many attempts). */
  submittedChallenges: number;
  /** Time of the learner's last watch record or challenge action in the version, in ms; 0 when none. */
  lastActivityAt: number;
}

export interface ActivityRow {
  user_id: string;
  version_id: string;
  completed_videos: number;
  watched_seconds: number;
  credited_seconds: number;
  completed_mcq: number;
  completed_essay: number;
  completed_scorm: number;
  submitted_challenges: number;
  last_activity_at: string | Date | null;
}

/** The activity query over the learners `userIds` names (one learner, or a page of them), grouped by learner and version. */
export function activityQuery(userIds: SQL) {
  return sql`
    select user_id, version_id,
      sum(completed_videos)::int as completed_videos, sum(watched_seconds)::float8 as watched_seconds, sum(credited_seconds)::float8 as credited_seconds,
      sum(completed_mcq)::int as completed_mcq, sum(completed_essay)::int as completed_essay, sum(completed_scorm)::int as completed_scorm,
      sum(submitted_challenges)::int as submitted_challenges, max(last_at) as last_activity_at
    from (
      select ${videoProgress.userId} as user_id, ${videoProgress.versionId} as version_id, count(*) filter (where ${videoProgress.completedAt} is not null) as completed_videos,
        coalesce(sum(${videoProgress.watchedSeconds}), 0) as watched_seconds,
        coalesce(sum(case when ${videoProgress.completedAt} is not null then ${videos.durationSeconds} else least(${videoProgress.watchedSeconds}, ${videos.durationSeconds}) end), 0) as credited_seconds,
        0 as completed_mcq, 0 as completed_essay, 0 as completed_scorm, 0 as submitted_challenges, max(${videoProgress.updatedAt}) as last_at
      from ${videoProgress} join ${videos} on ${videos.id} = ${videoProgress.videoId} where ${videoProgress.userId} in (${userIds}) group by 1, 2
      union all
      select ${mcqAttempts.userId}, ${mcqAttempts.versionId}, 0, 0, 0, count(distinct ${mcqAttempts.blockId}) filter (where ${mcqAttemptPassed}), 0, 0,
        count(distinct ${mcqAttempts.blockId}) filter (where ${mcqAttemptCompleted}),
        max(coalesce(${mcqAttempts.submittedAt}, ${mcqAttempts.startedAt}))
      from ${mcqAttempts} where ${mcqAttempts.userId} in (${userIds}) group by 1, 2
      union all
      select ${essayAttempts.userId}, ${essayAttempts.versionId}, 0, 0, 0, 0, count(*) filter (where ${essayAttemptPassed}), 0, count(*) filter (where ${essayAttemptSubmitted}),
        max(greatest(${essayAttempts.startedAt}, coalesce(${essayAttempts.draftSavedAt}, ${essayAttempts.startedAt}), coalesce(${essayAttempts.submittedAt}, ${essayAttempts.startedAt})))
      from ${essayAttempts} where ${essayAttempts.userId} in (${userIds}) group by 1, 2
      union all
      select ${scormAttempts.userId}, c3.version_id, 0, 0, 0, 0, 0, count(*) filter (where ${scormAttemptPassed}), 0, max(${scormAttempts.updatedAt})
      from ${scormAttempts} join scorm_items si3 on si3.id = ${scormAttempts.itemId} join sub_chapters s3 on s3.id = si3.sub_chapter_id join chapters c3 on c3.id = s3.chapter_id
      where ${scormAttempts.userId} in (${userIds}) group by 1, 2
    ) activity group by user_id, version_id`;
}

export const toActivity = (r: ActivityRow): VersionActivity => ({
  completedVideos: Number(r.completed_videos),
  watchedSeconds: Number(r.watched_seconds),
  creditedSeconds: Number(r.credited_seconds),
  completedMcq: Number(r.completed_mcq),
  completedEssay: Number(r.completed_essay),
  completedScorm: Number(r.completed_scorm),
  submittedChallenges: Number(r.submitted_challenges),
  lastActivityAt: r.last_activity_at ? new Date(r.last_activity_at).getTime() : 0,
});

/** The learner's activity in every course version they have touched, by version id; one query. */
export async function loadActivityByVersion(db: Db, userId: string): Promise<Map<string, VersionActivity>> {
  const result = await db.execute(activityQuery(sql`${userId}::uuid`));
  const rows = (result as unknown as { rows: ActivityRow[] }).rows;
  return new Map(rows.map((r) => [r.version_id, toActivity(r)]));
}

/**
 * The activity of several learners (a page of a report), by learner and then version id; one query,
 * the same as loadActivityByVersion's for each of them.
 */
export async function loadActivityOfLearners(db: Db, userIds: string[]): Promise<Map<string, Map<string, VersionActivity>>> {
  const byUser = new Map<string, Map<string, VersionActivity>>(userIds.map((id) => [id, new Map()]));
  if (!userIds.length) return byUser;
  // One array parameter, not one per learner: a report's chunk of thousands is sent and planned as one value.
  const result = await db.execute(activityQuery(sql`select unnest(${sql.param(userIds)}::uuid[])`));
  for (const r of (result as unknown as { rows: ActivityRow[] }).rows) byUser.get(r.user_id)?.set(r.version_id, toActivity(r));
  return byUser;
}

/** What a course version holds: the denominators of its progress. */
export interface VersionTotals {
  chapters: number;
  videos: number;
  videoSeconds: number;
  mcqs: number;
  essays: number;
  scorms: number;
}

const countOf = (q: SQL) => sql<number>`(${q})::int`;

/** The columns that count what a version holds, for a select over rows that carry the version's id; no query per version. */
export function versionTotalColumns(versionId: PgColumn | SQL) {
  const inVersion = (table: string) =>
    sql.raw(`${table} x join sub_chapters s on s.id = x.sub_chapter_id join chapters c on c.id = s.chapter_id where c.version_id = `);
  return {
    chapters: countOf(sql`select count(*) from chapters c where c.version_id = ${versionId}`),
    videos: countOf(sql`select count(*) from ${inVersion("videos")}${versionId}`),
    videoSeconds: countOf(sql`select coalesce(sum(x.duration_seconds), 0) from ${inVersion("videos")}${versionId}`),
    mcqs: countOf(sql`select count(*) from ${inVersion("mcq_blocks")}${versionId}`),
    essays: countOf(sql`select count(*) from ${inVersion("essay_blocks")}${versionId}`),
    scorms: countOf(sql`select count(*) from ${inVersion("scorm_items")}${versionId}`),
  };
}

/** A version's totals as numbers (drivers may answer counts as text). */
export const toVersionTotals = (r: Record<keyof VersionTotals, unknown>): VersionTotals => ({
  chapters: Number(r.chapters),
  videos: Number(r.videos),
  videoSeconds: Number(r.videoSeconds),
  mcqs: Number(r.mcqs),
  essays: Number(r.essays),
  scorms: Number(r.scorms),
});

/** A course version's progress figures from what it holds and what the learner did in it: the course cards and the dashboard use it. */
export function versionFigures(totals: VersionTotals, activity: VersionActivity | undefined): ProgressFigures {
  return progressFigures({
    totalVideos: totals.videos,
    completedVideos: activity?.completedVideos ?? 0,
    totalMcq: totals.mcqs,
    completedMcq: activity?.completedMcq ?? 0,
    totalEssay: totals.essays,
    completedEssay: activity?.completedEssay ?? 0,
    totalScorm: totals.scorms,
    completedScorm: activity?.completedScorm ?? 0,
    totalVideoSeconds: totals.videoSeconds,
    watchedVideoSeconds: activity?.watchedSeconds ?? 0,
    creditedVideoSeconds: activity?.creditedSeconds ?? 0,
  });
}

export interface EnrolledCourse {
  courseId: string;
  courseName: string;
  courseImage: string | null;
  courseType: "mandatory" | "nonMandatory" | "complimentary";
  domain: string;
  versionId: string;
  programId: string | null;
  totals: VersionTotals;
}

/** Every course the learner is enrolled in, with what its enrolled version holds; one query. */
export async function loadEnrolledCourses(db: Db, userId: string): Promise<EnrolledCourse[]> {
  const rows = await db
    .select({
      courseId: enrollments.courseId,
      versionId: enrollments.versionId,
      programId: enrollments.programId,
      courseType: enrollments.courseType,
      courseName: courses.name,
      courseImage: courses.image,
      domain: domains.name,
      ...versionTotalColumns(enrollments.versionId),
    })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .where(eq(enrollments.userId, userId))
    .orderBy(courses.name);
  return rows.map((r) => ({
    courseId: r.courseId,
    courseName: r.courseName,
    courseImage: r.courseImage,
    courseType: r.courseType,
    domain: r.domain,
    versionId: r.versionId,
    programId: r.programId,
    totals: toVersionTotals(r),
  }));
}

export interface EnrolledCourseProgress extends EnrolledCourse {
  figures: ProgressFigures;
}

/**
 * Every course the learner is enrolled in, with the progress figures of the enrolled version: two
 * queries (the courses, the learner's activity), or one when the caller has loaded the activity.
 */
export async function loadEnrolledCourseProgress(
  db: Db,
  userId: string,
  activity?: Map<string, VersionActivity>,
): Promise<EnrolledCourseProgress[]> {
  const [enrolled, byVersion] = await Promise.all([loadEnrolledCourses(db, userId), activity ?? loadActivityByVersion(db, userId)]);
  return enrolled.map((c) => ({ ...c, figures: versionFigures(c.totals, byVersion.get(c.versionId)) }));
}

export const isVideoCompleted = (p: VideoProgressRow | undefined) => !!p?.completedAt;

export function isItemCompleted(item: Pick<TreeItem, "id" | "kind">, progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion) {
  if (item.kind === "video") return isVideoCompleted(progress.get(item.id));
  if (item.kind === "mcqBlock") return challenges.mcq.has(item.id);
  return challenges.essay.has(item.id);
}

/** completed when every video among the items is completed; notApplicable when there is none. */
export function videoStateOf(items: TreeItem[], progress: Map<string, VideoProgressRow>): "completed" | "notCompleted" | "notApplicable" {
  const vids = items.filter((i) => i.kind === "video");
  if (!vids.length) return "notApplicable";
  return vids.every((v) => isVideoCompleted(progress.get(v.id))) ? "completed" : "notCompleted";
}

export function challengeStateOf(items: TreeItem[], challenges: ChallengeCompletion): "completed" | "notCompleted" | "notApplicable" {
  const blocks = items.filter((i) => i.kind !== "video");
  if (!blocks.length) return "notApplicable";
  return blocks.every((b) => (b.kind === "mcqBlock" ? challenges.mcq : challenges.essay).has(b.id)) ? "completed" : "notCompleted";
}

/** The video the learner watched last among the version's rows, or null. */
export function lastWatchedVideoId(progress: Map<string, VideoProgressRow>): string | null {
  let best: VideoProgressRow | null = null;
  for (const p of progress.values()) if (!best || p.updatedAt > best.updatedAt) best = p;
  return best?.videoId ?? null;
}

export interface ProgressCounts {
  totalVideos: number;
  completedVideos: number;
  totalMcq: number;
  completedMcq: number;
  totalEssay: number;
  completedEssay: number;
  totalScorm: number;
  completedScorm: number;
  totalVideoSeconds: number;
  watchedVideoSeconds: number;
  /** A completed video's whole length, else the seconds watched of it (at most its length), summed. */
  creditedVideoSeconds: number;
}

export interface ProgressFigures extends ProgressCounts {
  percent: number;
  totalMinutes: number;
  watchedMinutes: number;
  isCompleted: boolean;
}

/**
 * Progress in percent, moving with watched time: every video and challenge is one unit; the videos'
 * units are filled by time (credited seconds over the videos' total seconds, a completed video
 * credited in full), a challenge once completed. Rounded down, and 100 only when everything is
 * completed.
 */
export function progressFigures(c: ProgressCounts): ProgressFigures {
  const units = c.totalVideos + c.totalMcq + c.totalEssay + c.totalScorm;
  const completedVideos = Math.min(c.completedVideos, c.totalVideos);
  const challengesDone = Math.min(c.completedMcq, c.totalMcq) + Math.min(c.completedEssay, c.totalEssay) + Math.min(c.completedScorm, c.totalScorm);
  const videosDone = c.totalVideoSeconds > 0 ? (c.totalVideos * Math.min(c.creditedVideoSeconds, c.totalVideoSeconds)) / c.totalVideoSeconds : completedVideos;
  const isCompleted = units > 0 && completedVideos + challengesDone === units;
  const watched = Math.min(c.watchedVideoSeconds, c.totalVideoSeconds);
  // Written out rather than spread from `c`: a report computes this for every learner of 100,000, and
  // a spread that then adds fields is several times slower. The same fields, in the same order.
  return {
    totalVideos: c.totalVideos,
    completedVideos: c.completedVideos,
    totalMcq: c.totalMcq,
    completedMcq: c.completedMcq,
    totalEssay: c.totalEssay,
    completedEssay: c.completedEssay,
    totalScorm: c.totalScorm,
    completedScorm: c.completedScorm,
    totalVideoSeconds: c.totalVideoSeconds,
    watchedVideoSeconds: watched,
    creditedVideoSeconds: c.creditedVideoSeconds,
    percent: isCompleted ? 100 : units ? Math.min(99, Math.floor((100 * (videosDone + challengesDone)) / units)) : 0,
    totalMinutes: Math.round(c.totalVideoSeconds / 60),
    watchedMinutes: Math.round(watched / 60),
    isCompleted,
  };
}

/** Counts over a list of items (a whole version, or the items below one node). */
export function countItems(items: TreeItem[], progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion): ProgressCounts {
  const c: ProgressCounts = {
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
  for (const item of items) {
    if (item.kind === "video") {
      const p = progress.get(item.id);
      c.totalVideos++;
      c.totalVideoSeconds += item.durationSeconds;
      c.watchedVideoSeconds += Math.min(p?.watchedSeconds ?? 0, item.durationSeconds);
      c.creditedVideoSeconds += isVideoCompleted(p) ? item.durationSeconds : Math.min(p?.watchedSeconds ?? 0, item.durationSeconds);
      if (isVideoCompleted(p)) c.completedVideos++;
    } else if (item.kind === "mcqBlock") {
      c.totalMcq++;
      if (challenges.mcq.has(item.id)) c.completedMcq++;
    } else {
      c.totalEssay++;
      if (challenges.essay.has(item.id)) c.completedEssay++;
    }
  }
  return c;
}

/** The figures of a whole version: its items, and its SCORM items (which the learner's tree does not list yet). */
export const treeFigures = (tree: VersionTree, progress: Map<string, VideoProgressRow>, challenges: ChallengeCompletion) =>
  progressFigures({
    ...countItems(tree.items, progress, challenges),
    totalScorm: tree.scormItemIds.length,
    completedScorm: tree.scormItemIds.filter((id) => challenges.scorm.has(id)).length,
  });

/** Where to resume a video: the last position, or the start when the learner had reached its very end. */
export function resumeAt(p: VideoProgressRow | undefined, durationSeconds: number): number {
  const pos = p?.lastPositionSeconds ?? 0;
  return pos >= durationSeconds - 3 ? 0 : Math.max(0, pos);
}

/**
 * The item to continue with among some items: the video watched last if it is not completed yet,
 * else the first item not completed, else the item watched last, else the first.
 */
export function itemToContinue(
  items: TreeItem[],
  progress: Map<string, VideoProgressRow>,
  challenges: ChallengeCompletion,
): TreeItem | undefined {
  let last: TreeItem | undefined;
  let lastAt = 0;
  for (const item of items) {
    const at = progress.get(item.id)?.updatedAt.getTime();
    if (at !== undefined && at > lastAt) {
      last = item;
      lastAt = at;
    }
  }
  if (last && !isItemCompleted(last, progress, challenges)) return last;
  return items.find((i) => !isItemCompleted(i, progress, challenges)) ?? last ?? items[0];
}

/** One thing a learner still has to do to complete a course version, by the completion rule. */
export interface StillNeeded {
  kind: "video" | "mcqBlock" | "essayBlock" | "scorm";
  id: string;
  title: string;
  /** watch a video; attempt (or pass) a multiple-choice block; submit an essay, wait for its grade, or revise it; play a SCORM item to its end (or pass it). */
  reason: "watch" | "complete" | "pass" | "submit" | "awaitGrading" | "gradedBelow" | "play";
  passMark: number | null;
  /** The best completed attempt's share of the marks (MCQ) or the grade (essay), in percent; null when none. */
  scorePercent: number | null;
  /** New attempts the learner may still start (MCQ); null when unlimited or not an MCQ block. */
  attemptsRemaining: number | null;
  /** What to do, in a sentence the learner's pages show. */
  message: string;
}

interface NeededRow {
  version_id: string;
  kind: StillNeeded["kind"];
  id: string;
  title: string;
  pass_mark: number | null;
  attempts_allowed: number | null;
  attempts: number;
  best_percent: number | null;
  essay_status: "onProgress" | "awaitingResults" | "resultsReceived" | null;
  essay_percent: number | null;
}

const percentText = (p: number) => `${Math.round(p)} %`;

/** The sentence for one thing still needed: what to do, and the scores that explain why. */
export function stillNeededMessage(n: Omit<StillNeeded, "message">): string {
  const quoted = `“${n.title}”`;
  switch (n.reason) {
    case "watch":
      return `Watch ${quoted} to the end.`;
    case "play":
      if (n.passMark === null) return `Complete ${quoted}.`;
      return `Pass ${quoted} (${n.scorePercent === null ? "" : `scored ${percentText(n.scorePercent)}, `}pass mark ${percentText(n.passMark)}).`;
    case "complete":
      return `Complete the quiz ${quoted}.`;
    case "submit":
      return n.passMark === null ? `Submit the essay ${quoted}.` : `Submit the essay ${quoted} (pass mark ${percentText(n.passMark)}).`;
    case "awaitGrading":
      return `The essay ${quoted} is waiting for its grade (pass mark ${percentText(n.passMark ?? 0)}).`;
    case "gradedBelow":
      return `The essay ${quoted} was graded ${percentText(n.scorePercent ?? 0)}; its pass mark is ${percentText(n.passMark ?? 0)}.`;
    case "pass": {
      const scored = n.scorePercent === null ? "" : `scored ${percentText(n.scorePercent)}, `;
      const left =
        n.attemptsRemaining === null ? "" : n.attemptsRemaining === 0 ? "; no attempts left" : `; ${n.attemptsRemaining} attempt${n.attemptsRemaining === 1 ? "" : "s"} left`;
      return `Pass the quiz ${quoted} (${scored}pass mark ${percentText(n.passMark ?? 0)}${left}).`;
    }
  }
}

function neededOf(r: NeededRow): StillNeeded {
  const passMark = r.pass_mark === null ? null : Number(r.pass_mark);
  const attempts = Number(r.attempts);
  const base = { kind: r.kind, id: r.id, title: r.title, passMark, scorePercent: null as number | null, attemptsRemaining: null as number | null };
  let item: Omit<StillNeeded, "message">;
  if (r.kind === "video") item = { ...base, reason: "watch" };
  else if (r.kind === "scorm") item = { ...base, reason: "play", scorePercent: r.best_percent === null ? null : Number(r.best_percent) };
  else if (r.kind === "mcqBlock") {
    item = {
      ...base,
      reason: passMark === null ? "complete" : "pass",
      scorePercent: r.best_percent === null ? null : Number(r.best_percent),
      attemptsRemaining: r.attempts_allowed === null ? null : Math.max(0, Number(r.attempts_allowed) - attempts),
    };
  } else if (r.essay_status === "awaitingResults") item = { ...base, reason: "awaitGrading" };
  else if (r.essay_status === "resultsReceived") item = { ...base, reason: "gradedBelow", scorePercent: r.essay_percent === null ? null : Number(r.essay_percent) };
  else item = { ...base, reason: "submit" };
  return { ...item, message: stillNeededMessage(item) };
}

/**
 * What the learner still has to do in each of these course versions, in course order: every video
 * not complete and every challenge not passed, with the scores that explain it. One query.
 */
export async function loadStillNeeded(db: Db, userId: string, versionIds: string[]): Promise<Map<string, StillNeeded[]>> {
  const byVersion = new Map<string, StillNeeded[]>(versionIds.map((v) => [v, []]));
  if (!versionIds.length) return byVersion;
  const versions = sql.join(versionIds.map((v) => sql`${v}::uuid`), sql`, `);
  const place = (table: string) => sql.raw(`${table} x join sub_chapters s on s.id = x.sub_chapter_id join chapters c on c.id = s.chapter_id`);
  const result = await db.execute(sql`
    select * from (
      select c.version_id, 'video' as kind, x.id, x.title, c.position as cp, s.position as sp, x.position as ip,
          null::int as pass_mark, null::int as attempts_allowed, 0 as attempts, null::float8 as best_percent, null::text as essay_status, null::float8 as essay_percent
        from ${place("videos")}
        where c.version_id in (${versions}) and not exists (select 1 from ${videoProgress} where ${videoProgress.userId} = ${userId}
          and ${videoProgress.videoId} = x.id and ${videoProgress.versionId} = c.version_id and ${videoProgress.completedAt} is not null)
      union all
      select c.version_id, 'mcqBlock', x.id, x.title, c.position, s.position, x.position, x.pass_mark,
          x.attempts_allowed + (select coalesce(sum(${timedBlockGrants.extraAttempts}), 0)::int from ${timedBlockGrants}
            where ${timedBlockGrants.userId} = ${userId} and ${timedBlockGrants.blockId} = x.id),
          (select count(*) from ${mcqAttempts} where ${mcqAttempts.userId} = ${userId} and ${mcqAttempts.blockId} = x.id)::int,
          (select max(100 * ${mcqAttempts.obtainedScore} / nullif(${mcqAttempts.totalScore}, 0))::float8 from ${mcqAttempts}
            where ${mcqAttempts.userId} = ${userId} and ${mcqAttempts.blockId} = x.id and ${mcqAttemptCompleted}),
          null, null
        from ${place("mcq_blocks")}
        where c.version_id in (${versions}) and not exists (select 1 from ${mcqAttempts}
          where ${mcqAttempts.userId} = ${userId} and ${mcqAttempts.blockId} = x.id and ${mcqAttempts.versionId} = c.version_id and ${mcqAttemptPassed})
      union all
      select c.version_id, 'essayBlock', x.id, x.title, c.position, s.position, x.position, x.pass_mark, null, 0, null,
          (select ${essayAttempts.status}::text from ${essayAttempts} where ${essayAttempts.userId} = ${userId} and ${essayAttempts.blockId} = x.id limit 1),
          (select (100 * e.obtained_score / nullif(e.total_score, 0))::float8 from ${essayAttempts} join essay_evaluations e on e.attempt_id = ${essayAttempts.id}
            where ${essayAttempts.userId} = ${userId} and ${essayAttempts.blockId} = x.id limit 1)
        from ${place("essay_blocks")}
        where c.version_id in (${versions}) and not exists (select 1 from ${essayAttempts}
          where ${essayAttempts.userId} = ${userId} and ${essayAttempts.blockId} = x.id and ${essayAttempts.versionId} = c.version_id and ${essayAttemptPassed})
      union all
      select c.version_id, 'scorm', x.id, x.title, c.position, s.position, x.position, round(coalesce(x.pass_mark::real, sp.mastery_percent))::int, null, 0,
          (select 100 * ${scormAttempts.scoreScaled} from ${scormAttempts} where ${scormAttempts.userId} = ${userId} and ${scormAttempts.itemId} = x.id)::float8,
          null, null
        from ${place("scorm_items")} join scorm_packages sp on sp.id = x.package_id
        where c.version_id in (${versions}) and not exists (select 1 from ${scormAttempts}
          where ${scormAttempts.userId} = ${userId} and ${scormAttempts.itemId} = x.id and ${scormAttemptPassed})
    ) needed
    order by version_id, cp, sp, ip, kind`);
  for (const row of (result as unknown as { rows: NeededRow[] }).rows) byVersion.get(row.version_id)?.push(neededOf(row));
  return byVersion;
}
