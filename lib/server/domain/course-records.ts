import "server-only";
import type { courses, enrollments } from "../db/schema";

/** The shapes of a course, a learner's enrollment and batch as the learning and catalogue services share them. */

export type EnrollmentType = (typeof enrollments.$inferSelect)["enrollmentType"];
export type CourseType = (typeof courses.$inferSelect)["courseType"];

export interface CourseInfo {
  id: string;
  key: string;
  slug: string;
  slugId: string;
  name: string;
  description: string;
  image: string | null;
  domain: string;
  courseType: CourseType;
  priceCents: number | null;
  currency: string;
  isPremium: boolean;
  /** Raised by every import of the course (see loadVersionTree). */
  treeRevision: number;
  currentVersionId: string | null;
  /** Set when the course was archived in the studio: nobody new may enroll. */
  archivedAt: Date | null;
}

export interface EnrollmentInfo {
  id: string;
  versionId: string;
  batchId: string | null;
  programId: string | null;
  enrollmentType: EnrollmentType;
  courseType: CourseType;
  startDate: Date | null;
  /** Set when an administrator enrolled the learner from the studio: open whatever the learner's plan. */
  grantedAt: Date | null;
  batchExpiresAt: Date | null;
  allowManualVideoCompletion: boolean;
}

/** One of the learner's batches whose program holds the course. */
export interface BatchLink {
  batchId: string;
  programId: string;
  enrollmentType: EnrollmentType;
  allowManualVideoCompletion: boolean;
  startsAt: Date | null;
  accountExpiresAt: Date | null;
  courseType: CourseType;
}

