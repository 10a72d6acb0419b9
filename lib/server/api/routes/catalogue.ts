import "server-only";
import { Hono } from "hono";
import * as calls from "@/lib/contract/calls/catalogue";
import { autoEnrollInProgram, countPrograms, enrollInCourse, enrollInProgram, getCourseDomains, getProgramCourses, listAllCourses, listBundledPrograms, listCoursesOnProgress, removeDuplicateEnrollments, scheduleProgramEnrollment } from "../../services/catalogue";
import { route, type ApiEnv } from "../route";

export const catalogueRouter = new Hono<ApiEnv>();

// GET /course/program/count: sizes of the learner's course lists, matching searchText
route(catalogueRouter, calls.countPrograms, ({ deps, user, query }) => countPrograms(deps, user, query));

// GET /course/program/courses/onProgress: courses started and not completed, a page at a time
route(catalogueRouter, calls.listCoursesOnProgress, ({ deps, user, query }) => listCoursesOnProgress(deps, user, query));

// GET /course/program/courses/all: every course with the learner's figures, filtered, a page at a time
route(catalogueRouter, calls.listAllCourses, ({ deps, user, query }) => listAllCourses(deps, user, query));

// GET /course/program/courses/bundled: the programs, filtered by search and domain
route(catalogueRouter, calls.listBundledPrograms, ({ deps, user, query }) => listBundledPrograms(deps, user, query));

// GET /course/program/courses/bundledId: one program and a page of its courses
route(catalogueRouter, calls.getProgramCourses, ({ deps, user, query }) => getProgramCourses(deps, user, query));

// POST /course/createEnrollment: enrolls the learner in a course's current version; twice changes nothing
route(catalogueRouter, calls.enrollInCourse, ({ deps, user, body }) => enrollInCourse(deps, user, body.courseId));

// POST /course/program/autoEnrollment: enrolls a member of an auto-enrolling batch at once
route(catalogueRouter, calls.autoEnrollInProgram, ({ deps, user, body }) => autoEnrollInProgram(deps, user, body));

// POST /course/program/scheduleEnrollment: schedules a member's enrollment in a batch that enrolls on schedule
route(catalogueRouter, calls.scheduleProgramEnrollment, ({ deps, user, body }) => scheduleProgramEnrollment(deps, user, body));

// POST /course/program/enrollment: enrolls a member of a batch in every course of its program
route(catalogueRouter, calls.enrollInProgram, ({ deps, user, body }) => enrollInProgram(deps, user, body));

// POST /course/program/remove/duplicate: keeps one enrollment per course; drops courses had through a program
route(catalogueRouter, calls.removeDuplicateEnrollments, ({ deps, user, body }) => removeDuplicateEnrollments(deps, user, body));

// GET /dashboard/getCourseDomainsForFilters: the domains that have courses, with how many
route(catalogueRouter, calls.getCourseDomains, ({ deps }) => getCourseDomains(deps));
