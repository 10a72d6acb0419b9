import { z } from "zod";
import { defineCall } from "../call";
import { meetingRange, pageParams, paginated, queryArray, successBody } from "../common";
import { meeting } from "../entities/meetings";

// Group sessions (meetings): lists, filters, registration and its cancellation, calendar files.
// A learner sees the sessions of the courses they are enrolled in and the sessions of no course (open to all).

const meetingId = z.string({ error: "meetingId must be a string" }).min(1, "meetingId is required").max(100, "meetingId is too long");

const registrationAnswer = successBody.extend({
  meetingId: z.string(),
  isRegistered: z.boolean().describe("Whether the learner is registered for the meeting after the call"),
});

export const registerForMeeting = defineCall({
  method: "POST",
  group: "/GroupMeeting",
  path: "/group/grow/registration",
  summary:
    "Registers the learner for an upcoming or live group session they can see. Registering twice changes nothing (one registration). A past session answers 409 meeting_over, one an administrator cancelled 409 meeting_cancelled.",
  access: "learner",
  errors: ["meeting_not_found", "meeting_over", "meeting_cancelled"],
  query: z.object({ meetingId: meetingId.describe("The meeting to register for") }),
  response: registrationAnswer,
});

export const cancelMeetingRegistration = defineCall({
  method: "DELETE",
  group: "/GroupMeeting",
  path: "/group/grow/registration",
  summary:
    "Cancels the learner's own registration for an upcoming or live group session. Cancelling when not registered changes nothing. A past session keeps its registrations: 409 meeting_over.",
  access: "learner",
  errors: ["meeting_not_found", "meeting_over"],
  query: z.object({ meetingId: meetingId.describe("The meeting whose registration to cancel") }),
  response: registrationAnswer,
});

export const listMeetings = defineCall({
  method: "GET",
  group: "/GroupMeeting",
  path: "/meetings",
  summary:
    "Group sessions that are upcoming (soonest first), live now (earliest start first) or past (latest first), a page at a time, optionally for some courses only.",
  access: "learner",
  query: z.object({
    rangeType: meetingRange.default("upcoming").describe("upcoming: not started yet; live: started and not over; past: over"),
    ...pageParams,
    courseIds: queryArray(z.string().min(1).max(100)).describe("Only sessions about these courses; sent as courseIds[]"),
  }),
  response: paginated(meeting),
});

export const listMeetingCourses = defineCall({
  method: "GET",
  group: "/GroupMeeting",
  path: "/filters/course-names",
  summary: "The courses that have group sessions the learner can see (in any range), by name, to filter the sessions list.",
  access: "learner",
  response: z.array(z.object({ courseId: z.string(), courseName: z.string() }).describe("A course with group sessions")),
});

export const getMeetingCalendar = defineCall({
  method: "GET",
  group: "/GroupMeeting",
  path: "/meetings/calendar",
  summary:
    "An iCalendar file (RFC 5545) of one group session the learner can see, to add it to a calendar: times in UTC, a UID that never changes for the session, a SEQUENCE that goes up when the session changes. It carries the join link when the learner is registered and the session is not over.",
  access: "learner",
  errors: ["meeting_not_found"],
  responseFormat: "calendar",
  query: z.object({ meetingId: meetingId.describe("The meeting to add to a calendar") }),
  response: z.string().describe("The text/calendar file, sent as an attachment named after the session"),
});
