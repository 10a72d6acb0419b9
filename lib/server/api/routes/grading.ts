import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/grading";
import { claimSubmission, evaluateSubmission, getSubmissionDetails, listEssayAccounts, listEssayCourses, listEssayLearners, listSubmissions } from "../../services/grading";
import { route, type ApiEnv } from "../route";

export const gradingRouter = new Hono<ApiEnv>();

// GET /course/course/submission: submitted essays a page at a time, by course, learner, account and assignment
route(gradingRouter, calls.listSubmissions, ({ deps, user, query }) => listSubmissions(deps, user, query));

// GET /course/course/submission/details: one submission with its criteria, evaluation and claim
route(gradingRouter, calls.getSubmissionDetails, ({ deps, user, query }) => getSubmissionDetails(deps, user, query));

// POST /course/course/submission/claim: the grader holds the submission for a while; again extends it
route(gradingRouter, calls.claimSubmission, ({ deps, user, body }) => claimSubmission(deps, user, body));

// POST /course/course/submission/evaluate: saves or corrects the grader's marks; a resent key applies once
route(gradingRouter, calls.evaluateSubmission, ({ deps, user, body, idempotencyKey }) => evaluateSubmission(deps, user, { ...body, idempotencyKey }));

// GET /course/course/essay/user: learners who submitted essays, for the learner filter
route(gradingRouter, calls.listEssayLearners, ({ deps, user, query }) => listEssayLearners(deps, user, query));

// GET /course/course/essayCourse: courses with essays, for the course filter
route(gradingRouter, calls.listEssayCourses, ({ deps, user, query }) => listEssayCourses(deps, user, query));

// GET /course/account/name: customer accounts whose learners submitted essays, for the account filter
route(gradingRouter, calls.listEssayAccounts, ({ deps, user, query }) => listEssayAccounts(deps, user, query));
