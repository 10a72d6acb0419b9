import { z } from "zod";
import { defineCall } from "../call";
import { pageQuery } from "../fields";
import { isoDate, uuid } from "../common";

// The studio's grading oversight (docs/grading.md): administrators see the essays waiting for a
// grader, oldest first, assign and reassign them to graders, and see who graded what.

export const gradingQueueStates = ["unassigned", "claimed", "graded"] as const;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const gradingQueueRow = z
  .object({
    submissionId: z.string(),
    learner: person.describe("Who submitted the essay"),
    course: z.object({ id: z.string(), name: z.string() }),
    essayBlock: z.object({ id: z.string(), title: z.string() }).describe("The essay challenge"),
    submittedAt: isoDate,
    ageSeconds: z.number().int().min(0).describe("How long ago it was submitted, in seconds, by the server's clock"),
    state: z
      .enum(gradingQueueStates)
      .describe("unassigned: waiting, nobody holds it; claimed: a grader holds it (their own claim for a while, or assigned by an administrator for good); graded: evaluated"),
    holder: z
      .object({
        id: z.string(),
        name: z.string(),
        claimExpiresAt: isoDate.nullable().describe("When the grader's own claim ends; null for an assigned one, which does not lapse"),
        assignedAt: isoDate.nullable().describe("When an administrator assigned it to them; null for a grader's own claim"),
      })
      .nullable()
      .describe("The grader holding a live claim now; null when nobody does"),
    gradedBy: person.nullable().describe("Who graded it; null until graded"),
    gradedAt: isoDate.nullable().describe("When it was first graded; null until graded"),
    obtainedScore: z.number().min(0).nullable(),
    totalScore: z.number().min(0),
  })
  .meta({ id: "GradingQueueRow" });
export type GradingQueueRow = z.infer<typeof gradingQueueRow>;

export const listGradingQueue = defineCall({
  method: "GET",
  group: "",
  path: "/studio/grading/queue",
  summary:
    "Submitted essays, the longest waiting first, with who holds each and who graded it. A page ends at `limit` rows; `nextCursor` asks for the next (no total is counted). For administrators only.",
  access: "admin",
  query: z.object({
    courseId: uuid.optional().describe("Only essays of this course"),
    state: z.enum(gradingQueueStates, { error: `state must be one of ${gradingQueueStates.join(", ")}` }).optional(),
    graderId: uuid.optional().describe("Only essays this grader holds now or graded"),
    ...pageQuery(),
  }),
  response: z.object({
    submissions: z.array(gradingQueueRow),
    hasMore: z.boolean().describe("Whether more essays match after this page"),
    nextCursor: z.string().nullable().describe("Give as `cursor` for the next page; null on the last page"),
  }),
});

export const listGraders = defineCall({
  method: "GET",
  group: "",
  path: "/studio/grading/graders",
  summary: "The people who may be assigned essays (graders and administrators, not deactivated), by name, with how many essays each holds now. For administrators only.",
  access: "admin",
  response: z.object({
    graders: z.array(
      person.extend({
        role: z.enum(["grader", "admin"]),
        holding: z.number().int().min(0).describe("Essays not yet graded that they hold now (assigned or claimed)"),
      }),
    ),
  }),
});

export const assignSubmission = defineCall({
  method: "POST",
  group: "",
  path: "/studio/grading/assignment",
  summary:
    "Assigns a submitted essay to a grader, taking it from whoever holds it: the grader holds it until it is graded or reassigned (the claim does not lapse) and nobody else may mark it. `graderId: null` releases it for any grader. Recorded in the audit log. Refused: an unknown submission (404), a person who is not a grader or administrator or is deactivated (400 not_a_grader), the learner who wrote it (403 own_submission), an essay already graded (409 submission_graded). For administrators only.",
  access: "admin",
  body: z.object({
    submissionId: uuid.describe("The submission (essay attempt)"),
    graderId: uuid.nullable().describe("The grader to assign it to; null to release it"),
  }),
  response: z.object({ submission: gradingQueueRow }),
  errors: ["submission_not_found", "person_not_found", "not_a_grader", "own_submission", "submission_graded"],
});
