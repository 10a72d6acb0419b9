import { z } from "zod";
import { domainName } from "../common";

// What the entities of several areas are built from: number rules, the kinds of a learning-page
// place, a learner's enrollment state, a program, an essay's criteria and attachments, and the
// idempotency key of retried writes.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const percent = z.number().min(0).max(100);
export const count = z.number().int().min(0);
export const minutes = z.number().min(0);
export const hours = z.number().min(0);

/** What a node of the learning page is: a container of the course tree, or a content item. */
export const learnNodeType = z
  .enum(["videoCourse", "videoCourseChapter", "videoCourseSubChapter", "video", "mcqBlock", "essayBlock"])
  .describe(
    "Kind of a place on the learning page: the course, a chapter, a sub-chapter, or one item inside a sub-chapter (a video, a multiple-choice block or an essay challenge)",
  );
export type LearnNodeType = z.infer<typeof learnNodeType>;

/** Where the learner stands with a course, decided on the server once for the card, the learning page and the enroll call. */
export const courseEnrollmentState = z
  .object({
    status: z
      .enum(["open", "notStarted", "accountExpired", "premiumOnly", "canEnroll", "cannotEnroll"])
      .describe(
        "open: enrolled, content open; notStarted: enrolled, opens on enrollmentStartDate; accountExpired: enrolled through a batch whose access has ended; premiumOnly: enrolled alone in a premium course while on the Basic plan; canEnroll: not enrolled, and enrolling will succeed; cannotEnroll: not enrolled, and the learner cannot enroll by themselves",
      ),
    basis: z
      .enum(["batch", "plan", "free", "paid", "premiumPlan"])
      .nullable()
      .describe(
        "For canEnroll and cannotEnroll, why: batch (a course of the learner's program, no cost), plan (a premium course included in the Premium plan), free (no price, or complimentary), paid (sold alone, not covered by a batch or the plan), premiumPlan (premium, not sold alone, and the learner is on the Basic plan); null when enrolled",
      ),
    note: z.string().describe("The same answer in a few words, to show the learner, e.g. \"Included in your plan\" or \"Paid course (₹4,999): ask your company admin\""),
  })
  .describe("Whether the learner is enrolled in a course, may enroll, or why not")
  .meta({ id: "CourseEnrollmentState" });
export type CourseEnrollmentState = z.infer<typeof courseEnrollmentState>;

export const bundledProgram = z
  .object({
    programId: z.string(),
    programName: z.string(),
    programImage: z.string().nullable().describe("Address of the program's picture"),
    totalCourses: count,
    batchId: z.string().nullable().describe("The learner's batch for this program; null when the learner is not in one"),
    domain: domainName.nullable(),
    description: z.string(),
    totalCourseDurationInHours: hours.describe("Hours of video across the program's courses"),
    totalCourseDurationInMinutes: minutes.describe("Minutes of video across the program's courses, whole: the length the pages show"),
  })
  .describe("A program: a bundle of courses taken together")
  .meta({ id: "BundledProgram" });
export type BundledProgram = z.infer<typeof bundledProgram>;

export const essayCriterion = z
  .object({
    id: z.string(),
    gradingCriteria: z.string().describe("What the grader looks at"),
    description: z.string(),
    marks: count.describe("Most marks the criterion can give"),
    order: count,
    givenMarks: z.number().min(0).nullable().optional().describe("Marks the grader gave; left out until results are received"),
    gradersComment: z.string().nullable().optional().describe("The grader's comment on this criterion; left out until results are received, null when they wrote none"),
  })
  .describe("One grading criterion of an essay challenge");
export type EssayCriterion = z.infer<typeof essayCriterion>;

export const essayAttachment = z
  .object({
    url: z.string().describe("Address the file is served at, to its author and to graders only"),
    fileName: z.string().describe("The name the learner's file had, for display"),
    sizeBytes: count,
    contentType: z.string().describe("The type found in the file's content"),
  })
  .describe("A file attached to an essay answer")
  .meta({ id: "EssayAttachment" });
export type EssayAttachment = z.infer<typeof essayAttachment>;

// ---------- field rules shared by writes ----------

/**
 * The Idempotency-Key header of an idempotent call (`idempotent: true`, see call.ts): the route helper
 * reads it with this rule and the OpenAPI document describes the header with it.
 */
export const idempotencyKey = z
  .string({ error: "Idempotency-Key must be a string" })
  .min(1, "Idempotency-Key must not be empty")
  .max(100, "Idempotency-Key is at most 100 characters")
  .optional()
  .describe(
    "A key the client makes up once for a write and sends again unchanged when it retries it; a write whose key was already seen is answered as before and not applied twice",
  );

/** One thing a learner still has to do to complete a course (docs/completion.md). */
export const stillNeededItem = z
  .object({
    kind: z.enum(["video", "mcqBlock", "essayBlock", "scorm"]),
    id: z.string(),
    title: z.string(),
    reason: z
      .enum(["watch", "complete", "pass", "submit", "awaitGrading", "gradedBelow", "play"])
      .describe("watch a video; complete or pass a multiple-choice block; submit an essay, or wait for (or fall short of) its grade; play (complete, or pass) a SCORM item"),
    passMark: z.number().int().min(0).max(100).nullable().describe("The challenge's pass mark in percent; null when it has none"),
    scorePercent: z.number().min(0).max(100).nullable().describe("The score that counts so far, in percent: the best attempt, or the essay's grade"),
    attemptsRemaining: count.nullable().describe("New attempts the learner may still start at the block; null when unlimited or not a block"),
    message: z.string().describe("What to do, in a sentence"),
  })
  .describe("Something still needed to complete a course: a video not complete or a challenge not passed")
  .meta({ id: "StillNeeded" });
export type StillNeededItem = z.infer<typeof stillNeededItem>;
