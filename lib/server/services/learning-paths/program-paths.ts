import "server-only";
import { sql } from "drizzle-orm";
import type { BundledProgram } from "@/lib/contract/entities/shared";
import type { ProgramProgress } from "@/lib/contract/entities/learning-paths";
import type { Db } from "../../db/client";
import { toVersionTotals, versionFigures, versionTotalColumns, type VersionActivity, type VersionTotals } from "../../domain/completion";
import type { CourseType } from "../../domain/course-access";
import { courseDurationFields } from "../../domain/course-hours";
import { DEFAULT_LOCKED_MESSAGE, programProgress } from "../../domain/program-progress";

/*
 * Learning paths: the programs offered, each with its courses in order, and the learner's place in
 * them. A course's completion is the one model of domain/completion.ts, a program's progress the
 * dashboard's programProgress (completed courses over all courses); see docs/learning-paths.md.
 */

export interface PathCourse {
  courseId: string;
  name: string;
  slugId: string;
  courseType: CourseType;
  /** The version the learner is enrolled in; null when not enrolled. */
  enrolledVersionId: string | null;
  startDate: Date | null;
  /** What the enrolled version holds, else the current version. */
  totals: VersionTotals;
}

export interface ProgramPath {
  programId: string;
  name: string;
  description: string;
  image: string | null;
  domain: BundledProgram["domain"];
  /** The order is enforced: a course after an incomplete mandatory course is locked (docs/programs.md). */
  sequential: boolean;
  lockedMessage: string;
  /** The learner's batches taking the program, the one that started first first. */
  batchIds: string[];
  /** The learner takes the program: through one of their batches, or enrolled in through it. */
  isTaken: boolean;
  courses: PathCourse[];
}

interface Row extends Record<keyof VersionTotals, unknown> {
  program_id: string;
  program_name: string;
  description: string;
  image: string | null;
  domain: string | null;
  sequential: boolean;
  locked_message: string;
  batch_ids: string[] | null;
  by_enrollment: boolean;
  course_id: string | null;
  course_name: string | null;
  slug_id: string | null;
  course_type: CourseType | null;
  enrolled_version_id: string | null;
  start_date: string | Date | null;
}

/**
 * Every program offered, with its courses in the program's order and what the learner's version of
 * each holds; one query whatever the number of programs and courses. The learner's programs come
 * first, the one whose batch started first first; the others follow by name.
 */
export async function loadProgramPaths(db: Db, userId: string): Promise<ProgramPath[]> {
  const totals = versionTotalColumns(sql`v.id`);
  const result = await db.execute(sql`
    select p.id as program_id, p.name as program_name, p.description, p.image, d.name as domain, p.sequential, p.locked_message,
      mine.batch_ids, exists (select 1 from enrollments en where en.user_id = ${userId} and en.program_id = p.id) as by_enrollment,
      pc.course_id, c.name as course_name, c.slug_id, pc.course_type, e.version_id as enrolled_version_id, e.start_date,
      ${totals.chapters} as chapters, ${totals.videos} as videos, ${totals.videoSeconds} as "videoSeconds", ${totals.mcqs} as mcqs, ${totals.essays} as essays, ${totals.scorms} as scorms
    from programs p
    left join domains d on d.id = p.domain_id
    left join lateral (
      select array_agg(b.id::text order by coalesce(b.starts_at, b.created_at), b.id) as batch_ids, min(coalesce(b.starts_at, b.created_at)) as first_at
      from batch_members bm join batches b on b.id = bm.batch_id
      where bm.user_id = ${userId} and b.program_id = p.id) mine on true
    left join program_courses pc on pc.program_id = p.id
    left join courses c on c.id = pc.course_id
    left join enrollments e on e.user_id = ${userId} and e.course_id = pc.course_id
    left join lateral (
      select coalesce(e.version_id,
        (select cv.id from course_versions cv where cv.course_id = pc.course_id order by cv.is_current desc, cv.released_at desc limit 1)) as id) v on true
    order by mine.first_at nulls last, p.name, p.id, pc.position`);
  const paths = new Map<string, ProgramPath>();
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    let path = paths.get(r.program_id);
    if (!path) {
      const batchIds = r.batch_ids ?? [];
      path = {
        programId: r.program_id,
        name: r.program_name,
        description: r.description,
        image: r.image,
        domain: (r.domain as BundledProgram["domain"]) ?? null,
        sequential: Boolean(r.sequential),
        lockedMessage: r.locked_message ?? "",
        batchIds,
        isTaken: batchIds.length > 0 || r.by_enrollment,
        courses: [],
      };
      paths.set(r.program_id, path);
    }
    if (r.course_id) {
      path.courses.push({
        courseId: r.course_id,
        name: r.course_name!,
        slugId: r.slug_id!,
        courseType: r.course_type ?? "mandatory",
        enrolledVersionId: r.enrolled_version_id,
        startDate: r.start_date ? new Date(r.start_date) : null,
        totals: toVersionTotals(r),
      });
    }
  }
  // The learner's programs first (stable: by batch start, then by name), then the others by name.
  return [...paths.values()].sort((a, b) => Number(b.isTaken) - Number(a.isTaken));
}

const durationOfPath = (path: ProgramPath) => courseDurationFields(path.courses.reduce((sum, c) => sum + c.totals.videoSeconds, 0));

/** A program as the catalogue's bundle card shows it, with the learner's batch of it. */
export const bundledProgramOf = (path: ProgramPath): BundledProgram => ({
  programId: path.programId,
  programName: path.name,
  programImage: path.image,
  totalCourses: path.courses.length,
  batchId: path.batchIds[0] ?? null,
  domain: path.domain,
  description: path.description,
  ...durationOfPath(path),
});

/** What a learner reads on a locked course: the program's message, else a standard one. */
const lockedMessageOf = (path: ProgramPath) => path.lockedMessage.trim() || DEFAULT_LOCKED_MESSAGE;

/**
 * The learner's progress through a program, course by course, from their activity by course version
 * (completion.ts). A course whose scheduled enrollment opens after `now` carries its opening date.
 */
export function pathProgress(path: ProgramPath, activity: Map<string, VersionActivity>, now: Date, batchId = path.batchIds[0] ?? null): ProgramProgress {
  // In an enforced order, everything after the first mandatory course not completed is locked.
  let blocked = false;
  const courses = path.courses.map((c, i) => {
    const enrolled = c.enrolledVersionId !== null;
    const figures = versionFigures(c.totals, enrolled ? activity.get(c.enrolledVersionId!) : undefined);
    const isCompleted = enrolled && figures.isCompleted;
    const isLocked = path.sequential && blocked && !isCompleted;
    if (path.sequential && c.courseType === "mandatory" && !isCompleted) blocked = true;
    return {
      courseId: c.courseId,
      courseName: c.name,
      courseType: c.courseType,
      order: i + 1,
      courseProgressInPercentage: figures.percent,
      isCompleted,
      slugId: c.slugId,
      isEnrolled: enrolled,
      enrollmentStartDate: enrolled && c.startDate && c.startDate > now ? c.startDate.toISOString() : null,
      videoTotalDurationInMinutes: figures.totalMinutes,
      completedVideosCount: figures.completedVideos,
      totalVideosCount: figures.totalVideos,
      completedChallengesCount: figures.completedMcq + figures.completedEssay,
      totalChallengesCount: figures.totalMcq + figures.totalEssay,
      // Only a program that enforces its order says which courses are locked.
      ...(path.sequential ? { isLocked, lockedMessage: isLocked ? lockedMessageOf(path) : null } : {}),
    };
  });
  return {
    programId: path.programId,
    programName: path.name,
    batchId,
    ...programProgress(
      courses.map((c) => c.courseId),
      new Set(courses.filter((c) => c.isCompleted).map((c) => c.courseId)),
    ),
    totalCourses: courses.length,
    courses,
    isSequential: path.sequential,
    description: path.description,
    domain: path.domain,
    ...durationOfPath(path),
  };
}

/**
 * The sample path shown to a learner who takes no program: a typical program of those offered,
 * its course count and minutes of video the means over them (rounded); null when none is offered.
 */
export function samplePathFigures(paths: ProgramPath[]) {
  if (!paths.length) return { courseCount: null, durationInMinutes: null };
  const courses = paths.reduce((n, p) => n + p.courses.length, 0);
  const seconds = paths.reduce((n, p) => n + p.courses.reduce((s, c) => s + c.totals.videoSeconds, 0), 0);
  return { courseCount: Math.round(courses / paths.length), durationInMinutes: Math.round(seconds / paths.length / 60) };
}
