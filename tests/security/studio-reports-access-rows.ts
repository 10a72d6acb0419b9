import { expect } from "vitest";
import { getReportLearner, getReportLearnersCsv, getReportSummary, listReportFilters, listReportLearners } from "@/lib/contract/calls/studio-reports";
import { refusedToNonAdmins, type AccessCtx, type AccessRow as Row } from "./access-row";

/**
 * Access-matrix rows of the studio's learner reports: only administrators read them (every learner's
 * progress, and any one learner's timeline); learners, graders and authors are refused (403) before
 * anything is read, visitors asked to sign in (401).
 */
const inputs: [Row["call"], (ctx: AccessCtx) => { query?: Record<string, string> }][] = [
  [listReportFilters, () => ({})],
  [listReportLearners, () => ({ query: { sort: "email" } })],
  [getReportSummary, () => ({})],
  [getReportLearner, (ctx) => ({ query: { id: ctx.ids.learnerB } })],
  [getReportLearnersCsv, () => ({})],
];

export const studioReportsAccessRows: Row[] = [
  { call: listReportFilters, as: "admin", owner: "other", status: 200 },
  { call: listReportLearners, as: "admin", owner: "other", input: () => ({ query: { sort: "email" } }), status: 200, check: (_ctx, body: { rows: unknown[]; hasMore: boolean }) => expect(Array.isArray(body.rows)).toBe(true) },
  { call: getReportSummary, as: "admin", owner: "other", status: 200, check: (_ctx, body: { learners: number; funnel: { enrolled: number } }) => expect(body.funnel.enrolled).toBe(body.learners) },
  { call: getReportLearner, as: "admin", owner: "other", input: (ctx) => ({ query: { id: ctx.ids.learnerB } }), status: 200, check: (ctx, body: { learner: { email: string } }) => expect(body.learner.email).toBe(ctx.emails.learnerB) },
  { call: getReportLearnersCsv, as: "admin", owner: "other", status: 200, check: (_ctx, body: string) => expect(String(body)).toContain("Name,E-mail,Batches") },
  ...refusedToNonAdmins(inputs),
];
