import { z } from "zod";
import { essayAttemptStatus, essaySubmissionSource, isoDate, mcqAttemptStatus } from "../common";
import { count, essayCriterion, essayAttachment } from "./shared";

// Multiple-choice blocks and essay challenges, as the learner takes them.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

// ---------- multiple-choice blocks ----------

export const mcqOption = z
  .object({
    id: z.string(),
    value: z.string().describe("Text of the option"),
    isCorrect: z
      .boolean()
      .nullable()
      .optional()
      .describe("Whether the option is right. Left out until the learner's attempt is completed, so answers stay secret while it runs"),
    isSelectedByUser: z.boolean().nullable().optional().describe("Whether the learner chose the option; left out before an attempt starts"),
  })
  .describe("One option of a multiple-choice question");
export type McqOption = z.infer<typeof mcqOption>;

export const mcqQuestion = z
  .object({
    id: z.string(),
    question: z.string(),
    mark: count.describe("Marks for answering the question right"),
    maxCorrectOptionsCount: z.number().int().min(1).describe("How many options the learner may choose"),
    options: z.array(mcqOption),
  })
  .describe("A multiple-choice question");
export type McqQuestion = z.infer<typeof mcqQuestion>;

/** The fields of a timed challenge (MCQ block or essay) that tell its timing; the server keeps the clock. */
const timedAttempt = {
  durationInMinutes: count.describe("Time allowed for an attempt"),
  startedAt: isoDate.nullable(),
  endsAt: isoDate.nullable().describe("When the running attempt closes by itself; null when none runs"),
  submittedAt: isoDate.nullable(),
  remainingTimeInSeconds: count.nullable().describe("Seconds left in the running attempt, counted by the server; null when none runs"),
  isChallengeLocked: z.boolean().describe("true when the learner may not attempt the challenge yet"),
};

export const mcqBlock = z
  .object({
    ...timedAttempt,
    id: z.string(),
    title: z.string(),
    chapterId: z.string(),
    chapterTitle: z.string(),
    attemptStatus: mcqAttemptStatus,
    totalScore: count.describe("Sum of the marks of all questions"),
    obtainedScore: z.number().min(0).nullable().describe("The learner's score; null until the attempt is completed"),
    closedBy: z
      .enum(["learner", "timeout"])
      .nullable()
      .optional()
      .describe("Who completed the attempt: the learner's submit, or the server when the time ran out; null while it runs"),
    questions: z.array(mcqQuestion).describe("The questions of the latest attempt; empty until an attempt starts"),
    passMark: z.number().int().min(0).max(100).nullable().describe("Percent of the marks an attempt needs to pass; null when any completed attempt passes"),
    attemptsAllowed: z.number().int().min(1).nullable().describe("Attempts the learner may make; null when unlimited"),
    attemptsUsed: count.describe("Attempts the learner has started, the running one included"),
    attemptsRemaining: count.nullable().describe("New attempts the learner may still start; null when unlimited"),
    countingScore: z
      .number()
      .min(0)
      .nullable()
      .describe("The score that counts for the block: the best of the learner's completed attempts; null before one is completed"),
    isPassed: z.boolean().describe("Whether the counting attempt passed the block (reached the pass mark, or was completed when there is none)"),
  })
  .describe("A timed block of multiple-choice questions. The learner may retry while attempts remain; the best attempt counts")
  .meta({ id: "McqBlock" });
export type McqBlock = z.infer<typeof mcqBlock>;

export const mcqBlockState = z
  .object({
    mcqBlockId: z.string(),
    attemptStatus: mcqAttemptStatus,
    remainingTimeInSeconds: count.nullable(),
    endsAt: isoDate.nullable(),
    isChallengeLocked: z.boolean(),
    totalScore: count,
    obtainedScore: z.number().min(0).nullable(),
  })
  .describe("The state of the learner's attempt at a multiple-choice block, without its questions");
export type McqBlockState = z.infer<typeof mcqBlockState>;

// ---------- essay challenges ----------

export const essayBlock = z
  .object({
    ...timedAttempt,
    id: z.string(),
    title: z.string(),
    question: z.string(),
    description: z.string(),
    referenceDocument: z.string().nullable().describe("Address of a document that helps answer; null when there is none"),
    attemptStatus: essayAttemptStatus,
    totalScore: count.describe("Sum of the marks of all criteria"),
    obtainedScore: z.number().min(0).nullable().describe("The learner's score; null until results are received"),
    criteria: z.array(essayCriterion),
    solutionDocument: z
      .string()
      .nullable()
      .optional()
      .describe("Address of the model answer; left out until results are received, so it stays secret while the learner can still answer"),
    submittedAnswer: z.string().nullable().describe("The learner's answer, or last saved draft; null before the first save"),
    draftVersion: count.describe("Version of the saved draft: 0 before the first save, one more with every save"),
    draftSavedAt: isoDate.nullable().describe("When the server saved the draft last; null before the first save"),
    submissionUploadedFileUrl: z.array(z.string()).describe("Files the learner attached"),
    attachments: z.array(essayAttachment).describe("The attached files with their names and sizes, in the order of submissionUploadedFileUrl"),
    submissionSource: essaySubmissionSource.nullable().describe("How the answer was submitted; timeOut when the time ran out"),
    comment: z.string().nullable().describe("The grader's overall comment; null until results are received"),
    passMark: z.number().int().min(0).max(100).nullable().describe("Percent of the marks the graded essay needs to pass; null when submitting it is enough"),
    minWords: count.nullable().describe("Fewest words a final submission may have; null when there is no minimum"),
    maxWords: count.nullable().describe("Most words a final submission may have; null when there is no maximum"),
    isPassed: z.boolean().describe("Whether the essay counts for the course: submitted (no pass mark), or graded at or above the pass mark"),
  })
  .describe("A timed essay challenge, graded by a person against criteria")
  .meta({ id: "EssayBlock" });
export type EssayBlock = z.infer<typeof essayBlock>;

export const essayBlockState = z
  .object({
    essayBlockId: z.string(),
    attemptStatus: essayAttemptStatus,
    remainingTimeInSeconds: count.nullable(),
    endsAt: isoDate.nullable(),
    isChallengeLocked: z.boolean(),
    totalScore: count,
    obtainedScore: z.number().min(0).nullable(),
  })
  .describe("The state of the learner's attempt at an essay challenge, without its content");
export type EssayBlockState = z.infer<typeof essayBlockState>;
