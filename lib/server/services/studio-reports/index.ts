/**
 * The studio-reports area's public face: the service of each of its calls (docs/reports.md).
 */
export { listReportFilters } from "./list-report-filters";
export { listReportLearners } from "./list-report-learners";
export { getReportSummary } from "./get-report-summary";
export { getReportLearner } from "./get-report-learner";
export { getReportLearnersCsv } from "./get-report-learners-csv";
