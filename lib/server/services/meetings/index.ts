/**
 * The meetings area's public face: the service of each of its calls (a call's contract key, client
 * function, service function and file share one name), and what other areas use: the sessions a
 * learner sees (the dashboard lists the upcoming ones).
 */
export { rangeCondition, rangeOrder, selectMeetings, toMeeting, visibleTo } from "./meeting-records";
export { listMeetings } from "./list-meetings";
export { listMeetingCourses } from "./list-meeting-courses";
export { registerForMeeting } from "./register-for-meeting";
export { cancelMeetingRegistration } from "./cancel-meeting-registration";
export { getMeetingCalendar, meetingCalendar, meetingUid } from "./get-meeting-calendar";
export { findVisibleMeeting } from "./find-visible-meeting";
