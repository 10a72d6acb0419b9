import "server-only";
import { Hono } from "hono";
import {
  getAccountName,
  getCourseEssayCourse,
  getCourseEssayUser,
  getCourseSubmission,
  getCourseSubmissionDetails,
  postCourseSubmissionClaim,
  postCourseSubmissionEvaluate,
} from "@/lib/contract/calls/grading";
import { claimSubmission } from "../../services/grading/claim-submission";
import { evaluateSubmission } from "../../services/grading/evaluate-submission";
import { getSubmissionDetails } from "../../services/grading/get-submission-details";
import { listEssayAccounts } from "../../services/grading/list-essay-accounts";
import { listEssayCourses } from "../../services/grading/list-essay-courses";
import { listEssayLearners } from "../../services/grading/list-essay-learners";
import { listSubmissions } from "../../services/grading/list-submissions";
import { route, type ApiEnv } from "../route";

export const gradingRouter = new Hono<ApiEnv>();

// GET /course/course/submission: submitted essays a page at a time, by course, learner, account and assignment
route(gradingRouter, getCourseSubmission, ({ deps, user, query }) => listSubmissions(deps, user, query));

// GET /course/course/submission/details: one submission with its criteria, evaluation and claim
route(gradingRouter, getCourseSubmissionDetails, ({ deps, user, query }) => getSubmissionDetails(deps, user, query));

// POST /course/course/submission/claim: the grader holds the submission for a while; again extends it
route(gradingRouter, postCourseSubmissionClaim, ({ deps, user, body }) => claimSubmission(deps, user, body));

// POST /course/course/submission/evaluate: saves or corrects the grader's marks; a resent key applies once
route(gradingRouter, postCourseSubmissionEvaluate, ({ deps, user, body, idempotencyKey }) => evaluateSubmission(deps, user, { ...body, idempotencyKey }));

// GET /course/course/essay/user: learners who submitted essays, for the learner filter
route(gradingRouter, getCourseEssayUser, ({ deps, user, query }) => listEssayLearners(deps, user, query));

// GET /course/course/essayCourse: courses with essays, for the course filter
route(gradingRouter, getCourseEssayCourse, ({ deps, user, query }) => listEssayCourses(deps, user, query));

// GET /course/account/name: customer accounts whose learners submitted essays, for the account filter
route(gradingRouter, getAccountName, ({ deps, user, query }) => listEssayAccounts(deps, user, query));
