import { z } from "zod";
import { defineCall } from "../call";
import { courseType, pageParams, paginated } from "../common";
import { batchDetails, courseCard, dashboardStats, enrolledProgram, lastVisitedNode } from "../entities";

// The dashboard: figures, courses and programs, continue learning.

export const getDashboardCoursesDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getDashboardCoursesDetails",
  summary: "The learner's figures for the dashboard: courses, hours, challenges, badges, certificates and domains.",
  access: "learner",
  served: false,
  response: dashboardStats,
});

export const getCourseOrProgramDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/courseOrProgram/details",
  summary: "What the learner's batch gives access to: its programs or courses, their size, and the account's expiry.",
  access: "learner",
  served: false,
  response: batchDetails,
});

export const getContinueLearning = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/continueLearning",
  summary: "Courses the learner has started and not completed, most recently visited first, with where they left off.",
  access: "learner",
  response: z.array(
    courseCard.extend({ lastVisited: lastVisitedNode }).describe("A course to continue, with where the learner left off"),
  ),
});

export const getPurchasedAll = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/purchased/all",
  summary: "The courses the learner is enrolled in, a page at a time, optionally of one course type.",
  access: "learner",
  served: false,
  query: z.object({ courseType: courseType.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const getPrograms = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/programs",
  summary: "The programs the learner is enrolled in, with progress.",
  access: "learner",
  served: false,
  response: z.array(enrolledProgram),
});
