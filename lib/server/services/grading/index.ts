/**
 * The grading area's public face: the service of each of its calls (a call's contract key, client
 * function, service function and file share one name). Another area that comes to need something
 * of grading imports it from here only.
 */
export { listSubmissions } from "./list-submissions";
export { getSubmissionDetails } from "./get-submission-details";
export { claimSubmission } from "./claim-submission";
export { evaluateSubmission } from "./evaluate-submission";
export { listEssayLearners } from "./list-essay-learners";
export { listEssayCourses } from "./list-essay-courses";
export { listEssayAccounts } from "./list-essay-accounts";
// What the studio's grading oversight uses: a submission's row and what a live claim is.
export { evaluated, hasLiveClaim, isSubmitted, liveClaim, loadSubmission, noLiveClaim, notEvaluated, submissionsFrom, type SubmissionRow } from "./submission-records";
