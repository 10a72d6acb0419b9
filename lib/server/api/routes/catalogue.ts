import "server-only";
import { Hono } from "hono";
import { getCourseDomainsForFilters } from "@/lib/contract/calls/catalogue";
import { createEnrollment, getProgramCount, getProgramCoursesAll, getProgramCoursesBundled, getProgramCoursesBundledId, getProgramCoursesOnProgress, postProgramAutoEnrollment, postProgramEnrollment, postProgramRemoveDuplicate, postProgramScheduleEnrollment } from "@/lib/contract/calls/catalogue";
import { countPrograms } from "../../services/catalogue/count-programs";
import { enrollInCourse } from "../../services/catalogue/enroll-in-course";
import { enrollInProgram } from "../../services/catalogue/enroll-in-program";
import { enrollThroughBatch } from "../../services/catalogue/enroll-through-batch";
import { getProgramCourses } from "../../services/catalogue/get-program-courses";
import { listBundledPrograms } from "../../services/catalogue/list-bundled-programs";
import { listAllCourses, listCoursesOnProgress } from "../../services/catalogue/list-courses";
import { removeDuplicateEnrollments } from "../../services/catalogue/remove-duplicate-enrollments";
import { getCourseDomains } from "../../services/catalogue/get-course-domains";
import { route, type ApiEnv } from "../route";

export const catalogueRouter = new Hono<ApiEnv>();

// GET /course/program/count: sizes of the learner's course lists, matching searchText
route(catalogueRouter, getProgramCount, ({ deps, user, query }) => countPrograms(deps, user, query));

// GET /course/program/courses/onProgress: courses started and not completed, a page at a time
route(catalogueRouter, getProgramCoursesOnProgress, ({ deps, user, query }) => listCoursesOnProgress(deps, user, query));

// GET /course/program/courses/all: every course with the learner's figures, filtered, a page at a time
route(catalogueRouter, getProgramCoursesAll, ({ deps, user, query }) => listAllCourses(deps, user, query));

// GET /course/program/courses/bundled: the programs, filtered by search and domain
route(catalogueRouter, getProgramCoursesBundled, ({ deps, user, query }) => listBundledPrograms(deps, user, query));

// GET /course/program/courses/bundledId: one program and a page of its courses
route(catalogueRouter, getProgramCoursesBundledId, ({ deps, user, query }) => getProgramCourses(deps, user, query));

// POST /course/createEnrollment: enrolls the learner in a course's current version; twice changes nothing
route(catalogueRouter, createEnrollment, ({ deps, user, body }) => enrollInCourse(deps, user, body.courseId));

// POST /course/program/autoEnrollment: enrolls a member of an auto-enrolling batch at once
route(catalogueRouter, postProgramAutoEnrollment, ({ deps, user, body }) => enrollThroughBatch(deps, user, body, "auto"));

// POST /course/program/scheduleEnrollment: schedules a member's enrollment in a batch that enrolls on schedule
route(catalogueRouter, postProgramScheduleEnrollment, ({ deps, user, body }) => enrollThroughBatch(deps, user, body, "schedule"));

// POST /course/program/enrollment: enrolls a member of a batch in every course of its program
route(catalogueRouter, postProgramEnrollment, ({ deps, user, body }) => enrollInProgram(deps, user, body));

// POST /course/program/remove/duplicate: keeps one enrollment per course; drops courses had through a program
route(catalogueRouter, postProgramRemoveDuplicate, ({ deps, user, body }) => removeDuplicateEnrollments(deps, user, body));

// GET /dashboard/getCourseDomainsForFilters: the domains that have courses, with how many
route(catalogueRouter, getCourseDomainsForFilters, ({ deps }) => getCourseDomains(deps));
