import { z } from "zod";
import { defineCall } from "../call";
import { meetingRange, pageParams, paginated, queryArray, successBody } from "../common";
import { meeting } from "../entities";

// Group sessions (meetings): lists, filters, registration.

const meetingId = z.string({ error: "meetingId must be a string" }).min(1, "meetingId is required").max(100, "meetingId is too long");

export const postGroupGrowRegistration = defineCall({
  method: "POST",
  group: "/GroupMeeting",
  path: "/group/grow/registration",
  summary: "Registers the learner for an upcoming or live group session. Registering twice changes nothing.",
  access: "learner",
  served: false,
  query: z.object({ meetingId: meetingId.describe("The meeting to register for") }),
  response: successBody.extend({
    meetingId: z.string(),
    isRegistered: z.boolean(),
  }),
});

export const getMeetings = defineCall({
  method: "GET",
  group: "/GroupMeeting",
  path: "/meetings",
  summary: "Group sessions that are upcoming, live or past, a page at a time, optionally for some courses only.",
  access: "learner",
  served: false,
  query: z.object({
    rangeType: meetingRange.default("upcoming"),
    ...pageParams,
    courseIds: queryArray(z.string().min(1).max(100)).describe("Only sessions about these courses; sent as courseIds[]"),
  }),
  response: paginated(meeting),
});

export const getFiltersCourseNames = defineCall({
  method: "GET",
  group: "/GroupMeeting",
  path: "/filters/course-names",
  summary: "The courses that have group sessions, to filter the sessions list.",
  access: "learner",
  served: false,
  response: z.array(z.object({ courseId: z.string(), courseName: z.string() }).describe("A course with group sessions")),
});
