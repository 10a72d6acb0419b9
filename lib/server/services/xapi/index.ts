/**
 * The xapi area's public face: what other areas record (a learning event's statements, in the
 * event's transaction), what the job engine runs (sending them to the LRS) and the service of each
 * of its calls.
 */
export { recordLearningEvent, scormOutcome, type LearningEvent } from "./record-statement";
export { deliverXapiStatement, queuePendingStatements, lrsSettings, XAPI_VERSION } from "./deliver-statement";
export { listXapiStatements } from "./list-xapi-statements";
export { exportXapiStatements } from "./export-xapi-statements";
