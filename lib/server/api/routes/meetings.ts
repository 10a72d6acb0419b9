import "server-only";
import { Hono } from "hono";
import {
  deleteGroupGrowRegistration,
  getFiltersCourseNames,
  getMeetingCalendar as getMeetingCalendarCall,
  getMeetings,
  postGroupGrowRegistration,
} from "@/lib/contract/calls/meetings";
import { cancelMeetingRegistration } from "../../services/meetings/cancel-meeting-registration";
import { getMeetingCalendar } from "../../services/meetings/get-meeting-calendar";
import { listMeetingCourses } from "../../services/meetings/list-meeting-courses";
import { listMeetings } from "../../services/meetings/list-meetings";
import { registerForMeeting } from "../../services/meetings/register-for-meeting";
import { calendarRoute, route, type ApiEnv } from "../route";

export const meetingsRouter = new Hono<ApiEnv>();

// GET /GroupMeeting/meetings: the learner's sessions of one range, a page at a time, by course
route(meetingsRouter, getMeetings, ({ deps, user, query }) => listMeetings(deps, user, query));

// GET /GroupMeeting/filters/course-names: the courses of the sessions the learner can see
route(meetingsRouter, getFiltersCourseNames, ({ deps, user }) => listMeetingCourses(deps, user));

// POST /GroupMeeting/group/grow/registration: registers the learner (once, however often asked)
route(meetingsRouter, postGroupGrowRegistration, ({ deps, user, query }) => registerForMeeting(deps, user, query.meetingId));

// DELETE /GroupMeeting/group/grow/registration: cancels the learner's own registration
route(meetingsRouter, deleteGroupGrowRegistration, ({ deps, user, query }) => cancelMeetingRegistration(deps, user, query.meetingId));

// GET /GroupMeeting/meetings/calendar: one session as an iCalendar file
calendarRoute(meetingsRouter, getMeetingCalendarCall, ({ deps, user, query }) => getMeetingCalendar(deps, user, query.meetingId));
