import { z } from "zod";
import { isoDate, meetingRange } from "../common";
import { count } from "./shared";

// Live group sessions.
//
// Entities of spec section 3 (the user profile lives in ../user). Ids are strings, dates ISO 8601
// strings. Schemas with an `id` in their metadata become named components of the API description.

export const meeting = z
  .object({
    id: z.string(),
    title: z.string(),
    courseId: z.string().nullable(),
    courseName: z.string().nullable().describe("The course the meeting is about; null for a general meeting"),
    meetingTakerName: z.string(),
    meetingTakerEmail: z.string(),
    startDate: isoDate.describe("When the meeting starts, as a UTC instant (ISO 8601 with Z); shown in the viewer's time zone"),
    endDate: isoDate.describe("When the meeting ends: startDate plus duration"),
    duration: count.describe("Length in minutes"),
    timeZone: z.string().describe("The organiser's IANA time zone, e.g. Europe/Berlin: where the start was planned as a wall-clock time"),
    description: z.string(),
    isRegistered: z.boolean().describe("true when the learner has registered for the meeting"),
    joinLink: z
      .url({ protocol: /^https?$/, error: "joinLink must be a URL" })
      .optional()
      .describe(
        "Address to join the meeting. Present only when it is offered: to a registered learner, from 15 minutes before the start until the end; absent otherwise, and always for past meetings",
      ),
    joinOpensAt: isoDate.describe("From when the join link is offered to registered learners: 15 minutes before the start"),
    order: count,
    rangeType: meetingRange.describe("Whether the meeting is upcoming, live now or past"),
  })
  .describe("A live group session")
  .meta({ id: "Meeting" });
export type Meeting = z.infer<typeof meeting>;
