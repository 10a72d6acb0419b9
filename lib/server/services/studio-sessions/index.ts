/**
 * The studio-sessions area's public face: the service of each of its calls (a call's contract key,
 * client function, service function and file share one name). Its data is the meetings area's tables.
 */
export { listSessions } from "./list-sessions";
export { listSessionCourses } from "./list-session-courses";
export { getSession } from "./get-session";
export { createSession } from "./create-session";
export { updateSession } from "./update-session";
export { cancelSession } from "./cancel-session";
