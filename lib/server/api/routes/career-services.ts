import "server-only";
import { Hono } from "hono";
import { getCareerServices, getCareerServicesStatistics } from "@/lib/contract/calls/career-services";
import { getCareerServices as describeCareerServices } from "../../services/career-services/get-career-services";
import { getCareerServicesStatistics as careerStatistics } from "../../services/career-services/get-career-services-statistics";
import { route, type ApiEnv } from "../route";

export const careerServicesRouter = new Hono<ApiEnv>();

// GET /dashboard/careerServices/statistics: the learner's eligibility test, interviews and offers (403 without access)
route(careerServicesRouter, getCareerServicesStatistics, ({ deps, user }) => careerStatistics(deps, user));

// GET /dashboard/careerServices: the services, whether each is open to the learner, and the mandatory courses
route(careerServicesRouter, getCareerServices, ({ deps, user }) => describeCareerServices(deps, user));
