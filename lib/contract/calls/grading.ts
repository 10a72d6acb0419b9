import { z } from "zod";
import { defineCall } from "../call";
import { assignmentFilter, pageParams, paginated, queryArray } from "../common";
import { submissionDetails, submissionListItem } from "../entities";
import { idOf, lookupLimit, searchText } from "../fields";

// Grading essay submissions (graders and admins).

const lookupQuery = z.object({ limit: lookupLimit, searchText });

export const getCourseEssayUser = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essay/user",
  summary: "Learners who submitted essays, to filter the graders' list. For graders only.",
  access: "grader",
  served: false,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() }).describe("A learner")),
});

export const getCourseEssayCourse = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/essayCourse",
  summary: "Courses that have essay challenges, to filter the graders' list. For graders only.",
  access: "grader",
  served: false,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A course")),
});

export const getAccountName = defineCall({
  method: "GET",
  group: "/course",
  path: "/account/name",
  summary: "Customer accounts (companies) whose learners submitted essays, to filter the graders' list. For graders only.",
  access: "grader",
  served: false,
  query: lookupQuery,
  response: z.array(z.object({ id: z.string(), name: z.string() }).describe("A customer account")),
});

export const getCourseSubmission = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission",
  summary: "Submitted essays, newest first, a page at a time. For graders only.",
  access: "grader",
  served: false,
  query: z.object({
    ...pageParams,
    courseIds: queryArray(idOf("courseIds")).describe("Only essays of these courses; sent as courseIds[]"),
    userIds: queryArray(idOf("userIds")).describe("Only essays of these learners; sent as userIds[]"),
    status: assignmentFilter.default("all").describe("unassigned: no grader yet; pending: not evaluated; completed: evaluated; all"),
  }),
  response: paginated(submissionListItem),
});

export const getCourseSubmissionDetails = defineCall({
  method: "GET",
  group: "/course",
  path: "/course/submission/details",
  summary: "One submitted essay with everything needed to grade it. For graders only.",
  access: "grader",
  served: false,
  query: z.object({ submissionId: idOf("submissionId") }),
  response: submissionDetails,
});
