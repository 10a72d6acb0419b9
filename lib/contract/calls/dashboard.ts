import { z } from "zod";
import { defineCall } from "../call";
import { courseType, domainName, pageParams, paginated, successBody } from "../common";
import {
  badge,
  batchDetails,
  careerService,
  careerServicesStats,
  certificate,
  courseCard,
  dashboardStats,
  enrolledProgram,
  lastVisitedNode,
  learningPath,
  programCourseProgress,
} from "../entities";

export const getDashboardCoursesDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getDashboardCoursesDetails",
  summary: "The learner's figures for the dashboard: courses, hours, challenges, badges, certificates and domains.",
  auth: true,
  response: dashboardStats,
});

export const generateCertificates = defineCall({
  method: "POST",
  group: "/dashboard",
  path: "/generateCertificates",
  summary: "Issues the certificates the learner has earned and not yet received. Calling it again issues nothing twice.",
  auth: true,
  response: successBody.extend({
    certificates: z.array(certificate).describe("The certificates issued by this call; empty when none were due"),
  }),
});

export const getCourseOrProgramDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/courseOrProgram/details",
  summary: "What the learner's batch gives access to: its programs or courses, their size, and the account's expiry.",
  auth: true,
  response: batchDetails,
});

export const getCourseDomainsForFilters = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getCourseDomainsForFilters",
  summary: "The domains that have courses for the learner, to offer as filters.",
  auth: true,
  response: z.array(
    z
      .object({ domain: domainName, courseCount: z.number().int().min(0) })
      .describe("A domain and how many courses it holds for the learner"),
  ),
});

export const getAchievementsDetails = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getAchievementsDetails",
  summary: "The learner's badges and certificates.",
  auth: true,
  response: z
    .object({
      badgesEarned: z.number().int().min(0),
      certificatesEarned: z.number().int().min(0),
      badges: z.array(badge).describe("Every badge, earned or not"),
      certificates: z.array(certificate).describe("Issued certificates"),
    })
    .describe("The learner's achievements"),
});

export const getContinueLearning = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/continueLearning",
  summary: "Courses the learner has started and not completed, most recently visited first, with where they left off.",
  auth: true,
  response: z.array(
    courseCard.extend({ lastVisited: lastVisitedNode }).describe("A course to continue, with where the learner left off"),
  ),
});

export const getPurchasedAll = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/purchased/all",
  summary: "The courses the learner is enrolled in, a page at a time, optionally of one course type.",
  auth: true,
  query: z.object({ courseType: courseType.optional(), ...pageParams }),
  response: paginated(courseCard),
});

export const getPrograms = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/programs",
  summary: "The programs the learner is enrolled in, with progress.",
  auth: true,
  response: z.array(enrolledProgram),
});

export const getLearningPathProgress = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/getLearningPathProgress",
  summary: "The learner's path through a program, or a sample path when the learner has no program.",
  auth: true,
  query: z.object({
    programId: z.string().min(1, "programId must not be empty").max(100).optional().describe("The program; the learner's first program when left out"),
  }),
  response: learningPath,
});

export const getProgramProgramId = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/program/programId",
  summary: "The program the learner's batch takes, if any.",
  auth: true,
  response: z.object({
    programId: z.string().nullable().describe("null when the learner takes no program"),
    programName: z.string().nullable(),
    batchId: z.string().nullable(),
  }),
});

export const getCareerServicesStatistics = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/careerServices/statistics",
  summary: "The learner's career-services figures: eligibility test, interviews and offers.",
  auth: true,
  response: careerServicesStats,
});

export const getCareerServices = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/careerServices",
  summary: "The career services offered to the learner, and the mandatory courses that open them.",
  auth: true,
  response: z
    .object({
      hasCareerServicesAccess: z.boolean(),
      services: z.array(careerService),
      mandatoryCourses: z.array(programCourseProgress).describe("Courses to complete before the services open"),
    })
    .describe("The learner's career services"),
});
