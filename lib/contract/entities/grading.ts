import { z } from "zod";
import { essaySubmissionSource, isoDate } from "../common";
import { count, essayCriterion, essayAttachment } from "./shared";

// Essay submissions and their evaluations, as graders see them.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const submissionAssignment = z
  .enum(["unassigned", "pending", "completed"])
  .describe(
    "Where a submission stands for graders: unassigned (submitted, not evaluated, nobody holds a live claim), pending (not evaluated, a grader holds a live claim or an administrator assigned it to one), completed (evaluated)",
  );
export type SubmissionAssignment = z.infer<typeof submissionAssignment>;

/** Who holds a live claim on a submission; the fields are null when nobody does (or the claim has expired). */
const claimFields = {
  claimedById: z.string().nullable().describe("The grader holding a live claim; null when nobody does"),
  claimedByName: z.string().nullable().describe("Name of the grader holding a live claim; null when nobody does"),
  claimExpiresAt: isoDate
    .nullable()
    .describe("When the live claim ends unless its holder claims again; null when nobody holds one, or when an administrator assigned it (it has no end)"),
  claimAssignedAt: isoDate
    .nullable()
    .describe("When an administrator assigned the submission to the claim's holder: such a claim does not lapse until it is reassigned or the essay graded; null otherwise"),
};

export const submissionListItem = z
  .object({
    submissionId: z.string(),
    name: z.string().describe("Name of the learner who submitted"),
    userId: z.string(),
    email: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    essayBlockId: z.string(),
    question: z.string(),
    isEvaluated: z.boolean(),
    assignment: submissionAssignment,
    submissionFileUrl: z.array(z.string()).describe("Files attached to the answer"),
    submissionSource: essaySubmissionSource,
    submittedAt: isoDate,
    graderName: z.string().nullable().describe("Who graded it, else who holds a live claim on it; null when neither"),
    ...claimFields,
    obtainedScore: z.number().min(0).nullable(),
    totalScore: count,
  })
  .describe("A submitted essay in the graders' list")
  .meta({ id: "SubmissionListItem" });
export type SubmissionListItem = z.infer<typeof submissionListItem>;

export const evaluationCriterion = z
  .object({
    criterionId: z.string(),
    gradingCriteria: z.string(),
    marks: count.describe("Most marks the criterion can give"),
    givenMarks: z.number().min(0),
    comment: z.string().nullable(),
  })
  .describe("The marks given for one criterion");

export const evaluationRecord = z
  .object({
    evaluationId: z.string(),
    graderId: z.string(),
    graderName: z.string(),
    totalScore: count,
    obtainedScore: z.number().min(0),
    evaluatedAt: isoDate.describe("When the evaluation was first saved"),
    updatedAt: isoDate.describe("When the grader last corrected it; equals evaluatedAt until then"),
    criteria: z.array(evaluationCriterion),
    comment: z.string().nullable().describe("The grader's overall comment"),
  })
  .describe("The grading of an essay submission: who graded it, when, and the marks per criterion")
  .meta({ id: "EvaluationRecord" });
export type EvaluationRecord = z.infer<typeof evaluationRecord>;

export const submissionDetails = z
  .object({
    submissionId: z.string(),
    name: z.string().describe("Name of the learner who submitted"),
    userId: z.string(),
    email: z.string(),
    courseId: z.string(),
    courseName: z.string(),
    essayBlockId: z.string(),
    title: z.string().describe("Title of the essay challenge"),
    question: z.string(),
    description: z.string(),
    referenceDocument: z.string().nullable(),
    solutionDocument: z.string().nullable().describe("The model answer, for the grader"),
    submittedAnswer: z.string(),
    essayAttachment: z.array(z.string()).describe("Files attached to the answer"),
    attachments: z.array(essayAttachment).describe("The attached files with their names and sizes, in the order of essayAttachment"),
    submissionSource: essaySubmissionSource,
    submittedAt: isoDate,
    isEvaluated: z.boolean(),
    assignment: submissionAssignment,
    ...claimFields,
    totalScore: count.describe("Sum of the marks of all criteria"),
    obtainedScore: z.number().min(0).nullable().describe("Sum of the marks given; null until evaluated"),
    criteria: z.array(essayCriterion).describe("The criteria in their order, with givenMarks once evaluated"),
    comment: z.string().nullable().describe("The grader's overall comment; null until evaluated"),
    evaluation: evaluationRecord.nullable().describe("The full grading; null until evaluated"),
  })
  .describe("One essay submission with everything needed to grade it")
  .meta({ id: "SubmissionDetails" });
export type SubmissionDetails = z.infer<typeof submissionDetails>;
