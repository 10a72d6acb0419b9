import "server-only";
import { and, asc, eq, sql, type Placeholder } from "drizzle-orm";
import type { LockReason } from "@/lib/contract/entities/learning";
import type { Db } from "../db/client";
import { preparedPerDatabase } from "../db/prepared";
import { batchMembers, batches, courses, courseVersions, domains, enrollments, learnerVersionStates, programCourses } from "../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { batchEnrollsMember, decideEnrollment, type EnrollmentDecision } from "./decide-enrollment";
import { autoEnrollInCourse } from "./enrollment";
import { courseCompletedCondition } from "./completion";
import { DEFAULT_LOCKED_MESSAGE } from "./program-progress";
import type { BatchLink, CourseInfo, EnrollmentInfo } from "./course-records";
import { isUuid } from "./ids";
import type { User } from "./user";

export type { BatchLink, CourseInfo, CourseType, EnrollmentInfo, EnrollmentType } from "./course-records";
export type { User } from "./user";
export { isUuid } from "./ids";

export interface Access {
  open: boolean;
  reason: LockReason | null;
  /** For a course closed by its program's enforced order (reason programOrder): the program's message; else null. */
  message: string | null;
}

export interface LearnerCourse {
  course: CourseInfo;
  enrollment: EnrollmentInfo | null;
  batches: BatchLink[];
  /** The version the learner takes: the enrolled one, else the current one. */
  versionId: string;
  /** Enrolled or not, may enroll or not, and why: the decision the card and the enroll call share. */
  decision: EnrollmentDecision;
  access: Access;
  /**
   * The revision of the learner's state in that version (learner_version_states: progress and
   * completed challenges), null before its first change. While it stays, so does that state.
   */
  stateRevision: number | null;
}

/**
 * Whether the learner may open a course's content: open only when enrolled and the enrollment is open
 * (see decideEnrollment), and, in a program of theirs that enforces its order, not locked by it
 * (`programLock`: the program's message, or null; see programLockColumn).
 */
export function accessOf(decision: Pick<EnrollmentDecision, "status">, programLock: string | null = null): Access {
  const { status } = decision;
  if (status === "open") return programLock === null ? { open: true, reason: null, message: null } : { open: false, reason: "programOrder", message: programLock };
  if (status === "notStarted" || status === "accountExpired" || status === "premiumOnly") return { open: false, reason: status, message: null };
  return { open: false, reason: "notEnrolled", message: null };
}

/**
 * Whether one item is closed: content of a locked course, except videos offered as free previews
 * (which a program's enforced order closes too: the course is locked as a whole until its turn).
 */
export const isItemLocked = (access: Access, item: { kind: string; isFreePreview: boolean }) =>
  !access.open && !(item.kind === "video" && item.isFreePreview && access.reason !== "programOrder");

/** A course's columns that the learning page and the catalogue's cards both read (with domains joined). */
export const courseSummaryColumns = {
  id: courses.id,
  slug: courses.slug,
  slugId: courses.slugId,
  name: courses.name,
  description: courses.description,
  image: courses.image,
  domain: domains.name,
  courseType: courses.courseType,
};

/** An enrollment's columns that the learning page and the catalogue's cards both read. */
export const enrollmentSummaryColumns = {
  versionId: enrollments.versionId,
  batchId: enrollments.batchId,
  programId: enrollments.programId,
  enrollmentType: enrollments.enrollmentType,
  courseType: enrollments.courseType,
  startDate: enrollments.startDate,
  grantedAt: enrollments.grantedAt,
};

const courseColumns = {
  ...courseSummaryColumns,
  key: courses.key,
  priceCents: courses.priceCents,
  currency: courses.currency,
  isPremium: courses.isPremium,
  treeRevision: courses.treeRevision,
  archivedAt: courses.archivedAt,
  currentVersionId: sql<string | null>`(select ${courseVersions.id} from ${courseVersions} where ${courseVersions.courseId} = ${courses.id}
    order by ${courseVersions.isCurrent} desc, ${courseVersions.releasedAt} desc limit 1)`,
};

const enrollmentColumns = {
  id: enrollments.id,
  ...enrollmentSummaryColumns,
  batchExpiresAt: batches.accountExpiresAt,
  allowManualVideoCompletion: sql<boolean>`coalesce(${batches.allowManualVideoCompletion}, false)`,
};

/**
 * The learner's batches with the courses their programs hold, oldest batch first: for one course, or
 * for every course when none is given. One query.
 */
export function loadBatchLinks(db: Db, userId: string, courseId?: string): Promise<(BatchLink & { courseId: string })[]> {
  return db
    .select({
      courseId: programCourses.courseId,
      batchId: batches.id,
      programId: programCourses.programId,
      enrollmentType: batches.enrollmentType,
      allowManualVideoCompletion: batches.allowManualVideoCompletion,
      startsAt: batches.startsAt,
      accountExpiresAt: batches.accountExpiresAt,
      courseType: programCourses.courseType,
    })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .innerJoin(programCourses, eq(programCourses.programId, batches.programId))
    .where(and(eq(batchMembers.userId, userId), courseId === undefined ? undefined : eq(programCourses.courseId, courseId)))
    .orderBy(asc(batches.createdAt), asc(batches.id));
}

/**
 * loadBatchLinks for one course as a column: the links as a JSON array of arrays, in the same order,
 * so that the course's own statement brings them (one statement fewer on every course call).
 */
const batchLinksJson = (userId: Placeholder, courseId: Placeholder) =>
  sql<BatchLinkJson[] | string>`(select coalesce(json_agg(json_build_array(${batches.id}, ${programCourses.programId}, ${batches.enrollmentType},
      ${batches.allowManualVideoCompletion}, ${batches.startsAt}, ${batches.accountExpiresAt}, ${programCourses.courseType})
      order by ${batches.createdAt}, ${batches.id}), '[]'::json)
    from ${batchMembers} join ${batches} on ${batches.id} = ${batchMembers.batchId}
      join ${programCourses} on ${programCourses.programId} = ${batches.programId}
    where ${batchMembers.userId} = ${userId} and ${programCourses.courseId} = ${courseId})`;

type BatchLinkJson = [string, string, BatchLink["enrollmentType"], boolean, string | null, string | null, BatchLink["courseType"]];
const dateOf = (value: string | null) => (value === null ? null : new Date(value));
const batchLinkOf =
  (courseId: string) =>
  ([batchId, programId, enrollmentType, allowManualVideoCompletion, startsAt, accountExpiresAt, courseType]: BatchLinkJson): BatchLink & { courseId: string } => ({
    courseId,
    batchId,
    programId,
    enrollmentType,
    allowManualVideoCompletion,
    startsAt: dateOf(startsAt),
    accountExpiresAt: dateOf(accountExpiresAt),
    courseType,
  });

/**
 * A course as the learner sees it: the course, their enrollment, their batches that hold it, the
 * version they take, where they stand (decideEnrollment) and whether its content is open. Two
 * queries (three on the first visit of a course their batch enrolls them in, which enrolls them then).
 */
export async function loadLearnerCourse(deps: Deps, user: User, courseId: string): Promise<LearnerCourse> {
  if (!isUuid(courseId)) throw notFound("Course not found.");
  const [row] = await learnerCourseQuery(deps.db).execute({ userId: user.id, courseId });
  if (!row || !row.course.currentVersionId) throw notFound("Course not found.");
  const course = row.course;
  const links = (typeof row.links === "string" ? (JSON.parse(row.links) as BatchLinkJson[]) : row.links).map(batchLinkOf(courseId));
  let enrollment: EnrollmentInfo | null = row.enrollment?.id ? (row.enrollment as EnrollmentInfo) : null;
  if (!enrollment) {
    const auto = links.find(batchEnrollsMember);
    if (auto) enrollment = await autoEnrollInCourse(deps.db, user.id, course.id, course.currentVersionId!, auto);
  }
  const decision = decideEnrollment({ course, enrollment, batches: links, user, now: deps.now() });
  return {
    course,
    enrollment,
    batches: links,
    versionId: enrollment?.versionId ?? course.currentVersionId!,
    decision,
    access: accessOf(decision, row.programLock),
    stateRevision: row.stateRevision,
  };
}

/** The learner's state revision in the version they take (the enrolled one, else the current one), in the course's own query. */
const stateRevisionOf = (userId: Placeholder) =>
  sql<number | null>`(select ${learnerVersionStates.revision} from ${learnerVersionStates}
    where ${learnerVersionStates.userId} = ${userId} and ${learnerVersionStates.versionId} = coalesce(${enrollments.versionId}, ${courseColumns.currentVersionId}))`.mapWith(Number);

/**
 * The enforced order of the learner's programs, as a column of the course's own query (no statement
 * of its own): the locked message of the first program (by name) that holds the course, enforces its
 * order and is the learner's (through one of their batches, or an enrollment made through it), in
 * which a mandatory course before this one is not completed, while this one is not completed either
 * (an order enforced later takes nothing away); null when no such program. The message is the
 * program's, or the standard one. Completion is the one model's (courseCompletedCondition), so this
 * agrees with the program page's locks (services/learning-paths/program-paths.ts).
 */
const programLockColumn = (userId: Placeholder, courseId: Placeholder) =>
  sql<string | null>`(select coalesce(nullif(btrim(p.locked_message), ''), ${DEFAULT_LOCKED_MESSAGE}::text)
    from program_courses pc join programs p on p.id = pc.program_id
    where pc.course_id = ${courseId} and p.sequential
      and (exists (select 1 from batch_members bm join batches b on b.id = bm.batch_id where bm.user_id = ${userId} and b.program_id = p.id)
        or exists (select 1 from enrollments en where en.user_id = ${userId} and en.program_id = p.id))
      and exists (select 1 from program_courses pb where pb.program_id = p.id and pb.position < pc.position and pb.course_type = 'mandatory'
        and not ${courseCompletedCondition(userId, sql`pb.course_id`)})
      and not ${courseCompletedCondition(userId, courseId)}
    order by p.name, p.id limit 1)`;

/** The course, the learner's enrollment and batches in it, their state revision and the program lock: every course call's first query. */
const learnerCourseQuery = preparedPerDatabase((db) => {
  const userId = sql.placeholder("userId");
  const courseId = sql.placeholder("courseId");
  return db
    .select({
      course: courseColumns,
      enrollment: enrollmentColumns,
      links: batchLinksJson(userId, courseId),
      stateRevision: stateRevisionOf(userId),
      programLock: programLockColumn(userId, courseId),
    })
    .from(courses)
    .innerJoin(domains, eq(domains.id, courses.domainId))
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, userId)))
    .leftJoin(batches, eq(batches.id, enrollments.batchId))
    .where(eq(courses.id, courseId))
    .limit(1)
    .prepare("learner_course");
});

/** The id of the course with a public slug id, or null. */
export async function findCourseIdBySlugId(db: Db, slugId: string): Promise<string | null> {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.slugId, slugId)).limit(1);
  return row?.id ?? null;
}

/** The batch through which the learner takes a course: the enrollment's, else the first of their batches that holds it. */
export function courseBatch(lc: Pick<LearnerCourse, "enrollment" | "batches">): { batchId: string; allowManualVideoCompletion: boolean } | null {
  if (lc.enrollment?.batchId) return { batchId: lc.enrollment.batchId, allowManualVideoCompletion: lc.enrollment.allowManualVideoCompletion };
  return lc.batches[0] ?? null;
}
