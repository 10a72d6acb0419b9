import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/studio-reports";
import { getReportLearner, getReportLearnersCsv, getReportSummary, listReportFilters, listReportLearners } from "../../services/studio-reports";
import { csvRoute, route, type ApiEnv } from "../route";

export const studioReportsRouter = new Hono<ApiEnv>();

// GET /studio/reports/filters: the programs, batches and courses a report may be filtered by (administrators)
route(studioReportsRouter, calls.listReportFilters, ({ deps }) => listReportFilters(deps));

// GET /studio/reports/learners: a page of learner rows for the filters and sort (administrators)
route(studioReportsRouter, calls.listReportLearners, ({ deps, query }) => listReportLearners(deps, query));

// GET /studio/reports/summary: totals and the completion funnel for the filters (administrators)
route(studioReportsRouter, calls.getReportSummary, ({ deps, query }) => getReportSummary(deps, query));

// GET /studio/reports/learner: one learner's courses and timeline (administrators)
route(studioReportsRouter, calls.getReportLearner, ({ deps, query }) => getReportLearner(deps, query));

// GET /studio/reports/learners.csv: the rows as a CSV file, streamed (administrators)
csvRoute(studioReportsRouter, calls.getReportLearnersCsv, ({ deps, query }) => getReportLearnersCsv(deps, query));
