import { z } from "zod";
import { courseStatus, courseType, domainName, enrollmentType, isoDate } from "../common";
import { percent, count, minutes, courseEnrollmentState } from "./shared";

// Courses as the catalogue shows them.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const courseVersionInfo = z
  .object({
    versionId: z.string(),
    versionName: z.string(),
    releasedDate: isoDate,
    isCurrent: z.boolean().describe("true for the version new learners are enrolled in"),
    isEnrolled: z.boolean().describe("true when the learner is enrolled in this version"),
    enrollmentType: enrollmentType.nullable().describe("How the learner was enrolled in this version; null when not enrolled"),
    enrollmentStartDate: isoDate.nullable().describe("When the learner's enrollment in this version starts; null when not enrolled"),
  })
  .describe("One released version of a course, with the learner's enrollment in it");
export type CourseVersionInfo = z.infer<typeof courseVersionInfo>;

export const courseCard = z
  .object({
    courseId: z.string(),
    versionId: z.string().describe("The version the learner takes, or the current version when not enrolled"),
    programId: z.string().nullable().describe("The program the course is taken through; null for a course taken alone"),
    batchId: z.string().nullable().describe("The learner's batch for this course; null when not taken through a batch"),
    courseImage: z.string().nullable().describe("Address of the course's picture"),
    courseName: z.string(),
    description: z.string(),
    slug: z.string(),
    slugId: z.string(),
    domain: domainName,
    videoWatchedDurationInMinutes: minutes.describe("Minutes of the course's videos the learner has watched"),
    videoTotalDurationInMinutes: minutes.describe("Minutes of video in the whole course"),
    totalChaptersInCourse: count,
    completedMcqCount: count.describe("Multiple-choice blocks the learner has completed"),
    totalMcqCount: count.describe("Multiple-choice blocks in the course"),
    completedSubjectiveCount: count.nullable().describe("Essay challenges the learner has submitted; null when the course has none"),
    totalSubjectiveCount: count.nullable().describe("Essay challenges in the course; null when the course has none"),
    courseProgressInPercentage: percent.describe(
      "Progress through the course, 0 to 100: each video counts by the share of it watched (all of it once completed), each challenge once completed; 100 only when everything is completed",
    ),
    courseType: courseType,
    courseStatus: courseStatus.describe("The course list the card belongs to"),
    enrollmentType: enrollmentType,
    enrollmentStartDate: isoDate.nullable().describe("When the learner's enrollment starts; null when not enrolled or not scheduled"),
    isEnrolled: z.boolean(),
    enrollmentState: courseEnrollmentState,
    videoWatchedDurationInSeconds: z.number().int().min(0).describe("Seconds of the course's videos the learner has watched (at most each video's length)"),
    videoTotalDurationInSeconds: z.number().int().min(0).describe("Seconds of video in the whole course"),
    versions: z.array(courseVersionInfo).optional().describe("Every released version of the course; present when more than one exists"),
  })
  .describe("A course as shown on a card in course lists")
  .meta({ id: "CourseCard" });
export type CourseCard = z.infer<typeof courseCard>;
