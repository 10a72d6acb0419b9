/**
 * The learning-paths area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Another area that comes to need
 * something of learning-paths imports it from here only.
 */
export { getCourseBundleProgress } from "./get-course-bundle-progress";
export { getLearningPathProgress } from "./get-learning-path-progress";
export { getFirstProgram } from "./get-first-program";
