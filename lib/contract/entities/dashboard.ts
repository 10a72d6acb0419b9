import { z } from "zod";
import { courseType, domainName, isoDate } from "../common";
import { percent, count, minutes, hours, bundledProgram } from "./shared";

// The dashboard's figures, the learner's batch and enrolled programs.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const enrolledProgram = bundledProgram
  .extend({
    progressInPercentage: percent.describe("Share of the program's courses completed, 0 to 100"),
    completedCourses: count,
  })
  .describe("A program the learner is enrolled in, with the learner's progress")
  .meta({ id: "EnrolledProgram" });
export type EnrolledProgram = z.infer<typeof enrolledProgram>;

export const domainCount = z
  .object({
    domain: domainName,
    count: count,
  })
  .describe("How many of the learner's courses belong to a domain");

export const learningDay = z
  .object({
    date: z.string().describe("A calendar day in the learner's time zone, YYYY-MM-DD"),
    minutes: count.describe("Whole minutes of video played that day, rewatching included"),
  })
  .describe("Minutes of video the learner played on one day");

export const weeklyLearningTime = z
  .object({
    timeZone: z.string().describe("The IANA time zone the days are counted in"),
    days: z.array(learningDay).describe("The last 7 days, oldest first, ending today"),
    totalMinutes: count.describe("The seven days' minutes added up"),
  })
  .describe(
    "Minutes of video played per day over the last 7 days in the learner's time zone. Counts what the player proved played (seeks excluded) in the quarter hour it was played: rewatching counts again, a resent record does not. Watching recorded before this chart existed is not in it.",
  );
export type WeeklyLearningTime = z.infer<typeof weeklyLearningTime>;

export const submittedChallenge = z
  .object({
    attemptId: z.string(),
    blockId: z.string(),
    type: z.enum(["mcqBlock", "essayBlock"]).describe("A timed multiple-choice block or an essay challenge"),
    title: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    submittedAt: isoDate.describe("When the attempt was submitted, or closed by the server at its deadline"),
    closedBy: z.enum(["learner", "timeout"]).describe("Who ended the attempt: the learner's submit, or the server at the deadline"),
    status: z
      .enum(["completed", "awaitingResults", "resultsReceived"])
      .describe("completed for a multiple-choice block; for an essay, awaitingResults until a grader has marked it"),
    obtainedScore: z.number().nullable().describe("Marks obtained; null while an essay awaits its grade"),
    totalScore: z.number().nullable(),
    learnPath: z.string().describe("Address of the challenge on the learning page"),
  })
  .describe("A challenge the learner has submitted: a completed multiple-choice attempt or a submitted essay")
  .meta({ id: "SubmittedChallenge" });
export type SubmittedChallenge = z.infer<typeof submittedChallenge>;

export const dashboardStats = z
  .object({
    coursesEnrolled: count.describe("Courses the learner is enrolled in (any enrollment: bought, through a batch, scheduled)"),
    coursesCompleted: count.describe("Enrolled courses whose every video and challenge is completed, in the enrolled version"),
    totalHoursLearned: hours.describe(
      "Hours of video really watched: the merged watched ranges of every video (seeks excluded, rewatching counted once), in hours rounded to one decimal",
    ),
    totalSecondsLearned: count.describe("The same time really watched in seconds: what the page shows (a few minutes would round to 0 hours)"),
    totalChallengesSubmitted: count.describe(
      "Multiple-choice attempts completed (by the learner or closed at their deadline) plus essays submitted (any source), in any course",
    ),
    badgesEarned: count.describe("Badges earned; always 0 until badges are awarded"),
    certificatesEarned: count.describe("Certificates issued to the learner (course and master certificates) and not revoked"),
    domainCounts: z.array(domainCount).describe("Enrolled courses per domain, most first; domains without an enrolled course are left out"),
    weeklyLearningTime: weeklyLearningTime.optional(),
    recentChallenges: z
      .array(submittedChallenge)
      .optional()
      .describe("The most recently submitted challenges, newest first, at most 20: the list behind totalChallengesSubmitted"),
  })
  .describe("The learner's figures shown at the top of the dashboard")
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof dashboardStats>;

export const accountStatus = z.enum(["active", "expired"]).describe("active until the account's expiry date, then expired");

export const batchCourseInfo = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    courseImage: z.string().nullable(),
    courseType: courseType,
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video, whole: the length the pages show"),
  })
  .describe("A course of the learner's batch");

export const batchDetails = z
  .object({
    isProgramAvailable: z.boolean().describe("true when the learner's batch takes one or more programs; programData is then set"),
    programCount: count,
    courseCount: count,
    totalCourseDurationInHours: hours,
    totalCourseDurationInMinutes: minutes.describe("Minutes of video of the batch's courses, each counted once, whole: the length the pages show"),
    programData: z.array(bundledProgram).nullable().describe("The batch's programs; null when it takes single courses"),
    courseInfo: z.array(batchCourseInfo).nullable().describe("The batch's single courses; null when it takes programs"),
    accountStatus: accountStatus,
    accountExpiryDate: isoDate.nullable().describe("When the learner's access ends; null for no end"),
    daysUntilExpiry: count
      .nullable()
      .optional()
      .describe("Days left before the access ends, counted up (1 when less than a day is left); null when it has no end or has ended"),
    isExpiringSoon: z
      .boolean()
      .optional()
      .describe("true when the access ends within 14 days: the dashboard shows a notice"),
  })
  .describe("What the learner's batch gives access to, and until when")
  .meta({ id: "BatchDetails" });
export type BatchDetails = z.infer<typeof batchDetails>;
