/**
 * The studio-jobs area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of studio-jobs imports it from here only.
 */
export { listJobs } from "./list-jobs";
export { retryJob } from "./retry-job";
