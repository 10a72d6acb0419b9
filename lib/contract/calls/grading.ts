import { z } from "zod";
import { defineCall } from "../call";
import { assignmentFilter, pageParams, paginated, queryArray } from "../common";
import { submissionDetails, submissionListItem } from "../entities/grading";
import { idOf, lookupLimit, searchText } from "../fields";

// Grading essay submissions (graders and admins).
//
// A submission moves through three assignments: unassigned (submitted, nobody holds it), pending (a
// grader holds a live claim: nobody else may save marks until it expires) and completed (evaluated).
// Opening a submission to grade it claims it; saving the evaluation releases the claim.

const lookupQuery = z.object({ limit: lookupLimit, searchText });

export const listEssayLearners = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essay/user",
  summary: "Learners who submitted essays, to filter the graders' list, by name. For graders only.",
  access: "grader",
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }).describe("A learner")),
});

export const listEssayCourses = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essayCourse",
  summary: "Courses that have essay challenges, to filter the graders' list, by name. For graders only.",
  access: "grader",
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A course")),
});

export const listEssayAccounts = defineCall({
  method: "GET",
  group: "/course",
  path: "/account/name",
  summary: "Customer accounts (companies) whose learners submitted essays, to filter the graders' list, by name. For graders only.",
  access: "grader",
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A customer account")),
});

export const listSubmissions = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission",
  summary:
    "Submitted essays, newest first, a page at a time, with who holds or graded each. Pages are reached by key: give the previous page's `nextCursor` as `cursor` (pageNumber still works for the first pages, but walks past every earlier row). The total is counted up to 1000 matches on the first page only: `totalIsExact` is false when more match (totalItems is then 1000), and a cursor page repeats the first page's count. `hasMore` says whether more rows follow. For graders only.",
  access: "grader",
  query: z.object({
    ...pageParams,
    cursor: z
      .string({ error: "cursor must be a string" })
      .max(400, "cursor is at most 400 characters")
      .optional()
      .describe("The previous page's nextCursor: the next page starts right after its last row (pageNumber is then only echoed). Keep the same filters"),
    courseIds: queryArray(idOf("courseIds")).describe("Only essays of these courses; sent as courseIds[]"),
    userIds: queryArray(idOf("userIds")).describe("Only essays of these learners; sent as userIds[]"),
    accountIds: queryArray(idOf("accountIds")).describe("Only essays of learners of these customer accounts (see /account/name); sent as accountIds[]"),
    assignment: assignmentFilter
      .default("all")
      .describe(
        "unassigned: submitted, not evaluated, and nobody holds a live claim; pending: not evaluated and a grader holds a live claim; completed: evaluated; all: every submitted essay. The first three never overlap and together make all",
      ),
  }),
  response: paginated(submissionListItem).extend({
    totalIsExact: z.boolean().describe("False when more than 1000 essays match: totalItems and totalPages then count the first 1000"),
    hasMore: z.boolean().describe("Whether more essays match after this page"),
    nextCursor: z.string().nullable().describe("Give as `cursor` for the next page; null on the last page"),
  }),
});

export const getSubmissionDetails = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission/details",
  summary: "One submitted essay with everything needed to grade it, and who holds it. For graders only.",
  access: "grader",
  errors: ["submission_not_found"],
  query: z.object({ submissionId: idOf("submissionId") }),
  response: submissionDetails,
});

const submissionId = idOf("submissionId").describe("The submission (essay attempt) to act on");

export const claimSubmission = defineCall({
  method: "POST",
  group: "/course",
  path: "/course/submission/claim",
  summary:
    "Claims a submission for the calling grader for a while (30 minutes unless configured): nobody else may save marks on it meanwhile. Claiming again extends the holder's claim. Refused with 409 claimed_by_other (naming who holds it and until when) while another grader holds it, 409 evaluated_by_other once another grader evaluated it, and 403 own_submission for the grader's own essay. For graders only.",
  access: "grader",
  errors: ["submission_not_found", "own_submission", "claimed_by_other", "evaluated_by_other"],
  body: z.object({ submissionId }),
  response: submissionDetails,
});

const givenMarks = z
  .number({ error: "givenMarks must be a number" })
  .min(0, "givenMarks must not be negative")
  .refine((v) => Number.isInteger(v * 2), "givenMarks must be a whole or half mark")
  .describe("Marks given, from 0 to the criterion's marks, in whole or half marks");

export const evaluateSubmission = defineCall({
  method: "POST",
  group: "/course",
  path: "/course/submission/evaluate",
  summary:
    "Saves the calling grader's evaluation: marks for every criterion of the essay exactly once, with optional comments, and an overall comment. The attempt moves to resultsReceived with its score, and the claim is released. Saving again by the same grader corrects the evaluation in place (its updatedAt moves; evaluatedAt stays). Refused with 400 naming the criterion that is missing, repeated, unknown or over its marks; 409 claimed_by_other while another grader holds a live claim; 409 evaluated_by_other once another grader evaluated it; 403 own_submission for the grader's own essay. A resend with the same Idempotency-Key is answered with the submission as it is and not applied again. For graders only.",
  access: "grader",
  idempotent: true,
  errors: ["submission_not_found", "own_submission", "claimed_by_other", "evaluated_by_other", "unknown_criterion", "duplicate_criterion", "marks_out_of_range", "missing_criterion"],
  body: z.object({
    submissionId,
    criteria: z
      .array(
        z.object({
          criterionId: idOf("criterionId"),
          givenMarks,
          comment: z.string({ error: "comment must be a string" }).max(5000, "a criterion's comment is at most 5000 characters").nullable().optional(),
        }),
      )
      .max(100, "at most 100 criteria")
      .describe("One entry per criterion of the essay"),
    comment: z
      .string({ error: "comment must be a string" })
      .max(10_000, "comment is at most 10000 characters")
      .nullable()
      .optional()
      .describe("The grader's overall comment for the learner; empty or left out for none"),
  }),
  response: submissionDetails,
});
