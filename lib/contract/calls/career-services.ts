import { z } from "zod";
import { defineCall } from "../call";
import { programCourseProgress } from "../entities/learning-paths";
import { careerService, careerServicesStats } from "../entities/career-services";

// Career services statistics.

export const getCareerServicesStatistics = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/careerServices/statistics",
  summary:
    "The learner's career-services figures: eligibility test, interviews and offers. Answers 403 (code career_services_required) to users without career-services access.",
  access: "learner",
  errors: ["career_services_required"],
  response: careerServicesStats,
});

export const getCareerServices = defineCall({
  method: "GET",
  group: "/dashboard",
  path: "/careerServices",
  summary: "The career services offered to the learner, and the mandatory courses that open them.",
  access: "learner",
  response: z
    .object({
      hasCareerServicesAccess: z.boolean(),
      services: z.array(careerService),
      mandatoryCourses: z.array(programCourseProgress).describe("Courses to complete before the services open"),
    })
    .describe("The learner's career services"),
});
