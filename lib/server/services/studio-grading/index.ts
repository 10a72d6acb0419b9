/**
 * The studio-grading area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name).
 */
export { listGradingQueue } from "./list-grading-queue";
export { listGraders } from "./list-graders";
export { assignSubmission } from "./assign-submission";
