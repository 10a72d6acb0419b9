/**
 * The dashboard area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of dashboard imports it from here only.
 */
export { getDashboardStats } from "./get-dashboard-stats";
export { listContinueLearning } from "./list-continue-learning";
export { getBatchDetails } from "./get-batch-details";
export { listPurchasedCourses } from "./list-purchased-courses";
export { listEnrolledPrograms } from "./list-enrolled-programs";
export { listGroupSessions } from "./list-group-sessions";
export { dashboardStatsInputs } from "./get-dashboard-stats";
