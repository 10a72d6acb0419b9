import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * Seconds of video of a course for one learner, as a subquery: the version the learner is enrolled
 * in, else the course's current version. `enrolledVersionId` may be null (not enrolled).
 */
export const courseVideoSecondsSql = (courseId: SQL, enrolledVersionId: SQL) => sql`
  (select coalesce(sum(v.duration_seconds), 0)::int from videos v
    join sub_chapters s on s.id = v.sub_chapter_id join chapters ch on ch.id = s.chapter_id
    where ch.version_id = coalesce(${enrolledVersionId},
      (select cv.id from course_versions cv where cv.course_id = ${courseId} order by cv.is_current desc, cv.released_at desc limit 1)))`;

/** Hours with one decimal: the spec's `…InHours` fields. */
export const hoursOf = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;

/** Whole minutes: what the pages show (formatDuration), so a length reads the same wherever it appears. */
export const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** The length of a course or program in both of its fields, from one count of seconds. */
export const courseDurationFields = (seconds: number) => ({ totalCourseDurationInHours: hoursOf(seconds), totalCourseDurationInMinutes: minutesOf(seconds) });
