/**
 * The studio-enrollment area's public face (docs/enrollment.md, "Enrollment in the studio"): the
 * service of each of its calls (a call's contract key, client function, service function and file
 * share one name).
 */
export { enrollPeople } from "./enroll-people";
export { getEnrollmentChoices } from "./get-enrollment-choices";
export { listPurchaseRequests } from "./list-purchase-requests";
export { answerPurchaseRequest } from "./answer-purchase-request";
export { listPersonEnrollments } from "./list-person-enrollments";
export { moveEnrollmentVersion } from "./move-enrollment-version";
