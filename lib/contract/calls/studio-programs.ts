import { z } from "zod";
import { defineCall } from "../call";
import { courseType, uuid } from "../common";

// The studio's program calls (docs/programs.md): administrators list, create and change programs
// (bundles of courses taken in order), their ordered course lists and whether that order is enforced.

/** The most courses one program may hold. */
export const PROGRAM_MAX_COURSES = 200;

const programKey = z
  .string({ error: "key must be text" })
  .trim()
  .min(1, "key must not be empty")
  .max(100, "key must be at most 100 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "key may only hold letters, digits, '-' and '_', and must start with a letter or digit")
  .describe("The program's stable key (as in programs.yaml); it cannot change once made");
const programName = z
  .string({ error: "name must be text" })
  .trim()
  .min(1, "name must not be empty")
  .max(200, "name must be at most 200 characters")
  .regex(/[\p{L}\p{N}]/u, "name must hold a letter or digit");
const description = z.string({ error: "description must be text" }).trim().max(10_000, "description must be at most 10000 characters");
const image = z
  .string({ error: "image must be text or null" })
  .trim()
  .max(1000, "image must be at most 1000 characters")
  .nullable()
  .describe("The cover: the address of an image uploaded in the studio (/api/files/media/{id}/original.png), the program's current picture, or null for none");
const lockedMessage = z
  .string({ error: "lockedMessage must be text" })
  .trim()
  .max(500, "lockedMessage must be at most 500 characters")
  .describe("What a learner reads on a course locked because an earlier mandatory course is not complete; empty: a standard sentence");
const programCourseInput = z.object({
  courseId: uuid.describe("The course's id (listProgramCourseChoices)"),
  courseType: courseType.default("mandatory").describe("mandatory: must be completed (and, in an enforced order, before the next courses open); nonMandatory: optional; complimentary: at no cost"),
});
const courseList = z
  .array(programCourseInput, { error: "courses must be a list of {courseId, courseType}" })
  .max(PROGRAM_MAX_COURSES, `courses holds at most ${PROGRAM_MAX_COURSES} courses`)
  .describe("The program's courses, in order");

export const studioProgramCourse = z
  .object({
    courseId: z.string(),
    name: z.string(),
    slugId: z.string(),
    courseType,
  })
  .meta({ id: "StudioProgramCourse" });

export const studioProgram = z
  .object({
    id: z.string(),
    key: z.string(),
    slug: z.string().describe("Made from the name, as the content import does"),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    sequential: z.boolean().describe("true: the order is enforced; a course after an incomplete mandatory course is locked"),
    lockedMessage: z.string(),
    revision: z.number().int().describe("Send it back with a change: a change based on an older revision is refused (409 stale_program_revision)"),
    courses: z.array(studioProgramCourse).describe("In the program's order"),
    batchCount: z.number().int().describe("Batches taking the program"),
    createdAt: z.string(),
  })
  .meta({ id: "StudioProgram" });

export const studioProgramSummary = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    sequential: z.boolean(),
    courseCount: z.number().int(),
    batchCount: z.number().int(),
  })
  .meta({ id: "StudioProgramSummary" });

export const listPrograms = defineCall({
  method: "GET",
  group: "",
  path: "/studio/programs",
  summary: "Every program by name, with its course and batch counts (not paged: a platform has tens). For administrators only.",
  access: "admin",
  response: z.object({ programs: z.array(studioProgramSummary) }),
});

export const listProgramCourseChoices = defineCall({
  method: "GET",
  group: "",
  path: "/studio/programs/courses",
  summary: "The courses a program may hold, by name. For administrators only.",
  access: "admin",
  response: z.object({ courses: z.array(z.object({ id: z.string(), name: z.string(), slugId: z.string(), archived: z.boolean() })) }),
});

export const getProgram = defineCall({
  method: "GET",
  group: "",
  path: "/studio/program",
  summary: "One program with its courses in order. For administrators only.",
  access: "admin",
  query: z.object({ id: uuid.describe("The program's id") }),
  response: z.object({ program: studioProgram }),
  errors: ["program_not_found"],
});

export const createProgram = defineCall({
  method: "POST",
  group: "",
  path: "/studio/programs",
  summary: "Makes a program with its courses in order. A course may be listed once. For administrators only.",
  access: "admin",
  status: 201,
  body: z.object({
    key: programKey,
    name: programName,
    description: description.default(""),
    image: image.default(null),
    sequential: z.boolean({ error: "sequential must be true or false" }).default(false),
    lockedMessage: lockedMessage.default(""),
    courses: courseList.default([]),
  }),
  response: z.object({ program: studioProgram }),
  errors: ["program_key_taken", "unknown_course", "duplicate_course"],
});

export const updateProgram = defineCall({
  method: "PATCH",
  group: "",
  path: "/studio/program",
  summary:
    "Changes a program's name, description, cover, enforced order, locked message or course list (its key stays). `revision` is the one the change is based on: if another administrator saved meanwhile, nothing is written and the answer is 409 stale_program_revision with the current program in `details.program`. For administrators only.",
  access: "admin",
  body: z.object({
    id: uuid.describe("The program's id"),
    revision: z.number({ error: "revision must be a number" }).int("revision must be an integer").min(0, "revision must be 0 or more"),
    name: programName.optional(),
    description: description.optional(),
    image: image.optional(),
    sequential: z.boolean({ error: "sequential must be true or false" }).optional(),
    lockedMessage: lockedMessage.optional(),
    courses: courseList.optional(),
  }),
  response: z.object({ program: studioProgram }),
  errors: ["program_not_found", "unknown_course", "duplicate_course", "stale_program_revision"],
});

export const deleteProgram = defineCall({
  method: "POST",
  group: "",
  path: "/studio/program/delete",
  summary:
    "Deletes a program nobody takes: none of its learners enrolled (through it, or as members of a batch taking it) and no batch taking it; a program in use is refused with 409 program_in_use saying why. Its course list goes with it, the courses stay. For administrators only.",
  access: "admin",
  body: z.object({ id: uuid.describe("The program's id") }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ["program_not_found", "program_in_use"],
});
