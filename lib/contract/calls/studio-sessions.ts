import { z } from "zod";
import { defineCall } from "../call";
import { pageQuery } from "../fields";
import { email, uuid } from "../common";

// The studio's group session calls (docs/meetings.md, "In the studio"): administrators list, make,
// change and cancel group sessions and see who registered. A change learners' calendars show raises
// the session's SEQUENCE and e-mails each registered learner the new calendar file.

/** An IANA zone name this runtime knows, checked without importing the server (zod only). */
const knownZone = (value: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const timeZone = z
  .string({ error: "timeZone must be text" })
  .trim()
  .refine(knownZone, "timeZone must be an IANA time zone name such as Europe/Berlin, America/New_York or Asia/Kolkata")
  .describe("The IANA time zone the start is entered in (the organiser's)");
const startLocal = z
  .string({ error: "startLocal must be text" })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "startLocal must be a date and time without offset, like 2027-03-29T18:00")
  .describe("The start as a wall-clock time in timeZone, like 2027-03-29T18:00");
const title = z.string({ error: "title must be text" }).trim().min(1, "title must not be empty").max(200, "title must be at most 200 characters");
const description = z.string({ error: "description must be text" }).max(5000, "description must be at most 5000 characters");
const durationInMinutes = z
  .number({ error: "durationInMinutes must be a number of minutes" })
  .int("durationInMinutes must be a whole number of minutes")
  .min(5, "durationInMinutes must be at least 5")
  .max(720, "durationInMinutes is at most 720 (12 hours)");
const joinLink = z
  .string({ error: "joinLink must be text" })
  .trim()
  .max(2000, "joinLink must be at most 2000 characters")
  .refine((v) => {
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, "joinLink must be an https:// address, like https://meet.example.com/abc");
const hostName = z.string({ error: "hostName must be text" }).trim().min(1, "hostName must not be empty").max(200, "hostName must be at most 200 characters");
const hostEmail = email.describe("The host's e-mail (the calendar file's organiser)");
const courseId = uuid.nullable().describe("The course the session is for (listSessionCourses); null: open to every learner");

export const sessionRanges = ["upcoming", "past"] as const;

export const studioSession = z
  .object({
    id: z.string(),
    key: z.string().describe("The session's key: meetings.yaml's for an imported session, studio-… for one made here"),
    title: z.string(),
    description: z.string(),
    course: z.object({ id: z.string(), name: z.string() }).nullable(),
    startDate: z.string().describe("The start, a UTC instant (ISO 8601)"),
    endDate: z.string().describe("The start plus the duration"),
    startLocal: z.string().describe("The start as a wall-clock time in timeZone (YYYY-MM-DDTHH:MM)"),
    timeZone: z.string(),
    durationInMinutes: z.number().int(),
    joinLink: z.string(),
    hostName: z.string(),
    hostEmail: z.string(),
    sequence: z.number().int().describe("The calendar revision (SEQUENCE) learners' calendar files carry"),
    cancelledAt: z.string().nullable().describe("When it was cancelled; null: it was not"),
    studioEditedAt: z.string().nullable().describe("When it was last made or changed in the studio; from then on an import leaves it alone"),
    rangeType: z.enum(["upcoming", "live", "past"]),
    registrantCount: z.number().int(),
  })
  .meta({ id: "StudioSession" });

export const sessionRegistrant = z
  .object({ id: z.string(), name: z.string(), email: z.string(), registeredAt: z.string().describe("When they registered (ISO 8601)") })
  .meta({ id: "SessionRegistrant" });

export const listSessions = defineCall({
  method: "GET",
  group: "",
  path: "/studio/sessions",
  summary:
    "Group sessions of one range, cancelled ones included: upcoming (not over yet: upcoming and live, earliest first) or past (latest first), each with its registrant count, `limit` at a time (`nextCursor` for the next). For administrators only.",
  access: "admin",
  query: z.object({
    range: z.enum(sessionRanges, { error: "range must be upcoming or past" }).default("upcoming"),
    ...pageQuery(),
  }),
  response: z.object({ sessions: z.array(studioSession), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const listSessionCourses = defineCall({
  method: "GET",
  group: "",
  path: "/studio/sessions/courses",
  summary: "The courses a session may be for, by name. For administrators only.",
  access: "admin",
  response: z.object({ courses: z.array(z.object({ id: z.string(), name: z.string() })) }),
});

export const getSession = defineCall({
  method: "GET",
  group: "",
  path: "/studio/session",
  summary: "One group session and everyone registered for it (name, e-mail, when), earliest first. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The session's id") }),
  response: z.object({ session: studioSession, registrants: z.array(sessionRegistrant) }),
  errors: ["meeting_not_found"],
});

export const createSession = defineCall({
  method: "POST",
  group: "",
  path: "/studio/sessions",
  summary: "Makes a group session. Its start must be in the future. For administrators only.",
  access: "admin",
  status: 201,
  body: z.object({
    title,
    description: description.default(""),
    courseId: courseId.default(null),
    startLocal,
    timeZone,
    durationInMinutes,
    joinLink,
    hostName,
    hostEmail,
  }),
  response: z.object({ session: studioSession }),
  errors: ["unknown_course", "meeting_start_past", "meeting_time_invalid"],
});

export const updateSession = defineCall({
  method: "PATCH",
  group: "",
  path: "/studio/session",
  summary:
    "Changes a group session. A change of its time, duration, title, description or join link raises its SEQUENCE by one and e-mails each registered learner the new calendar file (METHOD:REQUEST). A start in the past is allowed (to correct a record). A cancelled session cannot change: 409 meeting_cancelled. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The session's id"),
    title: title.optional(),
    description: description.optional(),
    courseId: courseId.optional(),
    startLocal: startLocal.optional(),
    timeZone: timeZone.optional(),
    durationInMinutes: durationInMinutes.optional(),
    joinLink: joinLink.optional(),
    hostName: hostName.optional(),
    hostEmail: hostEmail.optional(),
  }),
  response: z.object({ session: studioSession, notified: z.number().int().describe("Registered learners an update e-mail was queued for (0: nothing they see changed)") }),
  errors: ["meeting_not_found", "unknown_course", "meeting_cancelled", "meeting_time_invalid"],
});

export const cancelSession = defineCall({
  method: "POST",
  group: "",
  path: "/studio/session/cancel",
  summary:
    "Cancels a group session: learners no longer see it or can register, and each registered learner is e-mailed a METHOD:CANCEL calendar file with a raised SEQUENCE. Cancelling again changes nothing (`alreadyCancelled`). For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The session's id") }),
  response: z.object({ session: studioSession, alreadyCancelled: z.boolean(), notified: z.number().int() }),
  errors: ["meeting_not_found"],
});
