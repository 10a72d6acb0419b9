import { z } from "zod";
import { defineCall } from "../call";
import { pageQuery } from "../fields";
import { uuid } from "../common";

// The studio's learner reports (docs/reports.md): administrators see each learner's enrollment,
// progress, challenges, completion and certificates for a program, batch or course, a funnel of the
// same learners, one learner's timeline, and the rows as a CSV file.

export const reportSorts = ["name", "email", "enrolled"] as const;
export const reportOrders = ["asc", "desc"] as const;

/** The filters every report call takes; they combine (a learner must match each one given). */
const filterFields = {
  program: uuid
    .optional()
    .describe("A program's id: its courses, and progress as the learner's program progress (completed courses over all its courses)"),
  batch: z
    .string({ error: "batch must be a batch key" })
    .trim()
    .min(1, "batch must not be empty")
    .max(100, "batch is at most 100 characters")
    .optional()
    .describe("A batch's key: its members only (and its program's courses when it has one and no program or course is chosen)"),
  course: uuid.optional().describe("A course's id: that course only, with a column per quiz and essay"),
};
const rowQuery = {
  ...filterFields,
  sort: z.enum(reportSorts, { error: `sort must be one of ${reportSorts.join(", ")}` }).default("name"),
  order: z.enum(reportOrders, { error: `order must be one of ${reportOrders.join(", ")}` }).default("asc"),
};

export const reportMcqCell = z
  .object({
    slugId: z.string(),
    scorePercent: z.number().nullable().describe("The counted score: the best completed attempt's share of the marks, in percent; null: none completed"),
    attempts: z.number().int().describe("Attempts started"),
    passed: z.boolean(),
  })
  .meta({ id: "ReportMcqCell" });

export const reportEssayCell = z
  .object({
    slugId: z.string(),
    status: z.enum(["notStarted", "onProgress", "awaitingResults", "resultsReceived"]),
    obtainedMarks: z.number().nullable(),
    totalMarks: z.number().nullable(),
    passed: z.boolean(),
  })
  .meta({ id: "ReportEssayCell" });

export const reportCertificate = z
  .object({ id: z.string(), title: z.string(), issuedAt: z.string(), revoked: z.boolean() })
  .meta({ id: "ReportCertificate" });

export const reportRow = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    batches: z.array(z.string()).describe("Keys of the learner's batches"),
    enrolledAt: z.string().describe("The first enrollment among the report's courses (ISO 8601)"),
    startedAt: z.string().nullable().describe("The learner's first watch or attempt in those courses; null: not started"),
    progressPercent: z.number().int().describe("The learner's own progress figure (course page, or program progress)"),
    completedVideos: z.number().int(),
    totalVideos: z.number().int(),
    watchedMinutes: z.number().int(),
    completedAt: z.string().nullable().describe("When the last item needed was completed; null: not completed"),
    certificates: z.array(reportCertificate),
    mcq: z.array(reportMcqCell).describe("One per quiz column (a course is chosen); empty otherwise"),
    essays: z.array(reportEssayCell).describe("One per essay column (a course is chosen); empty otherwise"),
  })
  .meta({ id: "ReportRow" });

export const reportColumns = z
  .object({
    scope: z.enum(["course", "program", "enrollments"]).describe("What progress is of: the one course, the program, or every enrolled course the filters keep"),
    mcqBlocks: z.array(z.object({ slugId: z.string(), title: z.string() })),
    essays: z.array(z.object({ slugId: z.string(), title: z.string() })),
  })
  .meta({ id: "ReportColumns" });

export const listReportFilters = defineCall({
  method: "GET",
  group: "",
  path: "/studio/reports/filters",
  summary: "The programs, batches and courses a report may be filtered by. For administrators only.",
  access: "admin",
  response: z.object({
    programs: z.array(z.object({ id: z.string(), name: z.string() })),
    batches: z.array(z.object({ key: z.string(), name: z.string(), programId: z.string().nullable() })),
    courses: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

export const listReportLearners = defineCall({
  method: "GET",
  group: "",
  path: "/studio/reports/learners",
  summary:
    "Learner rows of the report, a page at a time (keyset: `nextCursor` asks for the next page; no total is counted), filtered by program, batch and course, sorted by name, e-mail or enrollment date. For administrators only.",
  access: "admin",
  query: z.object({
    ...rowQuery,
    ...pageQuery({ max: 200, cursorMax: 600 }),
  }),
  response: z.object({
    columns: reportColumns,
    rows: z.array(reportRow),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
  errors: ["unknown_program", "unknown_course", "unknown_batch"],
});

export const getReportSummary = defineCall({
  method: "GET",
  group: "",
  path: "/studio/reports/summary",
  summary: "Totals and the completion funnel (enrolled, started, half-way, completed) of the learners the filters keep. For administrators only.",
  access: "admin",
  query: z.object(filterFields),
  response: z.object({
    learners: z.number().int(),
    funnel: z.object({
      enrolled: z.number().int(),
      started: z.number().int(),
      halfway: z.number().int().describe("Progress of 50% or more"),
      completed: z.number().int(),
    }),
    averageProgressPercent: z.number().int().describe("Mean progress, rounded down; 0 without learners"),
    certificates: z.number().int().describe("Certificates held (not revoked) among the report's courses and program"),
  }),
  errors: ["unknown_program", "unknown_course", "unknown_batch"],
});

export const timelineEvent = z
  .object({
    at: z.string(),
    kind: z.enum([
      "enrolled",
      "videoStarted",
      "videoCompleted",
      "mcqStarted",
      "mcqCompleted",
      "essayStarted",
      "essaySubmitted",
      "essayGraded",
      "certificateIssued",
    ]),
    courseName: z.string().nullable(),
    title: z.string().describe("What the event is about: a video, quiz, essay, course or certificate"),
    detail: z.string().nullable().describe("A score, marks or a watched share, when there is one"),
  })
  .meta({ id: "ReportTimelineEvent" });

export const getReportLearner = defineCall({
  method: "GET",
  group: "",
  path: "/studio/reports/learner",
  summary: "One learner's report: their courses with progress, and their timeline (enrollments, watching, attempts, grades, certificates) in time order, the latest 500 events. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The learner's id") }),
  response: z.object({
    learner: z.object({ id: z.string(), name: z.string(), email: z.string(), batches: z.array(z.string()) }),
    courses: z.array(
      z.object({
        courseId: z.string(),
        courseName: z.string(),
        enrolledAt: z.string(),
        progressPercent: z.number().int(),
        completedVideos: z.number().int(),
        totalVideos: z.number().int(),
        isCompleted: z.boolean(),
      }),
    ),
    timeline: z.array(timelineEvent),
    timelineTruncated: z.boolean().describe("Whether older events were left out"),
  }),
  errors: ["person_not_found"],
});

export const getReportLearnersCsv = defineCall({
  method: "GET",
  group: "",
  path: "/studio/reports/learners.csv",
  summary: "The report's rows as a CSV file, with the page's filters and sort, streamed: exactly the table's columns and cells. For administrators only.",
  access: "admin",
  query: z.object(rowQuery),
  responseFormat: "csv",
  response: z.string().describe("text/csv"),
  errors: ["unknown_program", "unknown_course", "unknown_batch"],
});
