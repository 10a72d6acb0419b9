/** What other areas use of meetings: the sessions a learner sees (the dashboard lists the upcoming ones). */
export { rangeCondition, rangeOrder, selectMeetings, toMeeting, visibleTo } from "./meeting-records";
