import { z } from "zod";
import { defineCall } from "../call";
import { courseType, domainName, pageParams, paginated } from "../common";
import { timeZone } from "../fields";
import { courseCard } from "../entities/catalogue";
import { lastVisitedNode } from "../entities/learning";
import { batchDetails, dashboardStats, enrolledProgram } from "../entities/dashboard";
import { meeting } from "../entities/meetings";

// The dashboard: figures, courses and programs, continue learning.

export const getDashboardStats = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getDashboardCoursesDetails",
  summary: "The learner's figures for the dashboard: courses, hours, challenges, badges, certificates and domains.",
  access: "learner",
  query: z.object({
    timeZone: timeZone
      .optional()
      .describe("The learner's IANA time zone (the browser's), in which the days of weeklyLearningTime are counted; UTC when left out"),
  }),
  response: dashboardStats,
});

export const getBatchDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/courseOrProgram/details",
  summary: "What the learner's batch gives access to: its programs or courses, their size, and the account's expiry.",
  access: "learner",
  response: batchDetails,
});

export const listContinueLearning = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/continueLearning",
  summary: "Courses the learner has started and not completed, most recently visited first, with where they left off.",
  access: "learner",
  response: z.array(
    courseCard.extend({ lastVisited: lastVisitedNode }).describe("A course to continue, with where the learner left off"),
  ),
});

export const listPurchasedCourses = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/purchased/all",
  summary: "The courses the learner is enrolled in, a page at a time, optionally of one course type.",
  access: "learner",
  query: z.object({
    courseType: courseType.optional(),
    status: z
      .enum(["completed", "inProgress", "notStarted"], { error: "status must be one of completed, inProgress, notStarted" })
      .optional()
      .describe("Only completed courses (every video and challenge done), started but unfinished ones, or not started ones"),
    domain: domainName.optional().describe("Only courses of this domain"),
    ...pageParams,
  }),
  response: paginated(courseCard),
});

export const listEnrolledPrograms = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/programs",
  summary: "The programs the learner is enrolled in, with progress.",
  access: "learner",
  response: z.array(enrolledProgram),
});

export const listGroupSessions = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/groupSessions",
  summary: "Group sessions live now or coming up, of the learner's courses or for everyone, soonest first (at most 5).",
  access: "learner",
  response: z.array(meeting).describe("Live sessions first, then upcoming ones by start"),
});
