import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-enrollment";
import {
  answerPurchaseRequest,
  enrollPeople,
  getEnrollmentChoices,
  listPersonEnrollments,
  listPurchaseRequests,
  moveEnrollmentVersion,
} from "../../services/studio-enrollment";
import { route, type ApiEnv } from "../route";

export const studioEnrollmentRouter = new Hono<ApiEnv>();

// POST /studio/enrollments: enrolls people or a batch's members in a course or a program (administrators)
route(studioEnrollmentRouter, calls.enrollPeople, ({ deps, user, body }) => enrollPeople(deps, user, body));

// GET /studio/enrollment/choices: the courses, programs and batches the enrollment form offers (administrators)
route(studioEnrollmentRouter, calls.getEnrollmentChoices, ({ deps }) => getEnrollmentChoices(deps));

// GET /studio/purchase-requests: learners' purchase requests, open first (administrators)
route(studioEnrollmentRouter, calls.listPurchaseRequests, ({ deps, query }) => listPurchaseRequests(deps, query));

// POST /studio/purchase-request/answer: grants (enrolls) or declines a purchase request (administrators)
route(studioEnrollmentRouter, calls.answerPurchaseRequest, ({ deps, user, body }) => answerPurchaseRequest(deps, user, body));

// GET /studio/person/enrollments: a person's enrollments with their courses' versions (administrators)
route(studioEnrollmentRouter, calls.listPersonEnrollments, ({ deps, query }) => listPersonEnrollments(deps, query));

// POST /studio/person/enrollment/version: moves a person's enrollment to another version of the course (administrators)
route(studioEnrollmentRouter, calls.moveEnrollmentVersion, ({ deps, user, body }) => moveEnrollmentVersion(deps, user, body));
