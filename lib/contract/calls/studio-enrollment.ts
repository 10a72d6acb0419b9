import { z } from "zod";
import { defineCall } from "../call";
import { pageQuery } from "../fields";
import { uuid } from "../common";

// The studio's enrollment calls (docs/enrollment.md, "Enrollment in the studio"): administrators
// enroll people or a whole batch in a course or a program, answer learners' purchase requests, and
// move a learner's enrollment to another version of a course.

export const purchaseRequestStatuses = ["open", "granted", "declined"] as const;
export const purchaseRequestDecisions = ["grant", "decline"] as const;

const batchKey = z
  .string({ error: "batch must be a batch key" })
  .trim()
  .min(1, "batch must not be empty")
  .max(100, "batch is at most 100 characters")
  .describe("The key of a batch: every member is enrolled");

export const enrollPeople = defineCall({
  method: "POST",
  group: "",
  path: "/studio/enrollments",
  summary:
    "Enrolls people (by id) or every member of a batch (by key) in a course or in every course of a program, in each course's current version. Enrolling someone already enrolled changes nothing: the answer says how many enrollments are new. For administrators only.",
  access: "admin",
  body: z
    .object({
      people: z
        .array(uuid, { error: "people must be a list of person ids" })
        .min(1, "people must name at least one person")
        .max(500, "people holds at most 500 ids: enroll a batch for more")
        .optional()
        .describe("Ids of the people to enroll"),
      batch: batchKey.optional(),
      course: uuid.optional().describe("The course to enroll in"),
      program: uuid.optional().describe("The program whose courses to enroll in"),
    })
    .refine((b) => (b.people === undefined) !== (b.batch === undefined), { message: "give either people or batch, not both and not neither", path: ["people"] })
    .refine((b) => (b.course === undefined) !== (b.program === undefined), { message: "give either course or program, not both and not neither", path: ["course"] }),
  response: z.object({
    learners: z.number().int().describe("People enrolled (a batch: its members)"),
    courses: z.number().int().describe("Courses they were enrolled in (a program: its courses with a published version)"),
    created: z.number().int().describe("Enrollments this call made"),
    alreadyEnrolled: z.number().int().describe("Enrollments that existed already and were left as they were"),
    message: z.string(),
  }),
  errors: ["person_not_found", "unknown_batch", "course_not_found", "program_not_found", "course_not_enrollable"],
});

export const enrollmentChoice = z.object({ id: z.string(), name: z.string() });

export const getEnrollmentChoices = defineCall({
  method: "GET",
  group: "",
  path: "/studio/enrollment/choices",
  summary: "The courses (with a published version), programs and batches an administrator may enroll people in or through. For administrators only.",
  access: "admin",
  response: z.object({
    courses: z.array(
      enrollmentChoice.extend({
        priceCents: z.number().int().nullable().describe("The course's price; null: not sold alone"),
        currency: z.string(),
        isPremium: z.boolean(),
        courseType: z.string(),
      }),
    ),
    programs: z.array(enrollmentChoice.extend({ courses: z.number().int().describe("Courses of the program") })),
    batches: z.array(z.object({ key: z.string(), name: z.string(), program: z.string().nullable(), members: z.number().int() })),
  }),
});

export const purchaseRequest = z
  .object({
    id: z.string(),
    person: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    course: z.object({ id: z.string(), name: z.string() }),
    priceCents: z.number().int().nullable().describe("The price the learner was shown"),
    currency: z.string(),
    requestCount: z.number().int().describe("How many times the learner asked"),
    requestedAt: z.string().describe("First asked (ISO 8601)"),
    lastRequestedAt: z.string().describe("Last asked (ISO 8601)"),
    status: z.enum(purchaseRequestStatuses),
    answeredAt: z.string().nullable(),
    answeredBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    note: z.string().nullable().describe("The administrator's note with a decline"),
    enrolled: z.boolean().describe("Whether the learner is enrolled in the course now"),
  })
  .meta({ id: "PurchaseRequest" });

export const listPurchaseRequests = defineCall({
  method: "GET",
  group: "",
  path: "/studio/purchase-requests",
  summary:
    "Learners' requests to buy a course (“I want to buy this course”): open ones first, then answered ones, newest first within each. A page ends at `limit`; `nextCursor` asks for the next. For administrators only.",
  access: "admin",
  query: z.object({
    status: z.enum(purchaseRequestStatuses, { error: `status must be one of ${purchaseRequestStatuses.join(", ")}` }).optional(),
    ...pageQuery(),
  }),
  response: z.object({ requests: z.array(purchaseRequest), hasMore: z.boolean(), nextCursor: z.string().nullable() }),
});

export const answerPurchaseRequest = defineCall({
  method: "POST",
  group: "",
  path: "/studio/purchase-request/answer",
  summary:
    "Answers an open purchase request: `grant` enrolls the learner in the course (open whatever their plan), `decline` refuses it with an optional note. An answered request is not answered again (409). For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The purchase request's id"),
    decision: z.enum(purchaseRequestDecisions, { error: `decision must be one of ${purchaseRequestDecisions.join(", ")}` }),
    note: z.string({ error: "note must be text" }).trim().max(1000, "note is at most 1000 characters").optional().describe("For a decline: a word to the learner"),
  }),
  response: z.object({ request: purchaseRequest }),
  errors: ["purchase_request_not_found", "purchase_request_answered", "course_not_enrollable"],
});

export const personEnrollment = z
  .object({
    courseId: z.string(),
    courseName: z.string(),
    version: z.object({ id: z.string(), name: z.string(), isCurrent: z.boolean() }),
    versions: z.array(z.object({ id: z.string(), name: z.string(), isCurrent: z.boolean(), releasedAt: z.string() })).describe("The course's published versions, newest first"),
    batch: z.string().nullable().describe("The key of the batch the enrollment came through"),
    program: z.string().nullable().describe("The program's name"),
    enrollmentType: z.string(),
    startDate: z.string().nullable().describe("When the course opens for the person (a scheduled batch's start); null: at once"),
    grantedAt: z.string().nullable().describe("When an administrator enrolled the person from the studio"),
    enrolledAt: z.string(),
  })
  .meta({ id: "PersonEnrollment" });

export const listPersonEnrollments = defineCall({
  method: "GET",
  group: "",
  path: "/studio/person/enrollments",
  summary: "A person's enrollments, by course name, each with its version and the course's other published versions. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The person's id") }),
  response: z.object({ enrollments: z.array(personEnrollment) }),
  errors: ["person_not_found"],
});

export const moveEnrollmentVersion = defineCall({
  method: "POST",
  group: "",
  path: "/studio/person/enrollment/version",
  summary:
    "Moves a person's enrollment in a course to another published version of it. What they did follows the items of the same stable id: watched videos are copied, multiple-choice attempts and essays move; what the new version lacks stays in the old one. For administrators only.",
  access: "admin",
  body: z.object({
    person: uuid.describe("The person's id"),
    course: uuid.describe("The course's id"),
    version: uuid.describe("The version to move to"),
  }),
  response: z.object({
    enrollment: personEnrollment,
    moved: z.boolean().describe("false when the person was on that version already"),
    carried: z.object({
      videos: z.number().int().describe("Watched videos whose progress is in the new version"),
      essaysMoved: z.number().int().describe("Essays carried to the same essay of the new version"),
      essaysSubmitted: z.number().int().describe("Running essays the new version lacks: submitted with their last draft"),
    }),
  }),
  errors: ["person_not_found", "course_not_found", "version_not_found", "version_of_another_course", "not_enrolled", "not_found"],
});
