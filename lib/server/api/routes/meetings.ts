import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/meetings";
import { cancelMeetingRegistration, getMeetingCalendar, listMeetingCourses, listMeetings, registerForMeeting } from "../../services/meetings";
import { calendarRoute, route, type ApiEnv } from "../route";

export const meetingsRouter = new Hono<ApiEnv>();

// GET /GroupMeeting/meetings: the learner's sessions of one range, a page at a time, by course
route(meetingsRouter, calls.listMeetings, ({ deps, user, query }) => listMeetings(deps, user, query));

// GET /GroupMeeting/filters/course-names: the courses of the sessions the learner can see
route(meetingsRouter, calls.listMeetingCourses, ({ deps, user }) => listMeetingCourses(deps, user));

// POST /GroupMeeting/group/grow/registration: registers the learner (once, however often asked)
route(meetingsRouter, calls.registerForMeeting, ({ deps, user, query }) => registerForMeeting(deps, user, query.meetingId));

// DELETE /GroupMeeting/group/grow/registration: cancels the learner's own registration
route(meetingsRouter, calls.cancelMeetingRegistration, ({ deps, user, query }) => cancelMeetingRegistration(deps, user, query.meetingId));

// GET /GroupMeeting/meetings/calendar: one session as an iCalendar file
calendarRoute(meetingsRouter, calls.getMeetingCalendar, ({ deps, user, query }) => getMeetingCalendar(deps, user, query.meetingId));
