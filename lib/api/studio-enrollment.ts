import { queryOptions } from "@tanstack/react-query";
import type { HttpClient } from "./client";
import type { CallBody, CallResponse } from "@/lib/contract/call";
import * as calls from "./call-routes";
import { callApi, http as browserHttp } from "./client";

// The studio's enrollment calls (docs/enrollment.md, "Enrollment in the studio"), for administrators.

export type PurchaseRequestStatus = "open" | "granted" | "declined";

export const studioEnrollmentQueries = {
  all: ["studio", "enrollment"] as const,
  getEnrollmentChoices: (client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "enrollment", "choices"], queryFn: () => callApi(calls.getEnrollmentChoices, {}, client) }),
  listPurchaseRequests: (cursor: string | undefined, client: HttpClient = browserHttp) =>
    queryOptions({
      queryKey: ["studio", "enrollment", "purchase-requests", cursor ?? null],
      queryFn: () => callApi(calls.listPurchaseRequests, { query: { limit: 20, ...(cursor ? { cursor } : {}) } }, client),
    }),
  listPersonEnrollments: (id: string, client: HttpClient = browserHttp) =>
    queryOptions({ queryKey: ["studio", "enrollment", "person", id], queryFn: () => callApi(calls.listPersonEnrollments, { query: { id } }, client) }),
};

export type EnrollmentChoices = CallResponse<typeof calls.getEnrollmentChoices>;
export type PurchaseRequest = CallResponse<typeof calls.listPurchaseRequests>["requests"][number];
export type PersonEnrollment = CallResponse<typeof calls.listPersonEnrollments>["enrollments"][number];

export const enrollPeople = (body: CallBody<typeof calls.enrollPeople>) => callApi(calls.enrollPeople, { body });

export const answerPurchaseRequest = (body: CallBody<typeof calls.answerPurchaseRequest>) => callApi(calls.answerPurchaseRequest, { body });

export const moveEnrollmentVersion = (body: CallBody<typeof calls.moveEnrollmentVersion>) => callApi(calls.moveEnrollmentVersion, { body });
