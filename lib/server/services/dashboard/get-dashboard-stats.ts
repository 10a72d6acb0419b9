import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { DashboardStats, SubmittedChallenge, WeeklyLearningTime } from "@/lib/contract/entities/dashboard";
import { learnPath } from "@/lib/learning-address";
import { DEFAULT_TIME_ZONE, lastDays, localDate } from "@/lib/time-zone";
import type { Db } from "../../db/client";
import {
  chapters,
  courses,
  essayAttempts,
  essayBlocks,
  essayEvaluations,
  mcqAttempts,
  mcqBlocks,
  subChapters,
  videoWatchTime,
} from "../../db/schema";
import type { Deps } from "../../deps";
import { awardEarnedBadges, badgesEarned, learnerBadges, rememberTimeZone } from "../achievements";
import { autoEnrollMember } from "../../domain/enrollment";
import { hoursOf } from "../../domain/course-hours";
import { certificatesEarned, issueEarnedCertificates } from "../certificates";
import {
  essayAttemptSubmitted,
  loadActivityByVersion,
  loadEnrolledCourseProgress,
  mcqAttemptCompleted,
  type EnrolledCourseProgress,
  type VersionActivity,
} from "../../domain/completion";
import type { User } from "../../domain/user";

/*
 * Every figure of the dashboard, each defined once, here. The course figures read the one
 * completion model (domain/completion.ts), so a course counted completed here is the
 * course whose card shows 100 % and whose tree is all ticked.
 */

/** Days of the learning-time chart, ending today in the learner's time zone. */
export const LEARNING_DAYS = 7;
/** Most submitted challenges listed under the figure. */
export const RECENT_CHALLENGES_LIMIT = 20;

type Domain = DashboardStats["domainCounts"][number]["domain"];

/** Courses enrolled: every enrollment of the learner (bought, through a batch, scheduled to start later), one per course. */
export const coursesEnrolled = (courses: EnrolledCourseProgress[]) => courses.length;

/** Courses completed: enrolled courses whose enrolled version has every video and challenge completed (completion.ts). */
export const coursesCompleted = (courses: EnrolledCourseProgress[]) => courses.filter((c) => c.figures.isCompleted).length;

/**
 * Hours learned: seconds of video really watched, over every video the learner has opened (enrolled
 * or free preview), divided by 3600 and rounded to one decimal. "Really watched" is the merged
 * watched ranges of each video (seeks excluded, a stretch watched twice counted once); a video
 * marked complete without being watched adds nothing.
 */
export function hoursLearned(activity: Map<string, VersionActivity>): number {
  return hoursOf(secondsLearned(activity));
}

/** The same time in seconds, as the page shows it: a few minutes are "12 mins", not "0 h". */
export function secondsLearned(activity: Map<string, VersionActivity>): number {
  let seconds = 0;
  for (const a of activity.values()) seconds += a.watchedSeconds;
  return Math.round(seconds);
}

/**
 * Challenges submitted: multiple-choice attempts completed (submitted by the learner or closed by the
 * server at the deadline, with the answers saved by then) plus essay attempts submitted (awaiting
 * results or graded, whatever the source: manual, timeOut, migrated), in any course and version.
 * The same rule makes a challenge count as completed in a course's progress.
 */
export function challengesSubmitted(activity: Map<string, VersionActivity>): number {
  let n = 0;
  for (const a of activity.values()) n += a.submittedChallenges;
  return n;
}

/** Domain counts: enrolled courses per domain, most first (then by name); domains with none are left out. */
export function domainCounts(courses: EnrolledCourseProgress[]): DashboardStats["domainCounts"] {
  const counts = new Map<string, number>();
  for (const c of courses) counts.set(c.domain, (counts.get(c.domain) ?? 0) + 1);
  return [...counts]
    .map(([domain, count]) => ({ domain: domain as Domain, count }))
    .sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain));
}

/**
 * Learning time per day: seconds of video played in each quarter hour (video_watch_time, rewatching
 * included, seeks excluded), added up per calendar day of the learner's time zone over the last
 * LEARNING_DAYS days, in whole minutes (rounded). A watch at 23:30 local time counts for that local day.
 */
export function learningDays(slots: { slotStart: Date; seconds: number }[], now: Date, timeZone: string): WeeklyLearningTime {
  const days = lastDays(now, timeZone, LEARNING_DAYS);
  const seconds = new Map(days.map((d) => [d, 0]));
  for (const slot of slots) {
    const day = localDate(slot.slotStart, timeZone);
    if (seconds.has(day)) seconds.set(day, seconds.get(day)! + slot.seconds);
  }
  const list = days.map((date) => ({ date, minutes: Math.round(seconds.get(date)! / 60) }));
  return { timeZone, days: list, totalMinutes: list.reduce((n, d) => n + d.minutes, 0) };
}

/** Quarter hours of watch time recent enough to fall in the chart's days in any time zone (UTC+14 to UTC-12). */
async function loadRecentWatchSlots(db: Db, userId: string, now: Date) {
  const since = new Date(now.getTime() - (LEARNING_DAYS + 1) * 86_400_000);
  const rows = await db
    .select({ slotStart: videoWatchTime.slotStart, seconds: sql<number>`sum(${videoWatchTime.watchedSeconds})::float8` })
    .from(videoWatchTime)
    .where(and(eq(videoWatchTime.userId, userId), gte(videoWatchTime.slotStart, since)))
    .groupBy(videoWatchTime.slotStart);
  return rows.map((r) => ({ slotStart: new Date(r.slotStart), seconds: Number(r.seconds) }));
}

interface ChallengeRow {
  attempt_id: string;
  block_id: string;
  type: "mcqBlock" | "essayBlock";
  title: string;
  course_id: string;
  course_name: string;
  submitted_at: string | Date;
  closed_by: "learner" | "timeout";
  status: SubmittedChallenge["status"];
  obtained_score: number | null;
  total_score: number | null;
  course_slug_id: string;
  chapter_slug_id: string;
  sub_chapter_slug_id: string;
  block_slug_id: string;
}

/** The learner's most recently submitted challenges, by the same rules as challengesSubmitted; one query. */
export async function loadRecentChallenges(db: Db, userId: string, limit = RECENT_CHALLENGES_LIMIT): Promise<SubmittedChallenge[]> {
  const result = await db.execute(sql`
    select * from (
      select ${mcqAttempts.id} as attempt_id, ${mcqAttempts.blockId} as block_id, 'mcqBlock' as type, ${mcqBlocks.title} as title,
        ${courses.id} as course_id, ${courses.name} as course_name, coalesce(${mcqAttempts.submittedAt}, ${mcqAttempts.deadlineAt}) as submitted_at,
        coalesce(${mcqAttempts.closedBy}::text, 'learner') as closed_by, 'completed' as status,
        ${mcqAttempts.obtainedScore}::float8 as obtained_score, ${mcqAttempts.totalScore}::float8 as total_score,
        ${courses.slugId} as course_slug_id, ${chapters.slugId} as chapter_slug_id, ${subChapters.slugId} as sub_chapter_slug_id, ${mcqBlocks.slugId} as block_slug_id
      from ${mcqAttempts}
        join ${mcqBlocks} on ${mcqBlocks.id} = ${mcqAttempts.blockId}
        join ${subChapters} on ${subChapters.id} = ${mcqBlocks.subChapterId}
        join ${chapters} on ${chapters.id} = ${subChapters.chapterId}
        join ${courses} on ${courses.id} = ${mcqAttempts.courseId}
      where ${mcqAttempts.userId} = ${userId} and ${mcqAttemptCompleted}
      union all
      select ${essayAttempts.id}, ${essayAttempts.blockId}, 'essayBlock', ${essayBlocks.title},
        ${courses.id}, ${courses.name}, coalesce(${essayAttempts.submittedAt}, ${essayAttempts.deadlineAt}),
        case when ${essayAttempts.submissionSource} = 'timeOut' then 'timeout' else 'learner' end, ${essayAttempts.status}::text,
        ${essayEvaluations.obtainedScore}::float8, ${essayEvaluations.totalScore}::float8,
        ${courses.slugId}, ${chapters.slugId}, ${subChapters.slugId}, ${essayBlocks.slugId}
      from ${essayAttempts}
        join ${essayBlocks} on ${essayBlocks.id} = ${essayAttempts.blockId}
        join ${subChapters} on ${subChapters.id} = ${essayBlocks.subChapterId}
        join ${chapters} on ${chapters.id} = ${subChapters.chapterId}
        join ${courses} on ${courses.id} = ${essayAttempts.courseId}
        left join ${essayEvaluations} on ${essayEvaluations.attemptId} = ${essayAttempts.id}
      where ${essayAttempts.userId} = ${userId} and ${essayAttemptSubmitted}
    ) submitted
    order by submitted_at desc, attempt_id
    limit ${limit}`);
  const rows = (result as unknown as { rows: ChallengeRow[] }).rows;
  return rows.map((r) => ({
    attemptId: r.attempt_id,
    blockId: r.block_id,
    type: r.type,
    title: r.title,
    courseId: r.course_id,
    courseName: r.course_name,
    submittedAt: new Date(r.submitted_at).toISOString(),
    closedBy: r.closed_by,
    status: r.status,
    obtainedScore: r.obtained_score === null ? null : Number(r.obtained_score),
    totalScore: r.total_score === null ? null : Number(r.total_score),
    learnPath: learnPath({
      nodeType: r.type,
      courseSlugId: r.course_slug_id,
      chapterSlugId: r.chapter_slug_id,
      subChapterSlugId: r.sub_chapter_slug_id,
      nodeSlugId: r.block_slug_id,
    }),
  }));
}

/**
 * GET /dashboard/getDashboardCoursesDetails: the learner's own figures. A fixed number of queries
 * whatever the number of courses: the auto-enrollments brought up to date, the enrolled courses,
 * the learner's activity, the recent challenges, the recent watch time, the learner's programs and
 * certificates (and one insert when a certificate is due), the learner's badge records (and one
 * insert when a badge is due); one update when the learner's time zone changed.
 */
export async function getDashboardStats(deps: Deps, actor: User, query: { timeZone?: string }): Promise<DashboardStats> {
  const { db } = deps;
  const now = deps.now();
  const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
  const user = await rememberTimeZone(db, actor, query.timeZone);
  await autoEnrollMember(db, user.id);
  const activity = await loadActivityByVersion(db, user.id);
  const [enrolled, recentChallenges, slots] = await Promise.all([
    loadEnrolledCourseProgress(db, user.id, activity),
    loadRecentChallenges(db, user.id),
    loadRecentWatchSlots(db, user.id, now),
  ]);
  const certificates = await issueEarnedCertificates(deps, user, now, { enrolled });
  const { held } = await awardEarnedBadges(db, user, { enrolled });
  return {
    coursesEnrolled: coursesEnrolled(enrolled),
    coursesCompleted: coursesCompleted(enrolled),
    totalHoursLearned: hoursLearned(activity),
    totalSecondsLearned: secondsLearned(activity),
    totalChallengesSubmitted: challengesSubmitted(activity),
    badgesEarned: badgesEarned(learnerBadges(held)),
    certificatesEarned: certificatesEarned(certificates.all),
    domainCounts: domainCounts(enrolled),
    weeklyLearningTime: learningDays(slots, now, timeZone),
    recentChallenges,
  };
}

/**
 * What the dashboard's figures are built from, as values that change whenever the figures may: the
 * learner's revision (raised by the database with every change to what getDashboardStats reads of
 * them, whichever process writes it), the catalogue's (courses, their content, programs, batches),
 * both read with the session, and the time zone asked for and today's date there (the learning-time
 * chart ends today). Two reads with equal inputs give equal figures, so the route may send the
 * figures it built before; then nothing is due either (an auto-enrollment, certificate or badge), as
 * building them would have raised the learner's revision.
 */
export function dashboardStatsInputs(deps: Deps, user: User, session: { learnerRevision: number | null; catalogueRevision: number | null }, query: { timeZone?: string }) {
  const timeZone = query.timeZone ?? DEFAULT_TIME_ZONE;
  return { userId: user.id, learner: session.learnerRevision, catalogue: session.catalogueRevision, timeZone, today: localDate(deps.now(), timeZone) };
}
