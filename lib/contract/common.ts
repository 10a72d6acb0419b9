import { z } from "zod";
import { ERROR_CODES } from "./error-codes";
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_TOO_LONG, emailPattern } from "./email";
import { ASSIGNMENT_FILTERS, COURSE_TYPES, DOMAIN_NAMES, DURATION_FILTERS, MEETING_RANGES } from "./filters";

// ---------- bodies every call may answer with ----------

export const errorBody = z
  .object({
    error: z.string().describe("Short name of the HTTP status, e.g. 'Bad Request'"),
    message: z.string().describe("What went wrong, in words a person can act on; names the field for bad input"),
    statusCode: z.number().int().describe("The HTTP status code, repeated"),
    code: z
      .enum(ERROR_CODES)
      .optional()
      .describe("Machine-readable reason, stable across wording changes, e.g. 'not_found', 'attempt_closed', 'draft_conflict'"),
    details: z
      .unknown()
      .optional()
      .describe("What the client needs beyond the message, for the codes that say so: e.g. a stale studio save's current revision and the changes since"),
  })
  .describe("Body of every non-2xx answer");
export type ErrorBody = z.infer<typeof errorBody>;

export const successBody = z
  .object({
    isSuccess: z.boolean(),
    message: z.string(),
  })
  .describe("Body of a write that returns nothing else");
export type SuccessBody = z.infer<typeof successBody>;

// ---------- field rules of spec section 5 ----------

export { emailPattern };
export const email = z.string().trim().max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG).regex(emailPattern, EMAIL_INVALID);

export const pageNumber = z.coerce.number().int("pageNumber must be an integer").min(1, "pageNumber starts at 1").max(100_000).default(1);
export const pageSize = z.coerce.number().int("pageSize must be an integer").min(1, "pageSize must be at least 1").max(100, "pageSize is at most 100").default(20);
export const pageParams = { pageNumber, pageSize };

/** A text flag that is true when it equals 'true', whatever its case. */
export const textFlag = z
  .union([z.string(), z.boolean()])
  .transform((v) => (typeof v === "boolean" ? v : v.trim().toLowerCase() === "true"));

export const id = z.string().min(1, "must not be empty").max(100);
export const uuid = z.uuid("must be a valid id");
export const isoDate = z.string().describe("ISO 8601 date and time");
/** Arrays in query strings arrive as `name[]`; one value arrives as a string. */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(200).optional());

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    currentPageNumber: z.number().int(),
    currentPageSize: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
    results: z.array(item),
  });

// ---------- enumerations of spec section 3 ----------

export const domainName = z.enum(DOMAIN_NAMES);
export const durationFilter = z.enum(DURATION_FILTERS);
export const enrollmentType = z.enum(["System (Auto enroll)", "Customer (Scheduled and Optional)", "No Auto Enrollment"]);
export const courseStatus = z.enum(["in progress", "all courses", "Master's Program"]);
export const userKind = z.enum(["Customer", "Employee"]);
export const userRole = z.enum(["learner", "grader", "author", "admin"]).describe("What the user may do beyond learning");
export const essaySubmissionSource = z.enum(["manual", "timeOut", "migrated", "submittedOnMigration"]);
export const appEnv = z.enum(["dev", "stage", "prod"]);
export const sortOrder = z.enum(["asc", "desc", "none"]);
export const assignmentFilter = z.enum(ASSIGNMENT_FILTERS);
export const ticketFilter = z.enum(["All", "New"]);
export const preferredLanguage = z.enum(["English", "Hindi", "Tamil", "Telugu", "Others"]);
export const plan = z.enum(["Basic", "Premium"]);
export const customerProfile = z.enum(["Working Professional", "Job Seeker", "Student"]);
export const educationBackground = z.enum(["Engineering", "Non-Engineering"]);
export const courseType = z.enum(COURSE_TYPES);
export const videoProvider = z.enum(["youtube", "vdocipher", "uploadedVideo"]);
export const treeNodeType = z.enum(["videoCourse", "videoCourseChapter", "videoCourseSubChapter"]);
export const genericNodeType = z.enum(["all", "video", "challenge", "document"]);

// ---------- states of spec section 4 ----------

export const videoCompletionState = z.enum(["completed", "notCompleted", "notApplicable"]);
export const essayAttemptStatus = z.enum(["notAttempted", "onProgress", "awaitingResults", "resultsReceived"]);
export const mcqAttemptStatus = z.enum(["notAttempted", "completed", "onProgress"]);
export const meetingRange = z.enum(MEETING_RANGES);
export const navigationDirection = z.enum(["prev", "next"]);
