import { expect } from "vitest";
import {
  answerPurchaseRequest,
  enrollPeople,
  getEnrollmentChoices,
  listPersonEnrollments,
  listPurchaseRequests,
  moveEnrollmentVersion,
} from "@/lib/contract/calls/studio-enrollment";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's enrollment calls: only administrators enroll people, answer
 * purchase requests and move enrollments between versions; learners, graders and authors are
 * refused (403) before anything is read or written, visitors asked to sign in (401).
 */
const probeId = "00000000-0000-4000-8000-00000000abcd";

const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string>; body?: unknown }][] = [
  [enrollPeople, (ctx) => ({ body: { people: [ctx.ids.learnerB], course: probeId } })],
  [getEnrollmentChoices, () => ({})],
  [listPurchaseRequests, () => ({})],
  [answerPurchaseRequest, () => ({ body: { id: probeId, decision: "grant" } })],
  [listPersonEnrollments, (ctx) => ({ query: { id: ctx.ids.learnerA } })],
  [moveEnrollmentVersion, (ctx) => ({ body: { person: ctx.ids.learnerA, course: probeId, version: probeId } })],
];

export const studioEnrollmentAccessRows: Row[] = [
  { call: getEnrollmentChoices, as: "admin", owner: "other", status: 200 },
  { call: listPurchaseRequests, as: "admin", owner: "other", status: 200 },
  { call: listPersonEnrollments, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerA } }), status: 200, check: (_ctx, body: { enrollments: unknown[] }) => expect(Array.isArray(body.enrollments)).toBe(true) },
  { call: enrollPeople, as: "admin", owner: "other", input: (ctx) => ({ body: { people: [ctx.ids.learnerB], course: probeId } }), status: 404, check: (_ctx, body: { code: string }) => expect(body.code).toBe("course_not_found") },
  ...refusedToNonAdmins(inputs),
];
