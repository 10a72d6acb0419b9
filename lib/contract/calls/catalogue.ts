import { z } from "zod";
import { defineCall } from "../call";
import { domainName, durationFilter, pageParams, paginated, successBody } from "../common";
import { bundledProgram } from "../entities/shared";
import { courseCard } from "../entities/catalogue";
import { idOf, optionalId, searchText } from "../fields";

// The catalogue: course and program lists, filters and enrollment.

export const countPrograms = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/count",
  summary: "How many courses and programs each of the learner's course lists holds with the given filters.",
  access: "learner",
  query: z.object({
    searchText,
    domain: domainName.optional().describe("Counts only what the lists that take a domain (all courses, programs) show for it"),
    duration: durationFilter.optional().describe("Counts only what the lists that take a duration (in progress, all courses) show for it"),
  }),
  response: z
    .object({
      onProgressCount: z.number().int().min(0).describe("Courses the learner has started and not completed, matching searchText and duration"),
      allCount: z.number().int().min(0).describe("Courses the learner can see, matching searchText, domain and duration"),
      bundledCount: z.number().int().min(0).describe("Programs the learner can see, matching searchText and domain"),
    })
    .describe("Sizes of the course lists with the filters each list takes: what each list shows, in all its pages"),
});

export const listCoursesOnProgress = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/onProgress",
  summary: "The courses the learner has started and not completed, a page at a time.",
  access: "learner",
  query: z.object({ searchText, duration: durationFilter.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const listAllCourses = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/all",
  summary: "Every course the learner can see, enrolled or not, a page at a time.",
  access: "learner",
  query: z.object({ searchText, domain: domainName.optional(), duration: durationFilter.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const listBundledPrograms = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/bundled",
  summary: "The programs (bundles of courses) the learner can see.",
  access: "learner",
  query: z.object({ searchText, domain: domainName.optional() }),
  response: z.array(bundledProgram),
});

export const getProgramCourses = defineCall({
  method: "GET",
  group: "/course",
  path: "/program/courses/bundledId",
  summary: "One program and its courses, a page at a time.",
  access: "learner",
  errors: ["forbidden", "not_found"],
  query: z.object({
    programId: idOf("programId"),
    batchId: optionalId("batchId"),
    searchText,
    duration: durationFilter.optional(),
    domain: domainName.optional(),
    ...pageParams,
  }),
  response: paginated(courseCard).extend({ program: bundledProgram }).describe("The program, with a page of its courses"),
});

export const enrollInCourse = defineCall({
  method: "POST",
  group: "/course",
  path: "/createEnrollment",
  summary: "Enrolls the learner in a course they may take. Enrolling twice changes nothing.",
  access: "learner",
  errors: ["not_found", "enrollment_not_allowed"],
  body: z.object({ courseId: idOf("courseId") }),
  response: successBody,
});

const batchEnrollmentBody = z.object({
  batchId: idOf("batchId"),
  courseId: idOf("courseId"),
  versionId: idOf("versionId"),
});

export const autoEnrollInProgram = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/autoEnrollment",
  summary: "Enrolls the learner at once in a version of a course of their batch.",
  access: "learner",
  errors: ["forbidden", "not_found", "conflict"],
  body: batchEnrollmentBody,
  response: successBody,
});

export const scheduleProgramEnrollment = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/scheduleEnrollment",
  summary: "Schedules the learner's enrollment in a version of a course of their batch, from the batch's start date.",
  access: "learner",
  errors: ["forbidden", "not_found", "conflict"],
  body: batchEnrollmentBody,
  response: successBody,
});

export const removeDuplicateEnrollments = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/remove/duplicate",
  summary: "Drops from a list of courses those the learner already has through a program, so no course is offered twice.",
  access: "learner",
  body: z
    .union([
      z.array(idOf("courseId")).max(200, "at most 200 courses"),
      z.array(z.object({ courseId: idOf("courseId") })).max(200, "at most 200 courses"),
      z.object({ courseIds: z.array(idOf("courseId")).max(200, "at most 200 courses") }),
    ])
    .transform((v) => (Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : x.courseId)) : v.courseIds))
    .describe("The course ids: a JSON array of ids, an array of {courseId}, or {courseIds: [...]}"),
  response: z.object({
    courseIds: z.array(z.string()).describe("The given course ids, without those the learner already has through a program, in the given order"),
  }),
});

export const enrollInProgram = defineCall({
  method: "POST",
  group: "/course",
  path: "/program/enrollment",
  summary: "Enrolls the learner in a program of their batch, and so in the program's courses.",
  access: "learner",
  errors: ["forbidden", "not_found"],
  body: z.object({ batchId: idOf("batchId"), bundleId: idOf("bundleId").describe("Id of the program") }),
  response: successBody,
});

export const getCourseDomains = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getCourseDomainsForFilters",
  summary: "The domains that have courses for the learner, to offer as filters.",
  access: "learner",
  response: z.array(
    z
      .object({ domain: domainName, courseCount: z.number().int().min(0) })
      .describe("A domain and how many courses it holds for the learner"),
  ),
});
