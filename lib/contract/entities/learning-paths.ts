import { z } from "zod";
import { courseType, domainName, isoDate } from "../common";
import { percent, count, minutes, hours, bundledProgram } from "./shared";

// A learner's path through a program, course by course.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const programCourseProgress = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    courseType: courseType,
    order: count,
    courseProgressInPercentage: percent,
    isCompleted: z.boolean(),
    slugId: z.string().optional().describe("The course's slug id, for its learning-page address (/learn/course/{slugId})"),
    isEnrolled: z.boolean().optional().describe("true when the learner is enrolled in the course; a course not enrolled in counts as not completed"),
    enrollmentStartDate: isoDate.nullable().optional().describe("When the learner's enrollment opens, for a scheduled batch; null when open now or not enrolled"),
    videoTotalDurationInMinutes: minutes.optional().describe("Minutes of video of the version the learner takes, else the current one"),
    completedVideosCount: count.optional(),
    totalVideosCount: count.optional(),
    completedChallengesCount: count.optional().describe("Multiple-choice blocks completed and essays submitted"),
    totalChallengesCount: count.optional().describe("Multiple-choice blocks and essays of the course"),
    isLocked: z
      .boolean()
      .optional()
      .describe("Present when the program enforces its order: true when an earlier mandatory course is not completed yet (a course already completed is never locked)"),
    lockedMessage: z.string().nullable().optional().describe("For a locked course: what the learner reads, the program's own message or a standard one; null otherwise"),
  })
  .describe("One course of a program with the learner's progress in it");

export const programProgress = z
  .object({
    programId: z.string(),
    programName: z.string(),
    batchId: z.string().nullable().describe("The learner's batch taking the program; null when the learner is in none (then the program cannot be enrolled in)"),
    progressInPercentage: percent.describe("Courses completed over the program's courses, in percent rounded down"),
    completedCourses: count.describe("The program's courses the learner has completed: every video and challenge of the enrolled version"),
    totalCourses: count,
    courses: z.array(programCourseProgress).describe("The program's courses, in the program's order"),
    isSequential: z.boolean().optional().describe("true when the program enforces its order: its mandatory courses are taken one after the other"),
    description: z.string().optional(),
    domain: domainName.nullable().optional(),
    totalCourseDurationInHours: hours.optional().describe("Hours of video across the program's courses"),
    totalCourseDurationInMinutes: minutes.optional().describe("Minutes of video across the program's courses, whole: the length the pages show"),
  })
  .describe("The learner's progress through a program, course by course")
  .meta({ id: "ProgramProgress" });
export type ProgramProgress = z.infer<typeof programProgress>;

export const learningPath = z
  .object({
    isDummyLearningPath: z.boolean().describe("true when the learner has no program; the figures below then describe a sample path to invite enrollment"),
    dummyLearningPathCourseDurationInMinutes: minutes
      .nullable()
      .describe("For a sample path: minutes of video of a typical program (the mean over the programs offered); null otherwise or when none is offered"),
    dummyLearningPathCourseCount: count.nullable().describe("For a sample path: courses in a typical program (the mean over the programs offered, rounded); null otherwise or when none is offered"),
    learningPathProgress: programProgress.nullable().describe("Progress in the requested program; null for a sample path"),
    otherLearningPath: z.array(bundledProgram).describe("The other programs offered, the learner's own first (in path order), then by name"),
  })
  .describe("The learner's path through a program")
  .meta({ id: "LearningPath" });
export type LearningPath = z.infer<typeof learningPath>;
